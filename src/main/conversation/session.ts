/**
 * The conversation API the UI (IPC handlers) and the CLI use — keep it small.
 *
 *   const conv = createConversation({ store, runtime, understanding: 'offline', sites, tools })
 *   const off = conv.onEvent((e) => push(e))        // every event of this session, as stored
 *   const r = await conv.send('배송지 바꿔줘')        // → TurnResult { reply, stage, expecting, approval, results, failure, debug }
 *   await conv.approve(stepId)                        // "yes" to the pending approval (browse step or confirmation)
 *   await conv.reject(stepId, reason)                 // "no", with the person's reason (reply, events; a browse step's approval row)
 *   await conv.markHandOverDone()                     // the person finished the handed-over step (payment)
 *   await conv.cancel()                               // cancel the running task (a running plan stops at once)
 *   conv.pause() / conv.resume()                      // pause/resume the running browse plan (false: none runs)
 *   for await (const e of conv.events()) …            // the same events as an async iterator (ends on close)
 *   conv.state()                                      // { stage, flowState, expecting, pendingApproval, outcome }
 *   conv.close()
 *
 * Options: `store` (C1's store: events, turns, machine snapshots), `runtime` (C1's ToolRuntime;
 * its tools run dialogue calls and its executor runs browse plans), `tools` (override the tool
 * port, e.g. `mcpToolPort(client)` for the shop), `sites` (base URL per recipe site),
 * `packs`, `understanding` ('offline' parser or any Understand function, e.g. a model adapter),
 * `sessionId` (continue a stored session after a restart), `now`/`tz`/`locale`, `persona`.
 */
import { randomUUID } from 'node:crypto';
import type { LanguageModel } from 'ai';
import type { Command } from '../../shared/commands.ts';
import { StewardError } from '../../shared/errors.ts';
import type { EngineEvent } from '../../shared/events.ts';
import { parseUtterance } from '../agent/nlu/index.ts';
import { understandWithModel } from '../llm/understand-with-model.ts';
import { builtinPacks } from '../packs/index.ts';
import { PackRegistry } from '../packs/registry.ts';
import type { Locale, Pack } from '../packs/types.ts';
import type { Store } from '../store/index.ts';
import type { ToolRuntime } from '../tools/runtime.ts';
import { createExpertGraph } from './experts/graph.ts';
import type { Persona } from './experts/types.ts';
import { executorPlanRunner, RunningPlan, runtimeToolPort } from './plan-runner.ts';
import type { PlanRunnerPort } from './tasks/browse.ts';
import type { ToolPort } from './tasks/dialogue.ts';
import { auditedToolPort } from './tool-port.ts';
import { Orchestrator, type TurnResult, type Understand } from './turn.ts';

export interface ConversationOptions {
  store: Store;
  runtime?: ToolRuntime;
  tools?: ToolPort;
  planRunner?: PlanRunnerPort;
  sites?: Record<string, string>;
  packs?: Pack[] | PackRegistry;
  /** 'offline' (the default parser), a model (through the understanding contract), or any Understand function. */
  understanding: 'offline' | Understand | { model: LanguageModel; modelName?: string };
  /** Label recorded in FINAL_ANSWER_READY (e.g. the model id). */
  understandingLabel?: string;
  sessionId?: string;
  now?: () => Date;
  tz?: string;
  locale?: Locale;
  persona?: Persona;
  /** Saved form profiles by id (non-sensitive entries only are ever typed). */
  profiles?: Record<string, Record<string, string>>;
}

export interface Conversation {
  readonly sessionId: string;
  send(text: string): Promise<TurnResult>;
  approve(stepId: string): Promise<TurnResult>;
  reject(stepId: string, reason?: string): Promise<TurnResult>;
  markHandOverDone(): Promise<TurnResult>;
  cancel(): Promise<TurnResult>;
  /** Pauses the running browse plan before its next step; false when no plan runs (or a custom planRunner is used). */
  pause(): boolean;
  /** Resumes a paused plan; false when nothing is paused. */
  resume(): boolean;
  /** Whether a plan is running now and whether it is paused. */
  plan(): { running: boolean; paused: boolean };
  onEvent(listener: (e: EngineEvent) => void): () => void;
  events(): AsyncIterable<EngineEvent>;
  state(): { stage: string; flowState?: string; expecting?: string; pendingApproval?: unknown; outcome?: string; intent?: string };
  close(): void;
}

export const offlineUnderstand: Understand = (text, o) =>
  parseUtterance(text, { now: o.now, tz: o.tz, ...(o.locale ? { locale: o.locale } : {}), state: o.state });

function understandFor(u: ConversationOptions['understanding'], sessionId: string): Understand {
  if (u === 'offline') return offlineUnderstand;
  if (typeof u === 'function') return u;
  return (text, o) =>
    understandWithModel(
      text,
      { now: o.now, tz: o.tz, state: o.state, sessionId },
      { model: u.model, ...(u.modelName ? { modelName: u.modelName } : {}) },
    );
}

function labelOf(u: ConversationOptions['understanding']): string {
  if (u === 'offline') return 'offline';
  if (typeof u === 'function') return 'custom';
  return u.modelName ?? (typeof u.model === 'string' ? u.model : `${u.model.provider}/${u.model.modelId}`);
}

const NO_TOOLS: ToolPort = {
  call: async (tool) => ({
    ok: false,
    error: {
      code: 'NO_API_FOUND',
      message: `no tool server provides ${tool}`,
      suggestions: ['Configure the tool server (MCP) in settings.'],
    },
  }),
};

export function createConversation(opts: ConversationOptions): Conversation {
  const sessionId = opts.sessionId ?? `s_${randomUUID()}`;
  const { store } = opts;
  if (!store.records.getSession(sessionId)) store.records.createSession({ id: sessionId });
  const registry = opts.packs instanceof PackRegistry ? opts.packs : new PackRegistry(opts.packs ?? builtinPacks);
  const listeners = new Set<(e: EngineEvent) => void>();
  const closers = new Set<() => void>();
  const publish = (e: EngineEvent) => {
    for (const l of listeners) l(e);
  };
  const sink = (e: EngineEvent) => publish(store.events.append(e));
  const offRuntime = opts.runtime?.audit.subscribe((e) => e.session_id === sessionId && publish(e)) ?? (() => {});
  // Tools the packs bring (read-only site APIs for their experts), once per runtime.
  for (const p of registry.all())
    for (const t of p.tools?.(opts.sites ?? {}) ?? []) if (opts.runtime && !opts.runtime.has(t.name)) opts.runtime.register(t);
  const tools = auditedToolPort(opts.tools ?? (opts.runtime ? runtimeToolPort(opts.runtime) : NO_TOOLS), sink, opts.now);
  const running = new RunningPlan();
  /** The reason typed with the reject button, for the turn that carries that rejection only. */
  let rejection: string | undefined;
  const runner = opts.planRunner ?? (opts.runtime ? executorPlanRunner(opts.runtime, { running }) : undefined);
  const orchestrator = new Orchestrator({
    sessionId,
    registry,
    understand: understandFor(opts.understanding, sessionId),
    understandingLabel: opts.understandingLabel ?? labelOf(opts.understanding),
    tools,
    sink,
    snapshots: {
      save: (id, snap) => store.records.saveMachineSnapshot(id, 'session', snap),
      load: (id) => store.records.loadMachineSnapshot(id, 'session'),
    },
    experts: createExpertGraph({ registry, tools, ...(opts.persona ? { persona: opts.persona } : {}) }),
    ...(runner
      ? {
          browse: {
            runner,
            sites: opts.sites ?? {},
            ...(opts.now ? { now: opts.now } : {}),
            ...(opts.profiles ? { context: { profiles: opts.profiles } } : {}),
            rejectionReason: () => rejection,
          },
        }
      : {}),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.tz ? { tz: opts.tz } : {}),
    ...(opts.locale ? { locale: opts.locale } : {}),
    rejectionReason: () => rejection,
    onTurn: (t) => {
      if (t.phase === 'start') store.records.startTurn(sessionId, t.text, { id: t.turnId });
      else store.records.finishTurn(t.turnId, t.reply);
    },
  });
  let queue: Promise<unknown> = Promise.resolve();
  /** Turns run one at a time, in order. */
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };
  const afterTurn = (r: TurnResult) => {
    const c = orchestrator.context;
    if (c.packId) store.records.updateSession(sessionId, { pack: c.packId, intent: c.intent ?? null, status: r.stage } as never);
    return r;
  };
  const forced = (label: string, commands: Command[], handOverDone = false) =>
    serial(() => orchestrator.send(label, { commands, handOverDone }).then(afterTurn));
  const checkStep = (stepId: string) => {
    const pending = orchestrator.context.pendingApproval;
    if (!pending || pending.stepId !== stepId) {
      throw new StewardError('STATE_CONFLICT', `No approval is pending for step ${stepId}`, {
        details: { pending: pending?.stepId ?? null },
        suggestions: [pending ? `Approve or reject step ${pending.stepId}.` : 'Nothing waits for approval; continue the conversation.'],
      });
    }
  };
  return {
    sessionId,
    send: (text) => serial(() => orchestrator.send(text).then(afterTurn)),
    approve: async (stepId) => {
      checkStep(stepId);
      return forced('[approve]', [{ type: 'confirm', confidence: 1 }]);
    },
    reject: async (stepId, reason) => {
      checkStep(stepId);
      const why = reason?.trim() || undefined;
      return serial(async () => {
        rejection = why;
        try {
          const r = await orchestrator.send(why ? `[reject] ${why}` : '[reject]', { commands: [{ type: 'deny', confidence: 1 }] });
          return afterTurn(r);
        } finally {
          rejection = undefined;
        }
      });
    },
    markHandOverDone: () => forced('[hand-over done]', [], true),
    cancel: () => {
      // a running plan stops now (its turn ends with it); the cancel turn then ends the task
      running.cancel();
      return forced('[cancel]', [{ type: 'cancel', confidence: 1 }]);
    },
    pause: () => running.pause(),
    resume: () => running.resume(),
    plan: () => ({ running: running.running, paused: running.paused }),
    onEvent: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    events: () => eventStream(listeners, closers),
    state: () => {
      const c = orchestrator.context;
      return {
        stage: orchestrator.stage,
        ...(c.flowState ? { flowState: c.flowState } : {}),
        ...(c.expecting ? { expecting: c.expecting } : {}),
        ...(c.pendingApproval ? { pendingApproval: c.pendingApproval } : {}),
        ...(c.outcome ? { outcome: c.outcome } : {}),
        ...(c.intent ? { intent: c.intent } : {}),
      };
    },
    close: () => {
      offRuntime();
      orchestrator.stop();
      for (const c of [...closers]) c();
      listeners.clear();
    },
  };
}

/** Events as an async iterator; ends when the conversation closes. */
function eventStream(listeners: Set<(e: EngineEvent) => void>, closers: Set<() => void>): AsyncIterable<EngineEvent> {
  return {
    [Symbol.asyncIterator]() {
      const buffer: EngineEvent[] = [];
      let wake: (() => void) | undefined;
      let closed = false;
      const listener = (e: EngineEvent) => {
        buffer.push(e);
        wake?.();
      };
      const close = () => {
        closed = true;
        wake?.();
      };
      listeners.add(listener);
      closers.add(close);
      return {
        async next(): Promise<IteratorResult<EngineEvent>> {
          while (!buffer.length && !closed) await new Promise<void>((r) => (wake = r));
          const value = buffer.shift();
          if (value) return { value, done: false };
          listeners.delete(listener);
          closers.delete(close);
          return { value: undefined, done: true };
        },
        async return(): Promise<IteratorResult<EngineEvent>> {
          listeners.delete(listener);
          return { value: undefined, done: true };
        },
      };
    },
  };
}
