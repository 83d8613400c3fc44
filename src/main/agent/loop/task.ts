import type { Page } from '../../browser/page.ts';
import type { ToolRuntime } from '../../tools/runtime.ts';
import { OfflineDecider } from '../offline/decider.ts';
import { PageObserver } from '../page-model/observe.ts';
import type { PageModel } from '../page-model/types.ts';
import type { ApprovalHook } from './act.ts';
import type { Decider, Goal } from './contract.ts';
import { type AgentBudget, type LoopResult, runLoop } from './run.ts';

export interface AgentTask {
  runtime: ToolRuntime;
  page: Page;
  /** a request in Korean or English ("성함에 김하늘 쓰고 저장 눌러") */
  request?: string;
  /** or slots + intent (+ how to pick a result) */
  goal?: Partial<Goal>;
  /** the offline decider unless another is given */
  decider?: Decider;
  budget?: AgentBudget;
  session_id?: string;
  onApproval?: ApprovalHook;
  signal?: AbortSignal;
  /** learned traces: replay before deciding, store after a verified success */
  traces?: TraceHook;
}

/** What traces add to a run: a decider that replays what was learned, and learning after a verified success. */
export interface TraceHook {
  guide(page: Page, goal: Goal, fallback: Decider): Decider;
  learn(page: Page, goal: Goal, first: PageModel, result: LoopResult): void;
}

export interface AgentTaskResult extends LoopResult {
  session_id: string;
  replayed: number;
  decided: number;
  duration_ms: number;
}

/**
 * One errand on the page in front of the person: {page, request or slots, budget} → the
 * loop (replaying a learned trace first when there is one) → a result that says `done` only
 * when the page showed every step's effect.
 */
export async function runAgentTask(t: AgentTask): Promise<AgentTaskResult> {
  const started = performance.now();
  const goal: Goal = {
    locale: t.goal?.locale ?? (/[가-힣]/.test(t.request ?? '') ? 'ko' : 'en'),
    ...t.goal,
    ...(t.request ? { request: t.request } : {}),
  };
  const session_id = t.session_id ?? t.runtime.store.records.createSession({ goal: t.request ?? JSON.stringify(goal.slots ?? {}) }).id;
  const plan_id = `agent-${Date.now().toString(36)}`;
  const observer = new PageObserver(t.page);
  const first = await observer.observe();
  const base = t.decider ?? new OfflineDecider();
  const decider = t.traces ? t.traces.guide(t.page, goal, base) : base;
  const result = await runLoop({
    runtime: t.runtime,
    page: t.page,
    goal,
    decider,
    observer,
    session_id,
    plan_id,
    ...(t.budget ? { budget: t.budget } : {}),
    ...(t.onApproval ? { onApproval: t.onApproval } : {}),
    ...(t.signal ? { signal: t.signal } : {}),
  });
  if (result.status === 'done') t.traces?.learn(t.page, goal, first, result);
  return {
    ...result,
    session_id,
    replayed: result.steps.filter((s) => s.source === 'replayed' && s.ok).length,
    decided: result.steps.filter((s) => s.source !== 'replayed').length,
    duration_ms: Math.round(performance.now() - started),
  };
}
