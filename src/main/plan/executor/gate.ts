import { logError, StewardError } from '../../../shared/errors.ts';
import type { EngineEvent, EngineEventType, EventLevel } from '../../../shared/events.ts';
import type { ApprovalKind, ApprovalMode, Plan, Step } from '../../../shared/plan.ts';
import type { Approval, Execution, Store } from '../../store/index.ts';
import type { Decision } from '../../tools/policy.ts';
import type { ToolRuntime } from '../../tools/runtime.ts';
import { bindStep } from '../../tools/step-hash.ts';
import type { PlanControl } from './control.ts';
import { completionHolds } from './page.ts';
import type { PlanOutcome, PlanStatus, StepIO } from './types.ts';

/**
 * The executor's side of the approval gate: ask, wait, hand over, or end the plan on a
 * rejection. The runtime enforces the same gate again on every acting call, so a bug here
 * can stop a plan but never run a gated step without its approval.
 */
export interface GateArgs {
  plan: Plan;
  step: Step;
  index: number;
  decision: Exclude<Decision, { action: 'allow' }>;
  prior: Execution | undefined;
  io: StepIO;
  store: Store;
  runtime: ToolRuntime;
  control: PlanControl;
  emit: (type: EngineEventType, message: string, data?: Record<string, unknown>, level?: EventLevel) => EngineEvent;
  record: { session_id: string; plan_id: string; step_id: string; step_index: number; action: string };
  approvals: 'wait' | 'return';
  pollMs: number;
}

export type GateOutcome =
  | { proceed: true; approval_id?: string }
  | { proceed: false; status: PlanStatus | 'completed_by_person'; approval_id?: string; error?: PlanOutcome['error'] };

const sdata = (a: Pick<GateArgs, 'step' | 'index'>) => ({ step_id: a.step.id, step_index: a.index, step_type: a.step.type });

function summaryOf(step: Step): string {
  if (step.type === 'approve') return step.summary;
  const t =
    'target' in step && step.target ? ` ${step.target.name ?? step.target.label ?? step.target.text ?? step.target.selector ?? ''}` : '';
  return step.description ?? `${step.type}${t}`.trim();
}

export async function gateStep(a: GateArgs): Promise<GateOutcome> {
  const { runtime, store, step } = a;
  const binding = bindStep(a.plan.plan_id, step);
  if (a.decision.action === 'forbidden') {
    return handOver(a, undefined, `You type this yourself: ${a.decision.reason}`);
  }
  const latest = runtime.gate.latest(binding);
  if (latest?.status === 'completed' && latest.mode === 'hand_over') return finishedByPerson(a, latest);
  if (latest?.status === 'denied') return rejected(a, latest);
  let granted = runtime.gate.granted(binding);
  if (granted && granted.mode === 'execute' && a.prior?.status === 'started') {
    // The approved action may have happened before a crash: never repeat it blindly.
    const c = step.approval?.completion;
    if (c && (await completionHolds(a.io, c))) {
      runtime.gate.complete(granted.id);
      return finishedByPerson(a, granted, 'already done (the page shows it completed before the restart)');
    }
    const err = logError(
      new StewardError('STATE_CONFLICT', `${step.id} was approved and started before the engine stopped; it may already have happened.`, {
        details: { step_id: step.id, approval_id: granted.id },
        suggestions: ['Check the page (or the order history) and mark the step done, or approve a fresh run of it.'],
      }),
    );
    a.emit('step_failed', `${step.id} not repeated after the restart: it may already have happened`, { ...sdata(a), error: err }, 'error');
    return { proceed: false, status: 'failed', approval_id: granted.id, error: err };
  }
  if (!granted) {
    const req = runtime.gate.request(
      a.record.session_id,
      binding,
      { kind: a.decision.kind, mode: a.decision.mode, summary: summaryOf(step), step },
      a.io.ctx.turn_id,
    );
    store.runs.stepStatus(a.record, 'awaiting_approval');
    if (a.approvals === 'return') return { proceed: false, status: 'awaiting_approval', approval_id: req.id };
    let decided: Approval;
    try {
      decided = await runtime.gate.waitForDecision(req.id, a.control.signal, a.pollMs);
    } catch {
      return { proceed: false, status: 'cancelled', approval_id: req.id };
    }
    if (decided.status !== 'granted') return rejected(a, decided);
    granted = decided;
  }
  if (granted.mode === 'hand_over') return handOver(a, granted, summaryOf(step));
  if (step.type === 'approve') {
    store.runs.stepStarted(a.record);
    store.runs.stepFinished(a.plan.plan_id, step.id, 'succeeded', { approved_by: granted.decided_by });
    runtime.gate.complete(granted.id);
    a.emit('step_succeeded', `${step.id} approved by ${granted.decided_by}`, { ...sdata(a), approval_id: granted.id });
    return { proceed: false, status: 'completed_by_person', approval_id: granted.id };
  }
  return { proceed: true, approval_id: granted.id };
}

function rejected(a: GateArgs, approval: Approval): GateOutcome {
  const reason = approval.reason ?? 'no reason given';
  a.store.runs.stepStatus(a.record, 'denied');
  const err = logError(
    new StewardError('APPROVAL_DENIED', `${approval.decided_by ?? 'The person'} rejected ${a.step.id}: ${reason}`, {
      details: { approval_id: approval.id, reason, by: approval.decided_by },
    }),
  );
  a.emit('step_skipped', `${a.step.id} skipped: rejected (${reason})`, { ...sdata(a), reason, approval_id: approval.id }, 'warn');
  a.emit('plan_rejected', `Plan ended: ${a.step.id} was rejected — ${reason}`, { ...sdata(a), reason, error: err }, 'warn');
  return { proceed: false, status: 'rejected', approval_id: approval.id, error: err };
}

function finishedByPerson(a: GateArgs, approval: Approval, why = 'completed by the person'): GateOutcome {
  a.store.runs.stepStarted(a.record);
  a.store.runs.stepFinished(a.plan.plan_id, a.step.id, 'succeeded', { handed_over: true, approval_id: approval.id });
  a.emit('step_succeeded', `${a.step.id} ${why}`, { ...sdata(a), approval_id: approval.id, handed_over: true });
  return { proceed: false, status: 'completed_by_person', approval_id: approval.id };
}

/** The person does the step in the browser view; the engine waits for their "done" or the page's completion predicate. */
async function handOver(a: GateArgs, approval: Approval | undefined, summary: string): Promise<GateOutcome> {
  const binding = bindStep(a.plan.plan_id, a.step);
  const ho =
    approval ??
    a.runtime.gate.latest(binding) ??
    a.runtime.gate.request(
      a.record.session_id,
      binding,
      { kind: 'sensitive_input', mode: 'hand_over', summary, step: a.step },
      a.io.ctx.turn_id,
    );
  if (ho.status === 'completed') return finishedByPerson(a, ho);
  const completion = a.step.approval?.completion;
  a.store.runs.stepStatus(a.record, 'handed_over');
  a.emit('hand_over_started', `Over to you: ${summary}`, { ...sdata(a), approval_id: ho.id, completion: completion ?? null });
  if (a.approvals === 'return') return { proceed: false, status: 'handed_over', approval_id: ho.id };
  try {
    const tick = completion
      ? async () => {
          if (await completionHolds(a.io, completion)) a.runtime.gate.markDone(ho.id, 'engine: the page shows completion');
        }
      : undefined;
    const end = await a.runtime.gate.waitFor(
      ho.id,
      (x) => x.status === 'completed' || x.status === 'denied',
      a.control.signal,
      a.pollMs,
      tick,
    );
    if (end.status === 'denied') return rejected(a, end);
    return finishedByPerson(a, end);
  } catch {
    return { proceed: false, status: 'cancelled', approval_id: ho.id };
  }
}
/** The approval a runtime refusal asks for when the page or the network showed the step changes server state. */
export function effectDecision(e: unknown): Extract<Decision, { action: 'approval' }> | undefined {
  if (!(e instanceof StewardError) || (e.code !== 'APPROVAL_REQUIRED' && e.code !== 'APPROVAL_DENIED')) return undefined;
  const d = e.details as { effect?: { source?: string; reason?: string }; kind?: ApprovalKind; mode?: ApprovalMode } | undefined;
  if (!d?.effect || !d.kind) return undefined;
  return {
    action: 'approval',
    kind: d.kind,
    mode: d.mode ?? 'execute',
    reason: d.effect.reason ?? e.message,
    rule: `effect.${d.effect.source ?? 'page'}`,
  };
}

/**
 * Runs a step the policy let through, with the gate by effect behind it: when the runtime stops
 * it (the page says it submits, or a state-changing request was held and failed in the browser —
 * nothing reached the server), the step becomes an approval request for its exact content and,
 * once approved, runs again: the runtime then finds the approval of this content and lets the
 * requests through, so what the person approved is sent exactly once. A step approved this way
 * that had started before a restart is not repeated blindly (the gate's resume check).
 */
export async function performGated<T>(
  a: Omit<GateArgs, 'decision'>,
  perform: (approvalId?: string) => Promise<T>,
): Promise<{ ran: T; approval_id?: string } | { stop: Extract<GateOutcome, { proceed: false }> }> {
  const earlier = a.runtime.gate.granted(bindStep(a.plan.plan_id, a.step));
  if (earlier && a.prior?.status === 'started') {
    const decision = {
      action: 'approval' as const,
      kind: earlier.action as ApprovalKind,
      mode: earlier.mode,
      reason: 'approved earlier',
      rule: 'effect',
    };
    const g = await gateStep({ ...a, decision });
    if (!g.proceed) return { stop: g };
  }
  // an approved run that tries to send something its approval did not cover is stopped again and
  // asks again (a toggle that flipped, an item that changed), a bounded number of times
  let approvalId = earlier?.id;
  for (let asks = 0; ; asks++) {
    try {
      return { ran: await perform(approvalId), ...(approvalId ? { approval_id: approvalId } : {}) };
    } catch (e) {
      const decision = effectDecision(e);
      if (!decision || asks >= MAX_ASKS) throw e;
      a.emit('POLICY_DECISION', `${a.step.id}: approval — ${decision.reason}`, { ...sdata(a), decision }, 'warn');
      const g = await gateStep({ ...a, prior: undefined, decision });
      if (!g.proceed) return { stop: g };
      approvalId = g.approval_id;
    }
  }
}

/** How many times one step may ask again after an approved run sent something its approval did not cover. */
const MAX_ASKS = 3;
