/**
 * A dialogue pack's turn: read a bare answer to the last question, run the flow, and map what it
 * came to onto the session machine (passing through EXECUTING/VERIFYING as every task does).
 * A confirmation is a stored approval of the exact call the flow will make; a typed yes or no to
 * it is recorded by the gate here, a button's decision already was.
 */
import type { Actor } from 'xstate';
import { StewardError } from '../../../../shared/errors.ts';
import type { DialoguePack } from '../../../packs/types.ts';
import type { TurnAudit } from '../../audit.ts';
import { setFact } from '../../commands.ts';
import { currentStage, drive, type SessionMachine } from '../../machine.ts';
import type { TaskDeps, TaskTurnResult, TurnContext } from '../types.ts';
import { type Confirmations, type FlowResult, runDialogueTurn } from './flow.ts';

export async function runDialogueTask(deps: TaskDeps, t: TurnContext, pack: DialoguePack): Promise<TaskTurnResult> {
  const { audit } = deps;
  if (t.expecting && pack.bareAnswer && !t.applied.changed.includes(t.expecting)) {
    const bare = pack.bareAnswer(t.text, t.expecting, t.facts);
    for (const [k, v] of Object.entries(bare ?? {})) if (setFact(pack, t.facts, k, v, audit)) t.applied.changed.push(k);
  }
  drive(t.actor, audit, { type: 'SLOTS', facts: t.facts });
  const facts = { ...t.facts };
  const r = await runDialogueTurn(
    pack,
    facts,
    {
      turnId: t.turnId,
      confirmed: t.applied.confirmed,
      denied: t.applied.denied,
      changed: t.applied.changed,
      ...(t.expecting ? { expecting: t.expecting } : {}),
      ...(t.reason ? { reason: t.reason } : {}),
    },
    t.locale,
    {
      tools: deps.tools,
      audit,
      debug: deps.debug,
      confirmations: confirmations(deps, t, pack),
      ...(deps.support ? { support: deps.support } : {}),
    },
  );
  drive(t.actor, audit, { type: 'SLOTS', facts });
  applyFlowResult(t.actor, audit, r);
  return {
    stage: currentStage(t.actor),
    reply: r.reply,
    ...(r.outcome ? { outcome: r.outcome } : {}),
    ...(r.failure ? { failure: r.failure } : {}),
  };
}

function confirmations(deps: TaskDeps, t: TurnContext, pack: DialoguePack): Confirmations {
  const sessionId = deps.audit.sessionId;
  return {
    ask: (rule, args, summary) => {
      const kind = rule ? pack.approval.kinds?.[rule.tool] : undefined;
      return deps.approvals.requestCall(rule?.tool ?? pack.id, args, {
        sessionId,
        turnId: t.turnId,
        summary,
        ...(kind ? { kind } : {}),
      });
    },
    carry: (from, to, args) => {
      const pending = t.actor.getSnapshot().context.pendingApproval;
      const kind = pack.approval.kinds?.[from];
      const a = deps.approvals.requestCall(to, args, {
        sessionId,
        turnId: t.turnId,
        summary: `${from} → ${to}`,
        ...(kind ? { kind } : {}),
      });
      deps.approvals.decide(
        sessionId,
        a.approvalId,
        { approve: true },
        `person (approved ${from} as ${pending?.approvalId ?? 'asked'}; the same call on another server)`,
      );
    },
    decided: (yes, reason) => {
      const pending = t.actor.getSnapshot().context.pendingApproval;
      if (t.decided || !pending) return;
      try {
        deps.approvals.decide(
          sessionId,
          pending.approvalId,
          yes ? { approve: true } : { reject: true, reason },
          'person (said so in chat)',
        );
      } catch (e) {
        // decided elsewhere already (another window); the runtime's own check of the call still applies
        if (!(e instanceof StewardError && e.code === 'STATE_CONFLICT')) throw e;
      }
    },
  };
}

/** Maps a dialogue flow result onto the stages, passing through EXECUTING/VERIFYING as the canonical path does. */
function applyFlowResult(actor: Actor<SessionMachine>, audit: TurnAudit, r: FlowResult): void {
  if (r.stage === 'CHAT_COLLECTING') {
    drive(actor, audit, { type: 'ASK', flowState: r.flowState, ...(r.expecting ? { expecting: r.expecting } : {}) });
    return;
  }
  if (r.stage === 'AWAITING_APPROVAL' && r.approval) {
    const approval = { ...r.approval, stepId: r.flowState, summary: r.reply, mode: 'execute' as const };
    drive(actor, audit, { type: 'NEED_APPROVAL', flowState: r.flowState, approval });
    return;
  }
  if (r.stage === 'FAILED' && r.failure) {
    drive(actor, audit, { type: 'FAIL', failure: r.failure });
    return;
  }
  if (r.outcome === 'declined') {
    if (currentStage(actor) === 'AWAITING_APPROVAL') drive(actor, audit, { type: 'DECLINED' });
    else drive(actor, audit, { type: 'CANCEL' });
    return;
  }
  if (currentStage(actor) === 'AWAITING_APPROVAL') drive(actor, audit, { type: 'APPROVED' });
  drive(actor, audit, { type: 'EXECUTED' });
  drive(actor, audit, { type: 'VERIFIED' });
}
