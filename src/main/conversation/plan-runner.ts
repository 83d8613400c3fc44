/**
 * Adapters from the orchestrator's two ports to C1's engine:
 * - `runtimeToolPort(runtime)`: every dialogue tool call goes through the ToolRuntime (policy,
 *   approval gate, timeout, retry, redaction, audit rows). A call the person confirmed in this
 *   turn records the approval of that exact call first, so the gate lets exactly it through.
 * - `executorPlanRunner(runtime)`: browse plans run with runPlan (approvals: 'return'); a
 *   decision from the person is written to the gate and the same plan is run again, which
 *   resumes after its last committed step. A rejection is run again too: the executor finds
 *   the denied approval, skips the step, records plan_rejected with the reason and ends the
 *   plan as 'rejected' — the gated step never runs.
 * - `RunningPlan`: C1's PlanControl of the plan running now, so the UI can pause, resume or
 *   cancel it at once (cancel aborts the tool call in flight; it does not wait for the turn).
 */
import { toErrorValue } from '../../shared/errors.ts';
import type { Plan, Step } from '../../shared/plan.ts';
import { PlanControl, type PlanOutcome, runPlan } from '../agent/executor.ts';
import type { ToolRuntime } from '../tools/runtime.ts';
import { bindCall } from '../tools/step-hash.ts';
import type { PlanDecision, PlanRunnerPort, PlanRunOutcome, Rows } from './tasks/browse.ts';
import type { ToolPort } from './tasks/dialogue.ts';

export function runtimeToolPort(runtime: ToolRuntime): ToolPort {
  return {
    async call(tool, args, ctx) {
      try {
        if (ctx.approved && runtime.has(tool) && runtime.decide(tool, args).action === 'approval') {
          const binding = bindCall(ctx.sessionId, tool, args);
          const a = runtime.gate.request(
            ctx.sessionId,
            binding,
            { kind: 'account_change', mode: 'execute', summary: ctx.purpose },
            ctx.turnId,
          );
          if (a.status === 'pending') runtime.gate.approve(a.id, 'person (said yes in chat)');
        }
        const r = await runtime.call(tool, args, { session_id: ctx.sessionId, turn_id: ctx.turnId, maxAttempts: 2 });
        return { ok: true, data: r.data };
      } catch (e) {
        const v = toErrorValue(e);
        const reason = typeof v.details.reason === 'string' ? v.details.reason : undefined;
        return {
          ok: false,
          error: { code: reason ?? v.code, message: v.message, details: { ...v.details, class: v.code }, suggestions: v.suggestions },
        };
      }
    },
  };
}

function rowsOf(results: Record<string, Record<string, unknown>>): Record<string, Rows> {
  const out: Record<string, Rows> = {};
  for (const [step, r] of Object.entries(results)) if (Array.isArray(r.rows)) out[step] = r.rows as Rows;
  return out;
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
      return { status: 'awaiting_approval', stepId: o.step_id ?? '', summary: summaryOf(step), mode, extracted };
    }
    if (o.status === 'rejected') {
      const reason = o.error?.details?.reason;
      return { status: 'rejected', stepId: o.step_id ?? '', reason: typeof reason === 'string' ? reason : '', extracted };
    }
    if (o.status === 'cancelled') return { status: 'cancelled', extracted };
    const e = o.error;
    return {
      status: 'failed',
      error: {
        code: e?.code ?? 'INTERNAL',
        message: e?.message ?? `plan ${o.status}`,
        suggestions: [e?.next_action ?? e?.suggestions?.[0] ?? 'Try again.'],
      },
      extracted,
    };
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
      return map(plan, o);
    } finally {
      if (control) opts.running?.end(control);
    }
  };
  return {
    run,
    async resume(planId: string, decision: PlanDecision, ctx: { sessionId: string; turnId: string }) {
      const plan = plans.get(planId) ?? runtime.store.records.getPlan(planId)?.plan;
      if (!plan)
        return {
          status: 'failed',
          error: { code: 'STATE_CONFLICT', message: `no plan ${planId}`, suggestions: ['Ask again to make a new plan.'] },
          extracted: {},
        };
      const stepId = 'approve' in decision ? decision.approve : 'reject' in decision ? decision.reject : undefined;
      const approval = runtime.store.runs
        .approvals(ctx.sessionId)
        .filter((a) => a.plan_id === planId && (stepId === undefined || a.step_id === stepId))
        .find((a) => a.status === 'pending' || ('handOverDone' in decision && a.mode === 'hand_over' && a.status !== 'completed'));
      if (!approval) return run(plan, ctx);
      if ('approve' in decision) runtime.gate.approve(approval.id, 'person');
      else if ('reject' in decision) runtime.gate.reject(approval.id, 'person', decision.reason);
      else runtime.gate.markDone(approval.id, 'person');
      // run again: on a rejection the executor ends the plan at the denied step (plan_rejected, status 'rejected')
      return run(plan, ctx);
    },
  };
}
