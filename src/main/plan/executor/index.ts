import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logError, StewardError } from '../../../shared/errors.ts';
import type { EngineEvent, EngineEventType, EventLevel } from '../../../shared/events.ts';
import { type Plan, validatePlan } from '../../../shared/plan.ts';
import type { Store } from '../../store/index.ts';
import { decideStep } from '../../tools/policy.ts';
import type { ToolRuntime } from '../../tools/runtime.ts';
import { bindStep } from '../../tools/step-hash.ts';
import { describeTarget } from '../target-resolver.ts';
import { verifyPlan } from '../verifier.ts';
import type { StepIO } from './actions.ts';
import { PlanControl } from './control.ts';
import { type GateOutcome, gateStep, performGated } from './gate.ts';
import { judgeStarted, type Verdict } from './journal.ts';
import { rebuildPage, runStep, type StepRun, settleShot } from './step.ts';
import type { Emit, FaultPoint, PlanOutcome, PlanStatus } from './types.ts';

export { PlanControl } from './control.ts';

export type { FaultPoint, PlanOutcome, PlanStatus } from './types.ts';

export interface RunPlanOptions {
  runtime: ToolRuntime;
  /** Defaults to the runtime's store. */
  store?: Store;
  sessionId: string;
  turnId?: string;
  onEvent?: (e: EngineEvent) => void;
  signal?: AbortSignal;
  control?: PlanControl;
  artifactsDir?: string;
  /** 'wait' (default): wait for the person's decision / hand-over. 'return': return and resume later with runPlan again. */
  approvals?: 'wait' | 'return';
  /** Screenshot after each step that changes the page (default: when a take_screenshot tool is registered). */
  screenshots?: boolean;
  pollMs?: number;
  /** Fault injection for tests: called at each point of each acting step (e.g. to stop the process there). */
  fault?: (point: FaultPoint, stepId: string) => void;
}

/**
 * Runs a plan step by step through the tool runtime. Every event is committed to the store
 * before the next step begins; running the same plan again resumes after its last committed
 * step (a step that may have half-run is checked against the page first).
 */
export async function runPlan(planInput: unknown, opts: RunPlanOptions): Promise<PlanOutcome> {
  const { runtime } = opts;
  const store = opts.store ?? runtime.store;
  const control = opts.control ?? new PlanControl();
  control.follow(opts.signal);
  if (!store.records.getSession(opts.sessionId)) store.records.createSession({ id: opts.sessionId });
  const unsubscribe = opts.onEvent ? runtime.audit.subscribe((e) => e.session_id === opts.sessionId && opts.onEvent?.(e)) : () => {};
  const rawPlanId = (planInput as { plan_id?: unknown } | null)?.plan_id;
  const emit = (type: EngineEventType, message: string, data: Record<string, unknown> = {}, level: EventLevel = 'info') =>
    runtime.audit.emit({ session_id: opts.sessionId, ...(opts.turnId ? { turn_id: opts.turnId } : {}), type, level, message, data });
  try {
    const v = validatePlan(planInput);
    if (!v.ok) {
      const err = logError(
        new StewardError('VALIDATION_ERROR', v.error.message, { details: { path: v.error.path, issues: v.error.issues } }),
      );
      emit('plan_failed', `The plan was rejected before running: ${v.error.message}`, { plan_id: rawPlanId ?? null, error: err }, 'error');
      return { status: 'invalid', plan_id: String(rawPlanId ?? ''), results: {}, error: err };
    }
    return await execute(v.plan, opts, store, control, emit);
  } finally {
    unsubscribe();
  }
}

async function execute(plan: Plan, opts: RunPlanOptions, store: Store, control: PlanControl, emitRaw: Emit): Promise<PlanOutcome> {
  const { runtime, sessionId } = opts;
  const base = { plan_id: plan.plan_id, ...(plan.pack ? { pack: plan.pack } : {}) };
  const emit: Emit = (type, message, data = {}, level) => emitRaw(type, message, { ...base, ...data }, level);
  const done = new Map(store.runs.executions(plan.plan_id).map((e) => [e.step_id, e]));
  const resuming = done.size > 0;
  const results = new Map<string, Record<string, unknown>>();
  for (const e of done.values())
    if (e.status === 'succeeded' && e.result && typeof e.result === 'object') results.set(e.step_id, e.result as Record<string, unknown>);
  const outcome = (status: PlanStatus, extra: Partial<PlanOutcome> = {}): PlanOutcome => ({
    status,
    plan_id: plan.plan_id,
    results: Object.fromEntries(results),
    ...extra,
  });
  store.records.savePlan(sessionId, plan, 'running');
  const io: StepIO = {
    runtime,
    ctx: { session_id: sessionId, plan_id: plan.plan_id, signal: control.signal, ...(opts.turnId ? { turn_id: opts.turnId } : {}) },
    artifactsDir: opts.artifactsDir ?? join(tmpdir(), 'steward-artifacts'),
  };
  const shots = opts.screenshots ?? runtime.has('take_screenshot');
  const first = plan.steps.findIndex((s) => !['succeeded', 'skipped'].includes(done.get(s.id)?.status ?? ''));
  emit(
    resuming ? 'plan_resumed' : 'plan_started',
    resuming
      ? `Resuming plan ${plan.plan_id} at step ${first + 1} of ${plan.steps.length}`
      : `Plan ${plan.plan_id} (${plan.intent}) started: ${plan.steps.length} steps`,
    {
      intent: plan.intent,
      steps: plan.steps.length,
      from_step: plan.steps[first]?.id ?? null,
    },
  );
  const offControl = control.on((what, reason) => {
    if (what === 'paused') {
      // the person may act on the page while it is paused
      io.quiet = undefined;
      io.ahead = undefined;
      emit('plan_paused', `Paused before the next step`);
    }
    if (what === 'resumed') emit('plan_resumed', `Resumed`);
    if (what === 'cancelled') emit('plan_cancelled', `Cancelled: ${reason}`, { reason }, 'warn');
  });
  const finish = (status: PlanStatus, extra: Partial<PlanOutcome> = {}) => {
    store.records.setPlanStatus(plan.plan_id, status);
    return outcome(status, extra);
  };
  const run: StepRun = { plan, store, io, emit, shots, ...(opts.fault ? { fault: opts.fault } : {}) };
  try {
    if (resuming) {
      const lost = await rebuildPage(run, first, done);
      if (lost) return finish('failed', lost);
    }
    for (const [index, step] of plan.steps.entries()) {
      await settleShot(run);
      const prior = done.get(step.id);
      if (prior && (prior.status === 'succeeded' || prior.status === 'skipped')) continue;
      await control.whilePaused();
      if (control.cancelled) return finish('cancelled', { step_id: step.id });
      // what the step acts on, in the page's words, so a UI can say it in the person's language
      // (a page opened is named by its site, so two shops' "open the page" steps read apart)
      const on =
        'target' in step && step.target
          ? (step.target.label ?? step.target.name ?? step.target.text ?? step.target.placeholder)
          : step.type === 'navigate'
            ? siteOf(step.url)
            : undefined;
      const sdata = { step_id: step.id, step_index: index, step_type: step.type, ...(on ? { step_target: on } : {}) };
      io.ctx.step = step;
      io.ctx.step_index = index;
      io.next = plan.steps[index + 1];
      const record = { session_id: sessionId, plan_id: plan.plan_id, step_id: step.id, step_index: index, action: step.type };
      const decision = decideStep(runtime.policy, step);
      if (decision.action !== 'allow') {
        emit('POLICY_DECISION', `${step.id}: ${decision.action} — ${decision.reason}`, { ...sdata, decision });
        if (decision.action === 'approval' && decision.conflict)
          emit('POLICY_STATIC_CONFLICT', `${step.id}: ${decision.conflict}; the stricter rule applies`, { ...sdata, decision }, 'warn');
      }

      // A step that started before a crash may have half-run: its journal (and the page) say whether it happened.
      const verdict: Verdict | undefined = prior?.status === 'started' ? await judgeStarted(step, prior, io, store) : undefined;
      if (verdict?.verdict === 'done') {
        store.runs.stepFinished(plan.plan_id, step.id, 'succeeded', { recovered: true, why: verdict.why, sent: verdict.sent });
        const granted = runtime.gate.granted(bindStep(plan.plan_id, step));
        if (granted) runtime.gate.complete(granted.id);
        emit('step_succeeded', `${step.id} was already done before the restart (${verdict.why}); not repeated`, {
          ...sdata,
          recovered: true,
          sent: verdict.sent,
        });
        continue;
      }

      let gate: GateOutcome = { proceed: true };
      const approvals = opts.approvals ?? 'wait';
      // a step the journal shows never acted is run as if it had never started
      const gatePrior = verdict?.verdict === 'repeat' ? undefined : prior;
      const gateArgs = {
        plan,
        step,
        index,
        prior: gatePrior,
        io,
        store,
        runtime,
        control,
        emit,
        record,
        approvals,
        pollMs: opts.pollMs ?? 250,
      };
      // an ungated step the person was asked about (in doubt after a restart) stays with the person until they answer
      // (a field handed over because the runtime found it sensitive keeps its own path)
      // (a step the policy itself hands over keeps its own path; so does a field the runtime found sensitive)
      const askable = decision.action === 'allow' || (decision.action === 'approval' && decision.mode === 'execute');
      const question =
        askable && (prior?.status === 'handed_over' || prior?.status === 'awaiting_approval')
          ? runtime.gate.latest(bindStep(plan.plan_id, step))
          : undefined;
      const asked = question?.mode === 'hand_over' && question.action !== 'sensitive_input';
      if ((verdict?.verdict === 'ask' || asked) && askable) {
        if (verdict?.verdict === 'ask') {
          // an approval to act that may already have been used is spent: a fresh question to the person replaces it
          const binding = bindStep(plan.plan_id, step);
          const spent = runtime.gate.granted(binding);
          if (spent) runtime.gate.complete(spent.id);
          const what = step.description ?? `${step.type} ${'target' in step && step.target ? describeTarget(step.target) : ''}`.trim();
          runtime.gate.request(
            sessionId,
            binding,
            { kind: 'submission', mode: 'hand_over', summary: `Check whether "${what}" already happened; do it only if not`, step },
            opts.turnId,
            { fresh: true },
          );
        }
        // in doubt, a possibly state-changing action is not sent again: the person checks and does it if needed
        if (verdict?.verdict === 'ask') {
          const what = step.description ?? `${step.type} ${'target' in step && step.target ? describeTarget(step.target) : ''}`.trim();
          emit(
            'POLICY_DECISION',
            `${step.id} may already have happened before the restart (${verdict.why}): check the page and do "${what}" yourself only if it did not happen, then mark it done. ` +
              `재시작 전에 "${what}"이(가) 이미 실행되었을 수 있습니다. 화면을 확인하고, 실행되지 않았다면 직접 한 뒤 완료를 눌러 주세요.`,
            { ...sdata, decision: { action: 'approval', mode: 'hand_over', rule: 'resume_in_doubt', reason: verdict.why } },
            'warn',
          );
        }
        gate = await gateStep({
          ...gateArgs,
          decision: {
            action: 'approval',
            kind: 'submission',
            mode: 'hand_over',
            reason: verdict?.why ?? 'it may already have happened before a restart',
            rule: 'resume_in_doubt',
          },
        });
      } else if (decision.action !== 'allow') gate = await gateStep({ ...gateArgs, decision });
      if (!gate.proceed) {
        if (gate.status === 'completed_by_person') {
          results.set(step.id, { handed_over: true });
          continue;
        }
        return finish(gate.status, {
          step_id: step.id,
          ...(gate.approval_id ? { approval_id: gate.approval_id } : {}),
          ...(gate.error ? { error: gate.error } : {}),
        });
      }

      try {
        // the runtime may stop a step the policy let through (the page or the network shows it changes server state)
        const approved = gate.approval_id;
        const ran = approved
          ? { ran: await runStep(run, step, record, sdata, approved) }
          : await performGated(gateArgs, (id) => runStep(run, step, record, sdata, id));
        if ('stop' in ran) {
          if (ran.stop.status === 'completed_by_person') {
            results.set(step.id, { handed_over: true });
            continue;
          }
          const { status, approval_id, error } = ran.stop;
          return finish(status, { step_id: step.id, ...(approval_id ? { approval_id } : {}), ...(error ? { error } : {}) });
        }
        if (ran.approval_id) gate = { proceed: true, approval_id: ran.approval_id };
        const result = ran.ran;
        results.set(step.id, result);
        store.runs.stepFinished(plan.plan_id, step.id, 'succeeded', result);
        if (gate.approval_id) runtime.gate.complete(gate.approval_id);
        emit('step_succeeded', `${step.id} done${typeof result.count === 'number' ? ` (${result.count} rows)` : ''}`, { ...sdata, result });
        opts.fault?.('after-commit', step.id);
      } catch (e) {
        const err = logError(e);
        if (err.code === 'POLICY_FORBIDDEN' && !gate.approval_id) {
          // the runtime saw what the plan did not say (e.g. the field is a password field): hand over
          const ho = await gateStep({ ...gateArgs, decision: { action: 'forbidden', reason: err.message, rule: 'runtime' } });
          if (!ho.proceed && ho.status === 'completed_by_person') {
            results.set(step.id, { handed_over: true });
            continue;
          }
          if (!ho.proceed)
            return finish(ho.status as PlanStatus, { step_id: step.id, ...(ho.approval_id ? { approval_id: ho.approval_id } : {}) });
        }
        store.runs.stepFinished(plan.plan_id, step.id, 'failed', { error: err });
        if (control.cancelled) return finish('cancelled', { step_id: step.id });
        emit('step_failed', `${step.id} failed (${err.class}): ${err.message}`, { ...sdata, error: err }, 'error');
        emit('plan_failed', `Plan stopped at ${step.id}: ${err.suggestions[0]}`, { ...sdata, error: err }, 'error');
        return finish('failed', { step_id: step.id, error: err });
      }
    }
    await settleShot(run);
    const verification = await verifyPlan(plan, results, io);
    store.records.addVerification(sessionId, { plan_id: plan.plan_id, ok: verification.ok, issues: verification.issues });
    if (!verification.ok) {
      const err = logError(
        new StewardError('VERIFICATION_FAILED', verification.issues.map((i) => i.message).join(' '), {
          details: { issues: verification.issues },
        }),
      );
      emit('verification_failed', `Verification failed: ${err.message}`, { error: err, issues: verification.issues }, 'error');
      emit('plan_failed', `Plan ${plan.plan_id} ran but its result did not verify`, { error: err }, 'error');
      return finish('failed', { verification, error: err });
    }
    emit('verification_passed', `Verified ${verification.checked} rule(s)`, { checked: verification.checked });
    emit('plan_completed', `Plan ${plan.plan_id} completed`, { steps: plan.steps.length });
    return finish('completed', { verification });
  } finally {
    await settleShot(run);
    offControl();
  }
}

/** The site a step opens, as a person reads an address: its host, without "www.". */
function siteOf(url: string): string | undefined {
  try {
    return new URL(url).host.replace(/^www\./, '') || undefined;
  } catch {
    return undefined;
  }
}
