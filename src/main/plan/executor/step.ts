import { logError } from '../../../shared/errors.ts';
import type { Plan, Step } from '../../../shared/plan.ts';
import type { Execution, Store } from '../../store/index.ts';
import { performStep, screenshot } from './actions.ts';
import { journaled, sentBy } from './journal.ts';
import { checkPage, conflictError, reestablish } from './replay.ts';
import type { Emit, FaultPoint, PlanOutcome, StepIO } from './types.ts';

/**
 * One attempt of one step, as the plan runner makes it: `started` committed, the action run
 * journaled, a screenshot kept (taken while the step is committed). A step whose page went away under it (or is not where the last
 * step left it) gets the page brought back and one more try — unless the step may already have
 * sent something.
 */
export interface StepRun {
  plan: Plan;
  store: Store;
  io: StepIO;
  emit: Emit;
  shots: boolean;
  fault?: (point: FaultPoint, stepId: string) => void;
  /** The screenshot of the last step, still being taken while that step is committed; settled before the next step acts. */
  pendingShot?: Promise<void>;
}

/** Waits for the last step's screenshot (it never fails: a missing screenshot is a warning event). */
export async function settleShot(x: StepRun): Promise<void> {
  const shot = x.pendingShot;
  x.pendingShot = undefined;
  await shot;
}

export interface StepRecord {
  session_id: string;
  plan_id: string;
  step_id: string;
  step_index: number;
  action: string;
}

/** Errors that may mean the page moved away under a step (checked against where the last step left it). */
const PAGE_MOVED = new Set(['CONTEXT_LOST', 'STALE_UID', 'ELEMENT_NOT_FOUND', 'PAGE_NOT_FOUND', 'TARGET_CLOSED']);

const executions = (x: StepRun) => new Map(x.store.runs.executions(x.plan.plan_id).map((e) => [e.step_id, e]));

/** Brings the page back to where the last committed step left it before a resume; the failure when it cannot. */
export async function rebuildPage(x: StepRun, upTo: number, done: Map<string, Execution>): Promise<Partial<PlanOutcome> | undefined> {
  const { plan, store, io, emit } = x;
  const check = await checkPage(plan, upTo, io.runtime.policy, io, store.journal.entries(plan.plan_id), executions(x));
  if (!check) return undefined;
  if ('conflict' in check) {
    const err = conflictError(check.conflict);
    emit('plan_failed', `Cannot resume: ${err.message}`, { error: err }, 'error');
    return { step_id: check.conflict, error: err };
  }
  await reestablish(io, check);
  for (const id of check.rerun) done.delete(id);
  emit(
    'plan_resumed',
    `The page was not where the plan left it (${check.seen ?? 'no page'}; expected ${check.url}): loaded it again${check.newTab ? ' in a new tab' : ''}` +
      `${check.rerun.length ? `, repeating ${check.rerun.join(', ')}` : ''}${check.skipped.length ? `, not repeating ${check.skipped.join(', ')}` : ''}`,
    { replay: check.rerun, not_repeated: check.skipped, url: check.url, seen: check.seen, new_tab: check.newTab },
    'warn',
  );
  return undefined;
}

export async function runStep(
  x: StepRun,
  step: Step,
  record: StepRecord,
  sdata: Record<string, unknown>,
  approvalId: string | undefined,
): Promise<Record<string, unknown>> {
  const { plan, store, io, emit } = x;
  // a step that waited for a person reads the page afresh (they may have changed it)
  if (approvalId) {
    io.quiet = undefined;
    io.ahead = undefined;
  }
  const attempt = store.runs.stepStarted(record);
  emit('step_started', `${step.id}: ${step.description ?? step.type}`, {
    ...sdata,
    attempt,
    ...(approvalId ? { approval_id: approvalId } : {}),
  });
  const jr = { session_id: record.session_id, plan_id: plan.plan_id, step_id: step.id, attempt };
  const act = () => journaled(io, store, jr, step, () => performStep(step, io), x.fault);
  let out: Awaited<ReturnType<typeof performStep>>;
  try {
    out = await act();
  } catch (e) {
    const code = logError(e).code;
    // a click or key press whose document vanished under it may have happened: never tried again here
    if (!PAGE_MOVED.has(code) || (code === 'CONTEXT_LOST' && (step.type === 'click' || step.type === 'press'))) throw e;
    if (sentBy(store.journal.entries(plan.plan_id, step.id), step.id).length) throw e;
    const check = await checkPage(plan, record.step_index, io.runtime.policy, io, store.journal.entries(plan.plan_id), executions(x));
    if (!check || 'conflict' in check) throw e;
    await reestablish(io, check);
    io.ahead = undefined;
    for (const id of check.rerun) {
      const again = plan.steps.find((s) => s.id === id) as Step;
      io.ctx.step = again;
      await performStep(again, io);
    }
    io.ctx.step = step;
    emit(
      'step_retried',
      `${step.id}: the page was not where the plan left it (${code}); brought it back to ${check.url} and tried again`,
      { ...sdata, error_code: code, url: check.url, seen: check.seen, replay: check.rerun },
      'warn',
    );
    out = await act();
  }
  // the capture starts now, on the page as the step left it; the plan runner commits the step
  // meanwhile and waits for it before anything else touches the page
  if (x.shots && out.changesPage) x.pendingShot = keepScreenshot(x, step, sdata).catch(() => undefined);
  return out.result;
}

async function keepScreenshot(x: StepRun, step: Step, sdata: Record<string, unknown>): Promise<void> {
  const { plan, store, io, emit } = x;
  try {
    const shot = await screenshot(io, step.id);
    const art = store.runs.addArtifact({
      session_id: io.ctx.session_id,
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
    emit('artifact_saved', `No screenshot after ${step.id}: ${(e as Error).message}`, { ...sdata, error: logError(e) }, 'warn');
  }
}
