/**
 * How a conversation runs a browse plan:
 * - `executorPlanRunner(runtime)`: plans run with runPlan (approvals: 'return'). The person's
 *   decision is recorded by the gate before the plan is resumed (see approvals.ts); resuming
 *   runs the same plan again, which continues after its last committed step. After a rejection
 *   the executor finds the denied approval, skips the step, records plan_rejected with the
 *   reason and ends the plan as 'rejected' — the gated step never runs.
 * - `RunningPlan`: the PlanControl of the plan running now, so the UI can pause, resume or
 *   cancel it at once (cancel aborts the tool call in flight; it does not wait for the turn).
 */
import { type ErrorValue, StewardError, toErrorValue } from '../../shared/errors.ts';
import type { Plan, Step } from '../../shared/plan.ts';
import { PlanControl, type PlanOutcome, runPlan } from '../plan/executor/index.ts';
import type { ToolRuntime } from '../tools/runtime.ts';
import type { PendingApproval } from './approvals.ts';
import { type HandOverReading, pageComplaints, readHandOver } from './hand-over-check.ts';

export type Rows = Array<Record<string, unknown>>;

/** What running (or resuming) a plan came to. */
export type PlanRunOutcome =
  | { status: 'completed'; extracted: Record<string, Rows> }
  | { status: 'awaiting_approval'; approval: PendingApproval; extracted: Record<string, Rows> }
  /** The plan stopped at a failure; `details.page_says` holds what the page's alerts said then. */
  | { status: 'failed'; error: ErrorValue; extracted: Record<string, Rows> }
  | { status: 'cancelled'; extracted: Record<string, Rows> }
  /** The person rejected a gated step: the plan ended there (the step did not run). */
  | { status: 'rejected'; stepId: string; reason: string; extracted: Record<string, Rows> };

export interface PlanRunnerPort {
  run(plan: Plan, ctx: { sessionId: string; turnId: string }): Promise<PlanRunOutcome>;
  /** Runs a held plan again after the person decided its pending approval. */
  resume(planId: string, ctx: { sessionId: string; turnId: string }): Promise<PlanRunOutcome>;
  /** Whether the page shows a handed-over step finished (its completion predicate), and what it says if not. */
  handOver?(planId: string, approvalId: string, ctx: { sessionId: string; turnId: string }): Promise<HandOverReading>;
}

function rowsOf(results: Record<string, Record<string, unknown>>): Record<string, Rows> {
  const out: Record<string, Rows> = {};
  for (const [step, r] of Object.entries(results)) if (Array.isArray(r.rows)) out[step] = r.rows.filter(isRow);
  return out;
}

function isRow(v: unknown): v is Record<string, unknown> {
  return Boolean(v) && typeof v === 'object';
}

function summaryOf(step: Step | undefined): string {
  if (!step) return '';
  if (step.type === 'approve') return step.summary;
  return (
    step.description ??
    `${step.type} ${'target' in step && step.target ? (step.target.name ?? step.target.label ?? step.target.text ?? '') : ''}`.trim()
  );
}

/**
 * The plan a conversation is running now, if any. Each run gets a fresh PlanControl (a cancel is
 * final for that run only); pause/resume/cancel answer false when no plan is running.
 */
export class RunningPlan {
  #control: PlanControl | undefined;

  /** A new control for the run that starts now. */
  begin(): PlanControl {
    this.#control = new PlanControl();
    return this.#control;
  }
  end(control: PlanControl): void {
    if (this.#control === control) this.#control = undefined;
  }
  get running(): boolean {
    return Boolean(this.#control && !this.#control.cancelled);
  }
  get paused(): boolean {
    return Boolean(this.#control?.paused);
  }
  /** Pauses before the next step (a step in flight finishes). */
  pause(): boolean {
    if (!this.running) return false;
    this.#control?.pause();
    return true;
  }
  resume(): boolean {
    if (!this.#control?.paused) return false;
    this.#control.resume();
    return true;
  }
  /** Cancels now: the tool call in flight is aborted, a paused plan ends. */
  cancel(reason = 'cancelled by the person'): boolean {
    if (!this.running) return false;
    this.#control?.cancel(reason);
    return true;
  }
}

export function executorPlanRunner(runtime: ToolRuntime, opts: { artifactsDir?: string; running?: RunningPlan } = {}): PlanRunnerPort {
  const plans = new Map<string, Plan>();
  const map = (plan: Plan, o: PlanOutcome): PlanRunOutcome => {
    const extracted = rowsOf(o.results);
    if (o.status === 'completed') return { status: 'completed', extracted };
    if (o.status === 'awaiting_approval' || o.status === 'handed_over') {
      const step = plan.steps.find((s) => s.id === o.step_id);
      const mode = o.status === 'handed_over' || step?.approval?.mode === 'hand_over' ? 'hand_over' : 'execute';
      const stored = o.approval_id ? runtime.store.runs.approval(o.approval_id) : undefined;
      const approval: PendingApproval = {
        approvalId: o.approval_id ?? '',
        stepId: o.step_id ?? '',
        summary: summaryOf(step),
        mode,
        ...(stored ? { kind: stored.action } : {}),
      };
      return { status: 'awaiting_approval', approval, extracted };
    }
    if (o.status === 'rejected') {
      const reason = o.error?.details?.reason;
      return { status: 'rejected', stepId: o.step_id ?? '', reason: typeof reason === 'string' ? reason : '', extracted };
    }
    if (o.status === 'cancelled') return { status: 'cancelled', extracted };
    const e = o.error ?? toErrorValue(new Error(`plan ${o.status}`));
    const error: ErrorValue = { code: e.code, message: e.message, details: e.details, suggestions: e.suggestions, retryable: e.retryable };
    return { status: 'failed', error, extracted };
  };
  const run = async (plan: Plan, ctx: { sessionId: string; turnId: string }) => {
    plans.set(plan.plan_id, plan);
    const control = opts.running?.begin();
    try {
      const o = await runPlan(plan, {
        runtime,
        sessionId: ctx.sessionId,
        turnId: ctx.turnId,
        approvals: 'return',
        ...(opts.artifactsDir ? { artifactsDir: opts.artifactsDir } : {}),
        ...(control ? { control } : {}),
      });
      const outcome = map(plan, o);
      if (outcome.status !== 'failed') return outcome;
      // what the page itself said when the plan stopped is what the person should read
      const says = await pageComplaints(runtime, { ...ctx, planId: plan.plan_id });
      return says.length ? { ...outcome, error: { ...outcome.error, details: { ...outcome.error.details, page_says: says } } } : outcome;
    } finally {
      if (control) opts.running?.end(control);
    }
  };
  return {
    run,
    async resume(planId, ctx) {
      const plan = plans.get(planId) ?? runtime.store.records.getPlan(planId)?.plan;
      if (!plan)
        return {
          status: 'failed',
          error: new StewardError('STATE_CONFLICT', `no plan ${planId}`, { suggestions: ['Ask again to make a new plan.'] }).toValue(),
          extracted: {},
        };
      return run(plan, ctx);
    },
    handOver: (planId, approvalId, ctx) =>
      readHandOver(runtime, plans.get(planId) ?? runtime.store.records.getPlan(planId)?.plan, approvalId, ctx),
  };
}
