/**
 * The task part of a turn, after commands were applied: answer a digression, ask a
 * clarification, or advance the task by its pack kind (dialogue flow, browse plan, expert
 * graph), translating what happened into session-machine events.
 */
import { failureValue } from '../../../shared/errors.ts';
import { fill } from '../../packs/text.ts';
import { currentStage, drive } from '../machine.ts';
import { ENGINE_TEXTS } from '../texts.ts';
import { runBrowseFollowUp, runBrowseTask } from './browse/task.ts';
import { runDialogueTask } from './dialogue/task.ts';
import { runGenericTask } from './generic.ts';
import { runPipelineTask } from './pipeline.ts';
import type { TaskDeps, TaskTurnResult, TurnContext } from './types.ts';

export async function runTaskTurn(deps: TaskDeps, t: TurnContext): Promise<TaskTurnResult> {
  const { audit } = deps;
  const stage = () => currentStage(t.actor);
  const prefix: string[] = [];

  for (const q of t.applied.questions) {
    const answer = deps.experts
      ? await deps.experts.answer(q, { locale: t.locale, facts: t.facts, turnId: t.turnId, sessionId: audit.sessionId, audit })
      : '';
    if (answer) prefix.push(answer);
  }
  const pack = t.pack;
  if (pack?.kind === 'browse' && deps.browse && stage() === 'DONE' && t.actor.getSnapshot().context.outcome === 'done') {
    for (const f of pack.followUps ?? []) {
      const patch = f.match(t.text, t.facts);
      if (patch) return runBrowseFollowUp(deps, t, deps.browse, f, patch);
    }
  }
  const active = pack && stage() !== 'DONE' && stage() !== 'FAILED';
  if (!pack || !active) {
    if (prefix.length) return { stage: stage(), reply: prefix.join('\n') };
    // a line no task was read from may still be for an expert (a route, a place, Steward's own rules)
    const taken =
      t.text.trim() && deps.experts?.consider
        ? await deps.experts.consider(t.text, { locale: t.locale, facts: t.facts, turnId: t.turnId, sessionId: audit.sessionId, audit })
        : undefined;
    if (taken) return { stage: stage(), reply: taken };
    if (t.applied.cannotHandle)
      return {
        stage: stage(),
        reply: `${fill(ENGINE_TEXTS.cannotHandle, t.locale, { reason: t.applied.cannotHandle })}\n${fill(ENGINE_TEXTS.help, t.locale)}`,
      };
    return { stage: stage(), reply: fill(ENGINE_TEXTS.help, t.locale) };
  }
  if (prefix.length) prefix.push(fill(ENGINE_TEXTS.backToTask, t.locale));
  const join = (r: TaskTurnResult): TaskTurnResult => ({ ...r, reply: [...prefix, r.reply].filter(Boolean).join('\n') });

  if (t.applied.clarify) {
    const c = t.applied.clarify;
    drive(t.actor, audit, { type: 'ASK', flowState: 'clarify', expecting: c.slot });
    audit.emit('POLICY_DECISION', `clarify ${c.slot}`, {
      stage: 'CHAT_COLLECTING',
      action: 'clarify',
      reason: `ambiguous ${c.slot}`,
      options: c.options,
    });
    const options = c.options.map(String).join(fill(ENGINE_TEXTS.or, t.locale));
    return join({ stage: stage(), reply: fill(ENGINE_TEXTS.clarify, t.locale, { mention: c.mention ?? c.slot, options }) });
  }

  if (pack.kind === 'dialogue') return join(await runDialogueTask(deps, t, pack));
  if (pack.kind === 'browse') {
    if (!deps.browse) {
      const next = fill(ENGINE_TEXTS.attachBrowser, t.locale);
      const failure = failureValue('BROWSER_LAUNCH_FAILED', 'no browser is attached to this conversation', {}, next);
      drive(t.actor, audit, { type: 'FAIL', failure });
      return join({ stage: stage(), reply: `${fill(ENGINE_TEXTS.noBrowser, t.locale)} ${next}`, outcome: 'failed', failure });
    }
    return join(await runBrowseTask(deps, t, deps.browse));
  }
  if (pack.kind === 'pipeline') return join(await runPipelineTask(deps, t, pack));
  return runGenericTask(deps, t, prefix.slice(0, -1));
}
