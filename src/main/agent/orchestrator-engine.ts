/**
 * Adapters from the orchestrator's two ports to C1's engine:
 * - `runtimeToolPort(runtime)`: every dialogue tool call goes through the ToolRuntime (policy,
 *   approval gate, timeout, retry, redaction, audit rows). A call the person confirmed in this
 *   turn records the approval of that exact call first, so the gate lets exactly it through.
 * - `executorPlanRunner(runtime)`: browse plans run with runPlan (approvals: 'return'); a
 *   decision from the person is written to the gate and the same plan is run again, which
 *   resumes after its last committed step.
 */
import { toErrorValue } from '../../shared/errors.ts';
import type { Plan, Step } from '../../shared/plan.ts';
import type { ToolRuntime } from '../tools/runtime.ts';
import { bindCall } from '../tools/step-hash.ts';
import { type PlanOutcome, runPlan } from './executor.ts';
import type { PlanDecision, PlanRunnerPort, PlanRunOutcome, Rows } from './orchestrator-browse.ts';
import type { ToolPort } from './orchestrator-flow.ts';

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

export function executorPlanRunner(runtime: ToolRuntime, opts: { artifactsDir?: string } = {}): PlanRunnerPort {
  const plans = new Map<string, Plan>();
  const map = (plan: Plan, o: PlanOutcome): PlanRunOutcome => {
    const extracted = rowsOf(o.results);
    if (o.status === 'completed') return { status: 'completed', extracted };
    if (o.status === 'awaiting_approval' || o.status === 'handed_over') {
      const step = plan.steps.find((s) => s.id === o.step_id);
      const mode = o.status === 'handed_over' || step?.approval?.mode === 'hand_over' ? 'hand_over' : 'execute';
      return { status: 'awaiting_approval', stepId: o.step_id ?? '', summary: summaryOf(step), mode, extracted };
    }
    if (o.status === 'cancelled' || o.status === 'rejected') return { status: 'cancelled', extracted };
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
    const o = await runPlan(plan, {
      runtime,
      sessionId: ctx.sessionId,
      turnId: ctx.turnId,
      approvals: 'return',
      ...(opts.artifactsDir ? { artifactsDir: opts.artifactsDir } : {}),
    });
    return map(plan, o);
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
      else if ('reject' in decision) {
        runtime.gate.reject(approval.id, 'person', decision.reason);
        return { status: 'cancelled', extracted: {} };
      } else runtime.gate.markDone(approval.id, 'person');
      return run(plan, ctx);
    },
  };
}
