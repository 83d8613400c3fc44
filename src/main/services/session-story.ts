/**
 * One session told for support staff from its stored events: how it ended (done, failed,
 * cancelled, declined, handed over — not the machine's last stage), each plan step with the page
 * before and after it, and for a failed session the failing step with the decision that led to it.
 */
import { type ErrorValue, ErrorValue as ErrorValueSchema, StewardError } from '../../shared/errors.ts';
import type { EngineEvent } from '../../shared/events.ts';
import type { SessionDetail, StepStory } from '../../shared/ipc/index.ts';
import { toError } from '../conversation/ui/view.ts';
import type { Store } from '../store/index.ts';

/** How a session ended, from its last answer's outcome and its last plan event; else its stored status. */
export function sessionOutcome(store: Store, sessionId: string, stored: string): string {
  const last = store.db.get<{ type: string; data_json: string }>(
    `SELECT type, data_json FROM events WHERE session_id = ?
      AND type IN ('FINAL_ANSWER_READY','plan_cancelled','plan_rejected','plan_failed','plan_completed') ORDER BY seq DESC LIMIT 1`,
    [sessionId],
  );
  if (!last) return stored;
  if (last.type === 'plan_cancelled' || last.type === 'plan_rejected') return 'cancelled';
  if (last.type === 'plan_failed') return 'FAILED';
  if (last.type === 'plan_completed') return stored;
  const outcome = (JSON.parse(last.data_json) as { outcome?: unknown }).outcome;
  if (outcome === 'cancelled' || outcome === 'declined' || outcome === 'handed_over') return outcome;
  if (outcome === 'failed') return 'FAILED';
  return stored;
}

const STEP_EVENTS = ['step_started', 'step_succeeded', 'step_skipped', 'step_failed', 'artifact_saved'];

/**
 * The plan steps in order, each with the screenshot after it and the one the page showed before it
 * (the last screenshot taken earlier in the session).
 */
export function stepStories(events: EngineEvent[]): StepStory[] {
  const steps = new Map<string, StepStory>();
  let lastShot: string | undefined;
  for (const e of events) {
    if (!STEP_EVENTS.includes(e.type)) continue;
    const stepId = typeof e.data.step_id === 'string' ? e.data.step_id : undefined;
    if (!stepId) continue;
    const ts = Date.parse(e.ts);
    let s = steps.get(stepId);
    if (e.type === 'step_started' || !s) {
      // a step run again (a retry or a second plan) is told once more, from the page as it was then
      if (s && e.type === 'step_started') steps.delete(stepId);
      s = {
        stepId,
        title: e.type === 'step_started' ? e.message : stepId,
        status: 'running',
        ts,
        ...(lastShot ? { before: lastShot } : {}),
      };
      steps.set(stepId, s);
    }
    if (e.type === 'step_succeeded') s.status = 'done';
    if (e.type === 'step_skipped') s.status = 'skipped';
    if (e.type === 'step_failed') {
      s.status = 'failed';
      const error = toError(e.data.error);
      if (error) s.error = error;
    }
    if (e.type === 'artifact_saved' && typeof e.data.artifact_id === 'string') {
      s.after = e.data.artifact_id;
      lastShot = e.data.artifact_id;
    }
  }
  return [...steps.values()];
}

type Failing = NonNullable<SessionDetail['failingStep']>;

/** The error of an event, as the explorer shows it (class, cause, next action). */
function errorOf(e: EngineEvent): ErrorValue {
  if (e.type === 'verification_failed') {
    return new StewardError('VERIFICATION_FAILED', e.message, {
      details: { rule: e.data.rule, expected: e.data.expected, seen: e.data.seen },
    }).toValue();
  }
  const raw = e.data.error as Partial<ErrorValue> | undefined;
  const fromStep = toError(raw);
  if (fromStep) return fromStep;
  const parsed = ErrorValueSchema.safeParse({ details: {}, retryable: false, ...raw, message: raw?.message ?? e.message });
  return parsed.success
    ? parsed.data
    : new StewardError('INTERNAL', e.message, { suggestions: ['Open the tool calls of this step for the raw error.'] }).toValue();
}

const DECISIONS = ['state_transition', 'POLICY_DECISION', 'PRE_TOOL_DECISION', 'step_started'];

/**
 * For a session that failed: the failure that ended it (a failed step first, else a failed check,
 * else a failed tool call), the step it belongs to with the page before and after, and the last
 * decision taken before it. Undefined for a session that did not fail.
 */
export function failingStory(events: EngineEvent[], steps: StepStory[], outcome: string): Failing | undefined {
  if (outcome !== 'FAILED') return undefined;
  const pick = (type: string) => events.findLast((e) => e.type === type);
  const failure = pick('step_failed') ?? pick('verification_failed') ?? pick('plan_failed') ?? pick('TOOL_FAILED');
  if (!failure) return undefined;
  const stepId =
    (typeof failure.data.step_id === 'string' && failure.data.step_id) ||
    (typeof failure.data.tool === 'string' && failure.data.tool) ||
    (typeof failure.data.rule === 'string' && failure.data.rule) ||
    failure.type;
  const step = steps.find((s) => s.stepId === stepId) ?? steps.at(-1);
  const at = events.indexOf(failure);
  const decision = events.slice(0, at).findLast((e) => DECISIONS.includes(e.type) && e.type !== 'step_started');
  const lastShot = steps.findLast((s) => s.after)?.after;
  return {
    stepId,
    title: step?.stepId === stepId ? step.title : failure.message,
    error: errorOf(failure),
    ...(step?.before ? { before: step.before } : {}),
    // a failed step leaves no picture of its own: the page as the session last saw it
    ...((step?.after ?? lastShot) ? { after: step?.after ?? lastShot } : {}),
    ...(decision
      ? {
          decision: {
            ts: Date.parse(decision.ts),
            from: String(decision.data.from ?? decision.type),
            event: String(decision.data.event ?? decision.data.decision ?? decision.message),
            to: String(decision.data.to ?? decision.data.outcome ?? ''),
          },
        }
      : {}),
  };
}
