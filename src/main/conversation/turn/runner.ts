/**
 * One conversation turn = understand → sanitise → apply to facts → let the session machine and
 * the pack decide → run tools or plans → one reply. The model (or the offline parser) only
 * proposes commands; the machine (stages) and the pack (flow, policy) decide; tools act through
 * one port. A turn's input is typed: text to understand, a slot value, a decision the gate has
 * already recorded, or a cancel — only text goes through understanding. Machine snapshots are
 * saved at the end of every turn.
 */
import { randomUUID } from 'node:crypto';
import { type Actor, createActor, type Snapshot } from 'xstate';
import type { Understanding, UnderstandingState } from '../../../shared/commands.ts';
import { personError, toErrorValue } from '../../../shared/errors.ts';
import { fill } from '../../packs/text.ts';
import type { Pack, Stage } from '../../packs/types.ts';
import { isSensitiveField, maskSecretAnswer } from '../../tools/redact/index.ts';
import { closeOnCancel } from '../approvals.ts';
import { TurnAudit } from '../audit.ts';
import { applyCommands } from '../commands.ts';
import { emptyDebug, type TurnDebug } from '../debug.ts';
import { commandsOf, decisionApplies, describeInput, heldSlots, type TurnInput, turnLocale } from '../input.ts';
import { createSessionMachine, currentStage, isActive, type SessionContext, type SessionMachine } from '../machine.ts';
import { followsUpOn, searchAgainWith } from '../rerun.ts';
import { sanitiseCommands } from '../sanitiser.ts';
import { askTaskChoice, choiceOf, followChoice, startPicked, taskOptions } from '../task-choice.ts';
import { reorderAsked, reorderResults } from '../tasks/browse/reorder.ts';
import { entityOf } from '../tasks/dialogue/flow.ts';
import { runTaskTurn } from '../tasks/route.ts';
import { ENGINE_TEXTS } from '../texts.ts';
import { failureFields } from './answer.ts';
import type { TurnResult, TurnRunnerOptions } from './types.ts';

/** Runs the turns of one session over its machine (the session facade owns one). */
export class TurnRunner {
  readonly sessionId: string;
  private readonly opts: TurnRunnerOptions;
  private readonly machine: SessionMachine;
  private actor: Actor<SessionMachine>;

  constructor(opts: TurnRunnerOptions) {
    this.opts = opts;
    this.sessionId = opts.sessionId;
    this.machine = createSessionMachine({ missingRequired: (id, facts) => opts.registry.missingRequired(id, facts) });
    const saved = opts.snapshots.load(opts.sessionId);
    const input = { sessionId: opts.sessionId, ...(opts.locale ? { locale: opts.locale } : {}) };
    this.actor = createActor(this.machine, { input, ...(isSnapshot(saved) ? { snapshot: saved } : {}) });
    this.actor.start();
  }

  get stage(): Stage {
    return currentStage(this.actor);
  }

  get context(): SessionContext {
    return this.actor.getSnapshot().context;
  }

  private pack(): Pack | undefined {
    const id = this.context.packId;
    return id ? this.opts.registry.byId(id) : undefined;
  }

  /** One turn of conversation from a typed input. */
  async run(input: TurnInput): Promise<TurnResult> {
    const turnId = randomUUID();
    const now = this.opts.now ?? (() => new Date());
    const audit = new TurnAudit(this.sessionId, turnId, this.opts.sink, now);
    const debug = emptyDebug();
    const text = input.kind === 'text' ? input.text : '';
    // the answer to a question for a code or password is kept in the logs masked
    const logged = (t: string) => (isSensitiveField(this.context.expecting) ? maskSecretAnswer(t) : t);
    this.opts.onTurn?.({ phase: 'start', turnId, text: logged(describeInput(input)) });
    audit.emit('turn_started', 'turn started', { stage: this.stage, input: input.kind });
    if (input.kind === 'text') audit.emit('user_message', logged(text));
    this.actor.send({ type: 'TURN' });

    const ctx = this.context;
    const state: UnderstandingState = {};
    if (ctx.intent && isActive(this.stage, ctx)) state.activeIntent = ctx.intent;
    if (ctx.expecting && isActive(this.stage, ctx)) state.expecting = ctx.expecting;
    if (ctx.packId && isActive(this.stage, ctx)) state.slots = heldSlots(this.opts.registry.byId(ctx.packId), ctx.facts);
    let understood: Understanding;
    try {
      understood =
        input.kind === 'text'
          ? await this.opts.understand(text, { now: now(), tz: this.opts.tz ?? 'Asia/Seoul', state })
          : {
              commands: searchAgainWith(input, ctx, this.stage, this.pack()) ?? commandsOf(input, ctx),
              slots: {},
              locale: ctx.locale,
            };
    } catch (e) {
      return this.understandingFailed(e, turnId, text, audit, debug);
    }
    const locale = input.kind === 'text' ? turnLocale(text, understood.locale, ctx.locale, ctx.turns <= 1) : ctx.locale;
    // an answer to "which task?" starts the task picked, with the slots read from the request
    const waiting = input.kind === 'text' ? ctx.choosing : undefined;
    const follow = waiting ? followChoice(waiting, understood, text, this.opts.registry) : undefined;
    if (waiting && follow?.kind === 'picked') {
      const again = await Promise.resolve(
        this.opts.understand(waiting.text, { now: now(), tz: this.opts.tz ?? 'Asia/Seoul', state: { activeIntent: follow.intent } }),
      ).catch(() => undefined);
      understood = { ...understood, commands: startPicked(waiting, follow.intent, follow.rest, again?.commands) };
    }
    if (waiting) this.actor.send({ type: 'CHOOSE' });
    // results shown, then "제일 싼 곳으로 보여줘": the same rows in that order, not a new request
    const reorder = input.kind === 'text' && this.stage === 'DONE' ? reorderAsked(text, ctx.facts) : undefined;
    const followUp = input.kind === 'text' && !reorder && followsUpOn(this.pack(), text, ctx.facts, ctx, this.stage);
    if (reorder || followUp) understood = { ...understood, commands: [] };

    const { accepted, dropped } = sanitiseCommands(understood.commands, {
      ...(state.activeIntent ? { activeIntent: state.activeIntent } : {}),
      ...(state.expecting ? { expecting: state.expecting } : {}),
      slotsOf: (intent) => this.opts.registry.slotsOf(intent),
    });
    for (const d of dropped)
      audit.emit('command_dropped', `${d.command.type} dropped: ${d.reason}`, { command: d.command, reason: d.reason, detail: d.detail });

    // A new task first, so its slots land in the new task's facts.
    const said: string[] = [];
    const start = accepted.find((c) => c.type === 'start_task');
    if (start && start.type === 'start_task') {
      const next = this.opts.registry.byIntent(start.intent);
      if (next) {
        if (ctx.intent && isActive(this.stage, ctx)) {
          audit.emit('POLICY_DECISION', `switch task ${ctx.intent} → ${start.intent}`, {
            stage: this.stage,
            action: 'switch_task',
            reason: 'the person started another task',
          });
          said.push(fill(ENGINE_TEXTS.switched, locale, { from: ctx.intent, to: start.intent }));
        }
        this.restart(start.intent, next.id);
      }
    }
    const choosing = follow?.kind === 'again' ? waiting : choiceOf(accepted, text);
    const pack = choosing ? undefined : this.pack();
    const expectingBefore = start ? undefined : state.expecting;
    const facts = { ...this.context.facts };
    const applied = applyCommands(pack, facts, accepted, audit);
    if (input.kind === 'decision' && 'handOverDone' in input.decision) applied.handOverDone = true;
    for (const r of applied.rejected) said.push(fill(ENGINE_TEXTS.badValue, locale, { value: JSON.stringify(r.value), slot: r.slot }));
    audit.emit('SLOT_EXTRACTED', `${Object.keys(understood.slots).length} slot(s) understood, ${applied.changed.length} applied`, {
      intent: understood.intent,
      derived: understood.slots,
      resolved: Object.fromEntries(applied.changed.map((k) => [k, facts[k]])),
      rejected: applied.rejected,
      expected_input: ctx.expecting ?? null,
      entity: entityOf(pack, facts),
    });
    this.actor.send({ type: 'SLOTS', facts, locale });

    let result: Omit<TurnResult, 'turnId' | 'debug'>;
    if (reorder) {
      const { rows, reply } = reorderResults(reorder, facts, locale);
      this.actor.send({ type: 'SLOTS', facts: { ...facts, results: rows }, locale });
      audit.emit('POLICY_DECISION', `results re-ordered by ${reorder.field}`, {
        stage: this.stage,
        action: 'reorder_results',
        reason: 'the person asked for the results shown in another order',
        field: reorder.field,
      });
      result = { stage: this.stage, reply, results: rows };
    } else if (choosing) {
      this.actor.send({ type: 'CHOOSE', choosing });
      audit.emit('POLICY_DECISION', `which task: ${choosing.options.join(' | ')}`, {
        stage: this.stage,
        action: 'choose_task',
        reason: 'the request fits more than one task about equally',
        options: choosing.options,
        held: choosing.held,
      });
      result = { stage: this.stage, reply: askTaskChoice(choosing, this.opts.registry, locale, follow?.kind === 'again') };
    } else if (applied.cancelled && pack) {
      closeOnCancel(this.opts.approvals, this.sessionId, this.context.pendingApproval);
      this.actor.send({ type: 'CANCEL' });
      audit.emit('POLICY_DECISION', 'cancelled by the person', { stage: this.stage, action: 'cancel', reason: 'cancel command' });
      result = { stage: this.stage, reply: fill(ENGINE_TEXTS.cancelled, locale, { task: fill(pack.title, locale) }), outcome: 'cancelled' };
    } else if (input.kind === 'decision' && !decisionApplies(input.approvalId, this.context)) {
      result = { stage: this.stage, reply: fill(ENGINE_TEXTS.nothingPending, locale) };
    } else {
      try {
        const o = this.opts;
        result = await runTaskTurn(
          {
            registry: o.registry,
            tools: o.tools,
            approvals: o.approvals,
            audit,
            debug,
            ...(o.experts ? { experts: o.experts } : {}),
            ...(o.browse ? { browse: o.browse } : {}),
            ...(o.pipeline ? { pipeline: o.pipeline } : {}),
            ...(o.support ? { support: o.support } : {}),
          },
          {
            actor: this.actor,
            pack,
            facts,
            applied,
            locale,
            turnId,
            text,
            ...(expectingBefore ? { expecting: expectingBefore } : {}),
            ...(input.kind === 'decision' ? { decided: true } : {}),
            ...(input.kind === 'decision' && 'reject' in input.decision && input.decision.reason ? { reason: input.decision.reason } : {}),
          },
        );
      } catch (e) {
        // An unexpected fault is still an answer with its class and a next action, never a lost turn.
        const failure = toErrorValue(e);
        this.actor.send({ type: 'FAIL', failure });
        const person = personError(failure, locale);
        result = { stage: this.stage, reply: `${person.says}\n${person.next}`, outcome: 'failed', failure };
      }
    }
    const reply = [...said, result.reply].filter(Boolean).join('\n');
    const final = this.context;
    const held = final.packId ? this.opts.registry.byId(final.packId) : undefined;
    debug.slot = { ...debug.slot, entity: entityOf(held, final.facts), ...(final.expecting ? { expected_input: final.expecting } : {}) };
    const failure = result.failure ?? final.failure;
    audit.emit(
      'FINAL_ANSWER_READY',
      reply,
      {
        answer: reply,
        stage: this.stage,
        outcome: result.outcome ?? final.outcome ?? null,
        understanding: this.opts.understandingLabel ?? 'offline',
        ...(failure && this.stage === 'FAILED' ? failureFields(failure) : {}),
      },
      this.stage === 'FAILED' ? 'error' : 'info',
    );
    audit.emit('assistant_message', reply);
    audit.emit('turn_finished', 'turn finished', { stage: this.stage, flow_state: final.flowState, debug });
    this.opts.snapshots.save(this.sessionId, this.actor.getPersistedSnapshot());
    this.opts.onTurn?.({ phase: 'end', turnId, reply });
    return {
      turnId,
      stage: this.stage,
      ...(final.flowState ? { flowState: final.flowState } : {}),
      ...(final.expecting ? { expecting: final.expecting } : {}),
      reply,
      ...(result.outcome || final.outcome ? { outcome: result.outcome ?? final.outcome } : {}),
      ...(failure && this.stage === 'FAILED' ? { failure } : {}),
      ...(final.pendingApproval ? { approval: final.pendingApproval } : {}),
      ...(result.results ? { results: result.results } : {}),
      ...(result.output ? { output: result.output } : {}),
      ...(final.choosing ? { choices: taskOptions(final.choosing, this.opts.registry, locale) } : {}),
      debug,
    };
  }

  /** A model that failed (unreachable, contract broken twice) is reported with its class; the task stays as it was. */
  private understandingFailed(e: unknown, turnId: string, text: string, audit: TurnAudit, debug: TurnDebug): TurnResult {
    const failure = toErrorValue(e);
    const reply = fill(ENGINE_TEXTS.understandingFailed, turnLocale(text, undefined, this.context.locale, false));
    audit.emit('FINAL_ANSWER_READY', reply, { answer: reply, stage: this.stage, outcome: null, ...failureFields(failure) }, 'error');
    audit.emit('assistant_message', reply);
    audit.emit('turn_finished', 'turn finished (understanding failed)', { stage: this.stage, debug });
    this.opts.snapshots.save(this.sessionId, this.actor.getPersistedSnapshot());
    this.opts.onTurn?.({ phase: 'end', turnId, reply });
    const c = this.context;
    return {
      turnId,
      stage: this.stage,
      reply,
      failure,
      debug,
      ...(c.flowState ? { flowState: c.flowState } : {}),
      ...(c.expecting ? { expecting: c.expecting } : {}),
    };
  }

  private restart(intent: string, packId: string): void {
    if (this.stage !== 'CHAT_COLLECTING' && this.stage !== 'DONE' && this.stage !== 'FAILED') {
      // Leave the running stage first; START is taken only where a task can begin.
      this.actor.send({ type: 'CANCEL' });
    }
    this.actor.send({ type: 'START', intent, packId });
  }

  stop(): void {
    this.actor.stop();
  }
}

/** A stored machine snapshot (written by getPersistedSnapshot at the end of a turn). */
function isSnapshot(v: unknown): v is Snapshot<unknown> {
  return Boolean(v) && typeof v === 'object' && v !== null && 'status' in v;
}
