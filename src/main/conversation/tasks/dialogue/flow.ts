/**
 * Runs a dialogue pack's flow for one turn: find the first incomplete flow state, run the tool
 * rules whose preconditions hold (logging PRE_TOOL_DECISION and TOOL_CALL_SKIPPED), apply
 * recovery rules on failure (TOOL_FAILED), and stop at the one question or confirmation the
 * state needs. Every decision reads only facts (slots + tool results) and the pack.
 */
import { type ErrorValue, failureValue, personError, reasonOf } from '../../../../shared/errors.ts';
import { fill } from '../../../packs/text.ts';
import type { DialoguePack, Facts, FlowState, Locale, Pack, Stage, ToolRule, TurnSignals } from '../../../packs/types.ts';
import type { TurnAudit } from '../../audit.ts';
import type { TurnDebug } from '../../debug.ts';
import type { SupportDesk } from '../../support.ts';
import { ENGINE_TEXTS } from '../../texts.ts';
import type { ToolPort } from '../../tool-port.ts';
import { runFallback } from './fallback.ts';

/**
 * The confirmation a flow asks for, as a stored approval: `ask` requests one for the exact call
 * the execute state will make; `decided` records the person's typed yes or no to it.
 */
export interface Confirmations {
  ask(rule: ToolRule | undefined, args: Record<string, unknown>, summary: string): { approvalId: string; kind: string };
  decided(yes: boolean, reason: string): void;
  /** Carries the approval given for `from` to the same call of `to` on another server. */
  carry(from: string, to: string, args: Record<string, unknown>): void;
}

export interface FlowResult {
  stage: Stage;
  flowState: string;
  expecting?: string;
  reply: string;
  outcome?: 'done' | 'failed' | 'declined';
  failure?: ErrorValue;
  /** With AWAITING_APPROVAL: the stored approval the confirmation asks for. */
  approval?: { approvalId: string; kind: string };
}

const MAX_PASSES = 16;

export async function runDialogueTurn(
  pack: DialoguePack,
  facts: Facts,
  turn: TurnSignals,
  locale: Locale,
  deps: { tools: ToolPort; audit: TurnAudit; debug: TurnDebug; confirmations: Confirmations; support?: SupportDesk },
): Promise<FlowResult> {
  const { audit, debug } = deps;
  const said: string[] = [];
  const seenErrors = new Map<string, number>();
  const reply = (...parts: string[]) => [...said, ...parts].filter(Boolean).join('\n');

  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const state = pack.flow.find((s) => !s.complete(facts));
    if (!state) return finish(pack, facts, locale, audit, reply);

    if (state.confirm) {
      const askedHere = facts.asked_state === state.id && turn.expecting === 'confirmation';
      if (askedHere && turn.confirmed) {
        deps.confirmations.decided(true, '');
        facts[state.confirm.fact] = true;
        facts[`${state.confirm.fact}_turn`] = turn.turnId;
        decide(audit, debug, state.id, 'execute', `the person said yes in this turn → ${state.confirm.executeState}`);
        continue;
      }
      if (askedHere && turn.denied) {
        deps.confirmations.decided(false, turn.reason?.trim() || NO_REASON_AT_CONFIRMATION);
        return refuse(pack, state, facts, turn, locale, { audit, debug }, reply);
      }
      const exec = pack.flow.find((s) => s.id === state.confirm?.executeState);
      for (const rule of exec?.calls ?? []) logSkip(audit, debug, rule, rule.when(facts, turn), state.id);
      decide(audit, debug, state.id, 'ask_confirmation', 'everything is known; showing it once and waiting for yes/no');
      const asked = ask(state, facts, locale, reply, debug);
      const gated = exec?.calls?.find((rule) => pack.approval.gated.includes(rule.tool)) ?? exec?.calls?.[0];
      return { ...asked, approval: deps.confirmations.ask(gated, gated ? gated.args(facts) : {}, asked.reply) };
    }

    const decisions = (state.calls ?? []).map((rule) => ({ rule, verdict: rule.when(facts, turn) }));
    const chosen = decisions.find((d) => d.verdict === true)?.rule;
    debug.tool.candidate_calls.push(...decisions.map((d) => d.rule.tool));
    audit.emit('PRE_TOOL_DECISION', `${pack.intent}/${state.id}: ${chosen ? `call ${chosen.tool}` : 'no call; ask the person'}`, {
      intent: pack.intent,
      pack: pack.id,
      state: state.id,
      forced_calls: [],
      candidate_calls: decisions.map((d) => d.rule.tool),
      final_calls: chosen ? [chosen.tool] : [],
      entity: entityOf(pack, facts),
    });
    for (const d of decisions) if (d.verdict !== true && d.rule !== chosen) logSkip(audit, debug, d.rule, d.verdict, state.id);

    if (!chosen) {
      decide(audit, debug, state.id, 'ask', `missing input: ${state.expects?.(facts) ?? 'none'}`);
      return ask(state, facts, locale, reply, debug);
    }
    if (!pack.allowedTools.includes(chosen.tool)) {
      audit.emit('POLICY_STATIC_CONFLICT', `${chosen.tool} is not in the allowed tools of pack ${pack.id}`, {
        rule: 'allowed_tools',
        tool: chosen.tool,
        resolution: 'blocked',
      });
      const failure = failureValue('POLICY_FORBIDDEN', `${chosen.tool} is not allowed`, { tool: chosen.tool });
      return fail(pack, facts, locale, audit, reply, failure);
    }
    debug.policy.tool_rules.push(`${state.id}:${chosen.tool}`);
    const args = chosen.args(facts);
    const outcome = await deps.tools.call(chosen.tool, args, {
      sessionId: audit.sessionId,
      turnId: audit.turnId,
      purpose: chosen.purpose,
    });
    debug.tool.last_function = chosen.tool;
    let error: ErrorValue | undefined = outcome.ok ? undefined : outcome.error;
    if (outcome.ok) {
      const patch = chosen.onOk(outcome.data, facts);
      for (const a of patch.$audit ?? []) audit.emit(a.type, a.message, a.data, a.type.includes('CONTAMINATION') ? 'warn' : 'info');
      if (patch.$error) error = failureValue(patch.$error.code, patch.$error.message, { ...patch.$error.details, tool: chosen.tool });
      else {
        const { $audit: _a, $error: _e, ...rest } = patch;
        Object.assign(facts, rest);
        debug.tool.last_status = 'ok';
        continue;
      }
    }
    if (!error) continue;
    debug.tool.last_status = 'error';
    const reason = reasonOf(error);
    debug.tool.last_error = reason;
    audit.emit('TOOL_FAILED', `${chosen.tool} failed: ${reason} ${error.message}`, { tool: chosen.tool, state: state.id, error }, 'warn');
    if (chosen.fallback) {
      const fb = await runFallback(chosen, args, error, {
        tools: deps.tools,
        audit,
        ...(deps.support ? { support: deps.support } : {}),
        carryApproval: deps.confirmations.carry,
      });
      const patch = fb.kind === 'alternate' ? chosen.onOk(fb.data, facts) : undefined;
      if (patch && !patch.$error) {
        const { $audit: _a, $error: _e, ...rest } = patch;
        Object.assign(facts, rest);
        debug.tool.last_function = fb.kind === 'alternate' ? fb.tool : chosen.tool;
        debug.tool.last_status = 'ok';
        continue;
      }
      if (fb.kind === 'handed_off') {
        const handed = { ...error, details: { ...error.details, tool: chosen.tool, handoff_id: fb.handoffId } };
        const told = fill(chosen.fallback.handedOff, locale, recoveryVars(facts, handed, locale));
        return fail(pack, facts, locale, audit, reply, handed, told);
      }
    }
    const count = (seenErrors.get(reason) ?? 0) + 1;
    seenErrors.set(reason, count);
    const recovery = pack.recovery[reason] ?? pack.recovery.default;
    const vars = recoveryVars(facts, error, locale);
    if (recovery.action === 'ask_again' && count < 2 && !recovery.endIf?.(facts)) {
      decide(audit, debug, state.id, 'recover:ask_again', `${reason} → clear ${(recovery.clear ?? []).join(', ') || 'nothing'}`);
      said.push(fill(recovery.say, locale, vars));
      for (const k of recovery.clear ?? []) delete facts[k];
      continue;
    }
    return fail(pack, facts, locale, audit, reply, { ...error, details: { ...error.details, tool: chosen.tool } });
  }
  return fail(pack, facts, locale, audit, reply, failureValue('INTERNAL', 'the flow did not settle within one turn'));
}

/** Without a reason from the person, the refusal is recorded as this (never an invented reason). */
export const NO_REASON_AT_CONFIRMATION = 'the person said no at the confirmation';

/**
 * "No" at a confirmation: the flow ends declined. The refusal is recorded with the person's own
 * reason (POLICY_DECISION action `reject`), the gated calls are logged as not made
 * (TOOL_CALL_SKIPPED REJECTED_AT_CONFIRMATION) and the reply says the reason back when one was given.
 */
function refuse(
  pack: DialoguePack,
  state: FlowState,
  facts: Facts,
  turn: TurnSignals,
  locale: Locale,
  deps: { audit: TurnAudit; debug: TurnDebug },
  reply: (...p: string[]) => string,
): FlowResult {
  const { audit, debug } = deps;
  const confirm = state.confirm as NonNullable<FlowState['confirm']>;
  const reason = turn.reason?.trim() || undefined;
  const calls = (pack.flow.find((s) => s.id === confirm.executeState)?.calls ?? []).map((rule) => rule.tool);
  debug.policy.input_rules.push(`${state.id}:reject`);
  audit.emit('POLICY_DECISION', `${state.id}: reject — ${reason ?? NO_REASON_AT_CONFIRMATION}`, {
    stage: state.id,
    action: 'reject',
    reason: reason ?? NO_REASON_AT_CONFIRMATION,
    reason_given: Boolean(reason),
    by: 'person',
    not_called: calls,
  });
  for (const tool of calls) {
    debug.tool.skipped.push(`${tool}:REJECTED_AT_CONFIRMATION`);
    audit.emit('TOOL_CALL_SKIPPED', `${tool} skipped: REJECTED_AT_CONFIRMATION`, {
      tool,
      reason: 'REJECTED_AT_CONFIRMATION',
      context: { state: state.id, person_reason: reason ?? null },
    });
  }
  for (const k of confirm.clearOnDeny ?? []) delete facts[k];
  facts.asked_state = undefined;
  const text = pack.texts.declined ? fill(pack.texts.declined, locale) : '';
  const why = reason ? fill(ENGINE_TEXTS.rejectedReason, locale, { reason }) : '';
  return { stage: 'DONE', flowState: 'done', reply: reply([text, why].filter(Boolean).join(' ')), outcome: 'declined' };
}

function ask(state: FlowState, facts: Facts, locale: Locale, reply: (...p: string[]) => string, debug: TurnDebug): FlowResult {
  const expecting = state.expects?.(facts);
  facts.asked_state = state.id;
  debug.slot.expected_input = expecting;
  return {
    stage: state.stage,
    flowState: state.id,
    ...(expecting ? { expecting } : {}),
    reply: reply(state.ask ? state.ask(facts, locale) : ''),
  };
}

function finish(pack: DialoguePack, facts: Facts, locale: Locale, audit: TurnAudit, reply: (...p: string[]) => string): FlowResult {
  for (const rule of pack.verification) {
    const miss = rule.check(facts);
    if (miss) {
      audit.emit('verification_failed', `${rule.id}: expected ${miss.expected}, saw ${miss.seen}`, { rule: rule.id, ...miss }, 'error');
      const failure = failureValue('VERIFICATION_FAILED', `${rule.id}: expected ${miss.expected}, saw ${miss.seen}`, {
        rule: rule.id,
        ...miss,
      });
      return fail(pack, facts, locale, audit, reply, failure);
    }
    audit.emit('verification_passed', rule.id, { rule: rule.id });
  }
  facts.asked_state = undefined;
  return { stage: 'DONE', flowState: 'done', reply: reply(pack.doneAnswer(facts, locale)), outcome: 'done' };
}

/**
 * The variables a recovery text may use: the facts, the failure's details, `{why}` (what went
 * wrong in the person's words) and `{next}` (what they can do) — never its code or message.
 */
function recoveryVars(facts: Facts, failure: ErrorValue, locale: Locale): Record<string, unknown> {
  const p = personError(failure, locale);
  return { ...facts, ...failure.details, why: p.says, next: p.next };
}

function fail(
  pack: DialoguePack,
  facts: Facts,
  locale: Locale,
  audit: TurnAudit,
  reply: (...p: string[]) => string,
  failure: ErrorValue,
  /** The next step when a fallback already took one (a hand-off's id), instead of the recovery's. */
  taken?: string,
): FlowResult {
  const reason = reasonOf(failure);
  const recovery = pack.recovery[reason] ?? pack.recovery.default;
  const vars = recoveryVars(facts, failure, locale);
  for (const k of recovery.clear ?? []) delete facts[k];
  const next = taken ?? fill(recovery.next, locale, vars);
  audit.emit('POLICY_DECISION', `stop: ${reason}`, { stage: 'FAILED', action: 'end', reason });
  return {
    stage: 'FAILED',
    flowState: 'done',
    reply: reply(fill(recovery.say, locale, vars), next),
    outcome: 'failed',
    // the next action the person was offered is the failure's next step in the log too
    failure: { ...failure, suggestions: [next, ...failure.suggestions] },
  };
}

function decide(audit: TurnAudit, debug: TurnDebug, stage: string, action: string, reason: string): void {
  debug.policy.input_rules.push(`${stage}:${action}`);
  audit.emit('POLICY_DECISION', `${stage}: ${action} — ${reason}`, { stage, action, reason });
}

function logSkip(audit: TurnAudit, debug: TurnDebug, rule: ToolRule, verdict: true | string, state: string): void {
  if (verdict === true || verdict.includes('ALREADY')) return;
  debug.tool.skipped.push(`${rule.tool}:${verdict}`);
  audit.emit('TOOL_CALL_SKIPPED', `${rule.tool} skipped: ${verdict}`, { tool: rule.tool, reason: verdict, context: { state } });
}

/** What the task holds, masked: the pack's own view, or its held non-sensitive slots. */
export function entityOf(pack: Pack | undefined, facts: Facts): Record<string, unknown> {
  if (pack?.entity) return pack.entity(facts);
  const out: Record<string, unknown> = {};
  for (const s of pack?.slots ?? []) if (!s.sensitive && facts[s.name] !== undefined) out[s.name] = facts[s.name];
  return out;
}
