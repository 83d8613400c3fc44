/**
 * A browse task that cannot go on: FAILED, told in the person's words — the pack's recovery text
 * for the failure with `{why}` (what the page said, else the kind of failure) and `{next}` (what
 * they can do). The error value, with its code and technical detail, goes to the machine and the log.
 */
import { type ErrorValue, type PersonError, personError, reasonOf, StewardError } from '../../../../shared/errors.ts';
import { fill } from '../../../packs/text.ts';
import { currentStage, drive } from '../../machine.ts';
import { ENGINE_TEXTS } from '../../texts.ts';
import type { TaskDeps, TaskTurnResult, TurnContext } from '../types.ts';

type FailingTurn = TurnContext & { audit: TaskDeps['audit'] };

export function failWith(t: FailingTurn, failure: ErrorValue, lead: string, person?: PersonError): TaskTurnResult {
  const reason = reasonOf(failure);
  const recovery = t.pack?.recovery[reason] ?? t.pack?.recovery.default;
  const p = person ?? personError(failure, t.locale);
  const vars = { ...t.facts, why: p.says, next: p.next };
  t.audit.emit('POLICY_DECISION', `stop: ${reason}`, { stage: 'FAILED', action: 'end', reason });
  drive(t.actor, t.audit, { type: 'FAIL', failure });
  return {
    stage: currentStage(t.actor),
    reply: [lead, ...(recovery ? [fill(recovery.say, t.locale, vars), fill(recovery.next, t.locale, vars)] : [p.says, p.next])]
      .filter(Boolean)
      .join('\n'),
    outcome: 'failed',
    failure,
  };
}

/** A plan that could not be built: no site is set up for the task, or the recipes made an invalid plan. */
export function failToPlan(
  t: FailingTurn,
  built: { code: 'USAGE_ERROR' | 'VALIDATION_ERROR'; message: string },
  lead: string,
): TaskTurnResult {
  const failure = new StewardError(built.code, built.message).toValue();
  if (built.code !== 'USAGE_ERROR') return failWith(t, failure, lead);
  return failWith(t, failure, lead, { says: fill(ENGINE_TEXTS.noSite, t.locale), next: fill(ENGINE_TEXTS.noSiteNext, t.locale) });
}
