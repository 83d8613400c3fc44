import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ErrorValue, StewardError } from '../../shared/errors.ts';
import type { EngineEvent, EngineEventType, EventLevel } from '../../shared/events.ts';
import { type Plan, validatePlan } from '../../shared/plan.ts';
import type { Store } from '../store/index.ts';
import { describeError, type ErrorClass } from '../tools/error-classes.ts';
import { decideStep } from '../tools/policy.ts';
import type { ToolRuntime } from '../tools/runtime.ts';
import { alreadyDone, performStep, type StepIO, screenshot } from './executor-actions.ts';
import { PlanControl } from './executor-control.ts';
import { type GateOutcome, gateStep } from './executor-gate.ts';
import { checkPageOnResume } from './executor-replay.ts';
import { type Verification, verifyPlan } from './verifier.ts';

export { PlanControl } from './executor-control.ts';

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
}

export type PlanStatus = 'completed' | 'failed' | 'cancelled' | 'rejected' | 'awaiting_approval' | 'handed_over' | 'invalid';

export interface PlanOutcome {
  status: PlanStatus;
  plan_id: string;
  results: Record<string, Record<string, unknown>>;
  verification?: Verification;
  error?: ErrorValue & { class: ErrorClass; cause: string; next_action: string };
  /** The step the plan stopped at (failure, approval, hand-over, rejection). */
  step_id?: string;
  approval_id?: string;
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
      const err = describeError(
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

type Emit = (type: EngineEventType, message: string, data?: Record<string, unknown>, level?: EventLevel) => EngineEvent;

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
    if (what === 'paused') emit('plan_paused', `Paused before the next step`);
    if (what === 'resumed') emit('plan_resumed', `Resumed`);
    if (what === 'cancelled') emit('plan_cancelled', `Cancelled: ${reason}`, { reason }, 'warn');
  });
  const finish = (status: PlanStatus, extra: Partial<PlanOutcome> = {}) => {
    store.records.setPlanStatus(plan.plan_id, status);
    return outcome(status, extra);
  };
  try {
    const page = resuming ? await checkPageOnResume(plan, first, runtime.policy, io) : undefined;
    if (page && 'conflict' in page) {
      const err = describeError(
        new StewardError(
          'STATE_CONFLICT',
          `The page was lost since the last run, and rebuilding it would repeat the approved step ${page.conflict}.`,
          {
            details: { step_id: page.conflict },
            suggestions: ['Open the page in the browser view where the task stopped, then resume; or start the task again.'],
          },
        ),
      );
      emit('plan_failed', `Cannot resume: ${err.message}`, { error: err }, 'error');
      return finish('failed', { step_id: page.conflict, error: err });
    }
    if (page) {
      const again = plan.steps.slice(page.replayFrom, first).map((s) => s.id);
      for (const id of again) done.delete(id);
      emit(
        'plan_resumed',
        `The page was lost (the browser restarted): repeating ${again.join(', ')} to get back to where the plan stopped`,
        { replay: again },
        'warn',
      );
    }
    for (const [index, step] of plan.steps.entries()) {
      const prior = done.get(step.id);
      if (prior && (prior.status === 'succeeded' || prior.status === 'skipped')) continue;
      await control.whilePaused();
      if (control.cancelled) return finish('cancelled', { step_id: step.id });
      const sdata = { step_id: step.id, step_index: index, step_type: step.type };
      io.ctx.step = step;
      io.ctx.step_index = index;
      const record = { session_id: sessionId, plan_id: plan.plan_id, step_id: step.id, step_index: index, action: step.type };
      const decision = decideStep(runtime.policy, step);
      if (decision.action !== 'allow') {
        emit('POLICY_DECISION', `${step.id}: ${decision.action} — ${decision.reason}`, { ...sdata, decision });
        if (decision.action === 'approval' && decision.conflict)
          emit('POLICY_STATIC_CONFLICT', `${step.id}: ${decision.conflict}; the stricter rule applies`, { ...sdata, decision }, 'warn');
      }

      // A step that started before a crash may have half-run: check the page before repeating it.
      if (prior?.status === 'started' && decision.action === 'allow' && (await alreadyDone(step, io))) {
        store.runs.stepFinished(plan.plan_id, step.id, 'succeeded', { recovered: true });
        emit('step_succeeded', `${step.id} was already done (checked on the page after a restart)`, { ...sdata, recovered: true });
        continue;
      }

      let gate: GateOutcome = { proceed: true };
      const approvals = opts.approvals ?? 'wait';
      const gateArgs = { plan, step, index, prior, io, store, runtime, control, emit, record, approvals, pollMs: opts.pollMs ?? 250 };
      if (decision.action !== 'allow') {
        gate = await gateStep({ ...gateArgs, decision });
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
      }

      const attempt = store.runs.stepStarted(record);
      emit('step_started', `${step.id}: ${step.description ?? step.type}`, {
        ...sdata,
        attempt,
        ...(gate.approval_id ? { approval_id: gate.approval_id } : {}),
      });
      try {
        const { result, changesPage } = await performStep(step, io);
        if (shots && changesPage) {
          try {
            const shot = await screenshot(io, step.id);
            const art = store.runs.addArtifact({
              session_id: sessionId,
              plan_id: plan.plan_id,
              step_id: step.id,
              kind: 'screenshot',
              mime: String(shot.mime),
              path: String(shot.path),
              bytes: (shot.bytes as number | null) ?? null,
              sha256: (shot.sha256 as string | null) ?? null,
            });
            emit('artifact_saved', `Screenshot after ${step.id}`, { ...sdata, artifact_id: art.id, path: art.path }, 'debug');
          } catch (e) {
            emit(
              'artifact_saved',
              `No screenshot after ${step.id}: ${(e as Error).message}`,
              { ...sdata, error: describeError(e) },
              'warn',
            );
          }
        }
        results.set(step.id, result);
        store.runs.stepFinished(plan.plan_id, step.id, 'succeeded', result);
        if (gate.approval_id) runtime.gate.complete(gate.approval_id);
        emit('step_succeeded', `${step.id} done${typeof result.count === 'number' ? ` (${result.count} rows)` : ''}`, { ...sdata, result });
      } catch (e) {
        const err = describeError(e);
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
        emit('plan_failed', `Plan stopped at ${step.id}: ${err.next_action}`, { ...sdata, error: err }, 'error');
        return finish('failed', { step_id: step.id, error: err });
      }
    }
    const verification = await verifyPlan(plan, results, io);
    store.records.addVerification(sessionId, { plan_id: plan.plan_id, ok: verification.ok, issues: verification.issues });
    if (!verification.ok) {
      const err = describeError(
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
    offControl();
  }
}
