/** A generic task: the expert graph answers the request itself. */
import { fill } from '../../packs/text.ts';
import { currentStage, drive } from '../machine.ts';
import { ENGINE_TEXTS } from '../texts.ts';
import type { TaskDeps, TaskTurnResult, TurnContext } from './types.ts';

export async function runGenericTask(deps: TaskDeps, t: TurnContext, lead: string[]): Promise<TaskTurnResult> {
  const answer = deps.experts
    ? await deps.experts.answer(t.text, {
        locale: t.locale,
        facts: t.facts,
        turnId: t.turnId,
        sessionId: deps.audit.sessionId,
        audit: deps.audit,
      })
    : fill(ENGINE_TEXTS.help, t.locale);
  drive(t.actor, deps.audit, { type: 'EXECUTED' });
  drive(t.actor, deps.audit, { type: 'VERIFIED' });
  return { stage: currentStage(t.actor), reply: [...lead, answer].join('\n'), outcome: 'done' };
}
