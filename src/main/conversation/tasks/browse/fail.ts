/** A browse task that cannot go on: FAILED with the error class, what happened and the next action. */
import { CODE_INFO, ErrorCode, failureValue } from '../../../../shared/errors.ts';
import { fill } from '../../../packs/text.ts';
import { currentStage, drive } from '../../machine.ts';
import { ENGINE_TEXTS } from '../../texts.ts';
import type { TaskDeps, TaskTurnResult, TurnContext } from '../types.ts';

export function failWith(
  t: TurnContext & { audit: TaskDeps['audit'] },
  error: { code: string; message: string; suggestions?: string[] },
  lead: string,
): TaskTurnResult {
  const known = ErrorCode.safeParse(error.code);
  const next = error.suggestions?.[0] ?? (known.success ? CODE_INFO[known.data].suggestion : fill(ENGINE_TEXTS.tryLater, t.locale));
  const failure = failureValue(error.code, error.message, next);
  t.audit.emit('POLICY_DECISION', `stop: ${error.code}`, { stage: 'FAILED', action: 'end', reason: error.code });
  drive(t.actor, t.audit, { type: 'FAIL', failure });
  return {
    stage: currentStage(t.actor),
    reply: [lead, `${error.code}: ${error.message}`, next].filter(Boolean).join('\n'),
    outcome: 'failed',
    failure,
  };
}
