/**
 * A pipeline pack's turn: the pack reads the message and its held facts and either asks for
 * what its brief still lacks or runs its own staged pipeline; the session machine follows
 * (collecting → brief ready → planning → executing → verifying → done, or failed). What the
 * pipeline made is an output the UI opens by id.
 */
import { StewardError, toErrorValue } from '../../../shared/errors.ts';
import type { PipelineOutput, PipelinePack } from '../../packs/types.ts';
import { currentStage, drive } from '../machine.ts';
import type { TaskDeps, TaskTurnResult, TurnContext } from './types.ts';

export async function runPipelineTask(
  deps: TaskDeps,
  t: TurnContext,
  pack: PipelinePack,
): Promise<TaskTurnResult & { output?: PipelineOutput }> {
  const { audit } = deps;
  const setup = deps.pipeline;
  if (!setup) {
    const failure = toErrorValue(
      new StewardError('STATE_CONFLICT', `The ${pack.id} pack needs the engine's store and files folder, which this host did not give.`, {
        suggestions: ['Start the conversation from the app, the web host or cdt.'],
      }),
    );
    drive(t.actor, audit, { type: 'FAIL', failure });
    return { stage: currentStage(t.actor), reply: failure.message, outcome: 'failed', failure };
  }
  const now = setup.now ?? (() => new Date());
  let out: Awaited<ReturnType<PipelinePack['turn']>>;
  try {
    out = await pack.turn(
      { text: t.text, facts: t.facts, ...(t.expecting ? { expecting: t.expecting } : {}), changed: t.applied.changed },
      {
        sessionId: audit.sessionId,
        turnId: t.turnId,
        locale: t.locale,
        store: setup.store,
        ...(setup.model ? { model: setup.model } : {}),
        ...(setup.browser ? { browser: setup.browser } : {}),
        settings: setup.settings ?? {},
        artifactsDir: setup.artifactsDir,
        now,
        emit: (type, message, data) => audit.emit(type, message, { pack: pack.id, ...data }),
      },
    );
  } catch (e) {
    const failure = toErrorValue(e);
    drive(t.actor, audit, { type: 'FAIL', failure });
    return { stage: currentStage(t.actor), reply: `${failure.message} ${failure.suggestions[0] ?? ''}`.trim(), outcome: 'failed', failure };
  }
  drive(t.actor, audit, { type: 'SLOTS', facts: out.facts });
  if (out.status === 'collecting') {
    drive(t.actor, audit, { type: 'ASK', flowState: 'collecting', ...(out.expecting ? { expecting: out.expecting } : {}) });
    return { stage: currentStage(t.actor), reply: out.reply };
  }
  drive(t.actor, audit, { type: 'BRIEF' });
  drive(t.actor, audit, { type: 'PLAN' });
  drive(t.actor, audit, { type: 'PLANNED', planId: out.output?.id ?? `${pack.id}-${t.turnId}` });
  if (out.status === 'failed') {
    const failure = out.failure ?? toErrorValue(new StewardError('INTERNAL', out.reply));
    drive(t.actor, audit, { type: 'FAIL', failure });
    return { stage: currentStage(t.actor), reply: out.reply, outcome: 'failed', failure, ...(out.output ? { output: out.output } : {}) };
  }
  drive(t.actor, audit, { type: 'EXECUTED' });
  drive(t.actor, audit, { type: 'VERIFIED' });
  return { stage: currentStage(t.actor), reply: out.reply, outcome: 'done', ...(out.output ? { output: out.output } : {}) };
}
