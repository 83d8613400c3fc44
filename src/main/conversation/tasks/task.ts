/**
 * The task part of a turn, after commands were applied: answer a digression, ask a
 * clarification, or advance the task by its pack kind (dialogue flow, browse plan, expert
 * graph), translating what happened into session-machine events.
 */
import type { Actor } from 'xstate';
import type { PackRegistry } from '../../packs/registry.ts';
import { fill } from '../../packs/text.ts';
import type { Facts, Locale, Pack, Stage } from '../../packs/types.ts';
import type { TurnAudit } from '../audit.ts';
import type { AppliedCommands } from '../commands.ts';
import { setFact } from '../commands.ts';
import type { SessionMachine } from '../machine.ts';
import { ENGINE_TEXTS } from '../texts.ts';
import { type BrowseDeps, runBrowseTurn, runFollowUp } from './browse.ts';
import { type FlowResult, runDialogueTurn, type ToolPort, type TurnDebug } from './dialogue.ts';
import { drive, type TaskTurnResult } from './drive.ts';

/** Answers questions (the expert graph of agent/experts). */
export interface QuestionAnswerer {
  answer(question: string, ctx: { locale: Locale; facts: Facts; turnId: string; sessionId: string; audit: TurnAudit }): Promise<string>;
}

export interface TaskDeps {
  registry: PackRegistry;
  tools: ToolPort;
  audit: TurnAudit;
  debug: TurnDebug;
  experts?: QuestionAnswerer;
  browse?: BrowseDeps;
  /** Label of the understanding path in FINAL_ANSWER_READY ('offline' or a model id). */
  understandingLabel?: string;
  /** The reason the person gave with a rejection in this turn (the UI's reject with a reason), if any. */
  rejectionReason?: () => string | undefined;
}

export interface TurnContext {
  actor: Actor<SessionMachine>;
  pack: Pack | undefined;
  facts: Facts;
  applied: AppliedCommands;
  locale: Locale;
  turnId: string;
  text: string;
  /** What the previous turn asked for. */
  expecting?: string;
}

export async function runTaskTurn(deps: TaskDeps, t: TurnContext): Promise<TaskTurnResult> {
  const { audit } = deps;
  const stage = () => String(t.actor.getSnapshot().value) as Stage;
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
      if (patch) return runFollowUp(deps.browse, { ...t, audit, registry: deps.registry, debug: deps.debug }, f, patch);
    }
  }
  const active = pack && stage() !== 'DONE' && stage() !== 'FAILED';
  if (!pack || !active) {
    if (prefix.length) return { stage: stage(), reply: prefix.join('\n') };
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
    const options = c.options.map(String).join(t.locale === 'ko' ? ' 또는 ' : ' or ');
    return join({ stage: stage(), reply: fill(ENGINE_TEXTS.clarify, t.locale, { mention: c.mention ?? c.slot, options }) });
  }

  if (pack.kind === 'dialogue') {
    if (t.expecting && pack.bareAnswer && !t.applied.changed.includes(t.expecting)) {
      const bare = pack.bareAnswer(t.text, t.expecting, t.facts);
      for (const [k, v] of Object.entries(bare ?? {})) if (setFact(pack, t.facts, k, v, audit)) t.applied.changed.push(k);
    }
    drive(t.actor, audit, { type: 'SLOTS', facts: t.facts });
    const facts = { ...t.facts };
    const reason = t.applied.denied ? deps.rejectionReason?.()?.trim() : undefined;
    const r = await runDialogueTurn(
      pack,
      facts,
      {
        turnId: t.turnId,
        confirmed: t.applied.confirmed,
        denied: t.applied.denied,
        changed: t.applied.changed,
        ...(t.expecting ? { expecting: t.expecting } : {}),
        ...(reason ? { reason } : {}),
      },
      t.locale,
      { tools: deps.tools, audit, debug: deps.debug },
    );
    drive(t.actor, audit, { type: 'SLOTS', facts });
    applyFlowResult(t.actor, audit, r);
    return join({
      stage: stage(),
      reply: r.reply,
      ...(r.outcome ? { outcome: r.outcome } : {}),
      ...(r.failure ? { failure: r.failure } : {}),
    });
  }

  if (pack.kind === 'browse') {
    if (!deps.browse) {
      const failure = {
        code: 'BROWSER_LAUNCH_FAILED',
        message: 'no browser is attached to this conversation',
        next: t.locale === 'ko' ? '브라우저를 연결한 뒤 다시 요청해 주세요.' : 'Attach a browser, then ask again.',
      };
      drive(t.actor, audit, { type: 'FAIL', failure });
      return join({ stage: stage(), reply: `${failure.message}. ${failure.next}`, outcome: 'failed', failure });
    }
    return join(await runBrowseTurn(deps.browse, { ...t, audit, registry: deps.registry, debug: deps.debug }));
  }

  // generic: the expert graph answers the request itself.
  const answer = deps.experts
    ? await deps.experts.answer(t.text, { locale: t.locale, facts: t.facts, turnId: t.turnId, sessionId: audit.sessionId, audit })
    : fill(ENGINE_TEXTS.help, t.locale);
  drive(t.actor, audit, { type: 'EXECUTED' });
  drive(t.actor, audit, { type: 'VERIFIED' });
  return { stage: stage(), reply: [...prefix.slice(0, -1), answer].join('\n'), outcome: 'done' };
}

/** Maps a dialogue flow result onto the stages, passing through EXECUTING/VERIFYING as the canonical path does. */
function applyFlowResult(actor: Actor<SessionMachine>, audit: TurnAudit, r: FlowResult): void {
  const at = () => String(actor.getSnapshot().value);
  if (r.stage === 'CHAT_COLLECTING') {
    drive(actor, audit, { type: 'ASK', flowState: r.flowState, ...(r.expecting ? { expecting: r.expecting } : {}) });
    return;
  }
  if (r.stage === 'AWAITING_APPROVAL') {
    drive(actor, audit, { type: 'NEED_APPROVAL', flowState: r.flowState, stepId: r.flowState, summary: r.reply, mode: 'execute' });
    return;
  }
  if (r.stage === 'FAILED' && r.failure) {
    drive(actor, audit, { type: 'FAIL', failure: r.failure });
    return;
  }
  if (r.outcome === 'declined') {
    if (at() === 'AWAITING_APPROVAL') drive(actor, audit, { type: 'DECLINED' });
    else drive(actor, audit, { type: 'CANCEL' });
    return;
  }
  if (at() === 'AWAITING_APPROVAL') drive(actor, audit, { type: 'APPROVED' });
  drive(actor, audit, { type: 'EXECUTED' });
  drive(actor, audit, { type: 'VERIFIED' });
}
