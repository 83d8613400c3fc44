/**
 * The session facade: one object per conversation, the only one the hosts use (Electron and the
 * web host through ui/conversations.ts, `cdt agent run` through headless.ts, tests directly).
 *
 *   const s = createSession({ store, runtime, packs, understanding: 'offline', sites })
 *   const off = s.onEvent((e) => push(e))   // every event of this session, as stored
 *   const r = await s.send('배송지 바꿔줘')    // → TurnResult { reply, stage, expecting, approval, results, failure, debug }
 *   await s.setSlot('date_start', '2026-12-20') // a structured value; nothing is re-parsed
 *   await s.approve(r.approval.approvalId)    // the stored approval's id; the gate refuses any other
 *   await s.reject(approvalId, reason)        // "no", with the person's reason
 *   await s.handOverDone(approvalId)          // the person finished the handed-over step (payment)
 *   await s.cancel()                          // cancel the task (a running plan stops at once)
 *   s.pause() / s.resume()                    // pause/resume the running browse plan (false: none runs)
 *   s.state()                                 // { stage, flowState, expecting, pendingApproval, outcome, intent, facts }
 *   s.close()
 *
 * Turns run one at a time, in order. A decision (approve, reject, hand-over done) is recorded by
 * the approval gate when it is made — an unknown or already decided approval is refused there —
 * and then runs as a turn of its own; only text goes through understanding.
 */

import { randomUUID } from 'node:crypto';
import { failureValue } from '../../shared/errors.ts';
import type { EngineEvent } from '../../shared/events.ts';
import type { Page } from '../browser/page.ts';
import type { PackRegistry } from '../packs/registry.ts';
import type { Facts, Locale } from '../packs/types.ts';
import type { Store } from '../store/index.ts';
import { alternatesOf } from '../tools/mcp/register.ts';
import { ToolRuntime } from '../tools/runtime.ts';
import { type Decision, gateDesk, type PendingApproval } from './approvals.ts';
import { eventStream } from './event-stream.ts';
import { type ConciergeOptions, graphModel, registerConciergeTools } from './experts/concierge/setup.ts';
import { createExpertGraph } from './experts/graph.ts';
import type { Persona } from './experts/types.ts';
import type { TurnInput } from './input.ts';
import { executorPlanRunner, type PlanRunnerPort, RunningPlan } from './plan-runner.ts';
import { ConversationRecords } from './records.ts';
import { storeSupportDesk } from './support.ts';
import { type TaskOption, taskOptions } from './task-choice.ts';
import { loopRunner } from './tasks/browse/loop-run.ts';
import { pageErrorOf } from './tasks/browse/page-error.ts';
import type { ChosenSite } from './tasks/browse/sites.ts';
import type { PipelineSetup } from './tasks/types.ts';
import { auditedToolPort, runtimeToolPort, type ToolPort } from './tool-port.ts';
import { TurnRunner } from './turn/runner.ts';
import type { TurnResult } from './turn/types.ts';
import { labelOf, type UnderstandingChoice, understandFor } from './understanding.ts';

export interface SessionOptions {
  store: Store;
  /** The tool runtime: dialogue calls and browse plans run through it, and its gate holds the approvals. */
  runtime?: ToolRuntime;
  /** Overrides the tool port (e.g. `mcpToolPort(client)`); the runtime's gate still holds approvals. */
  tools?: ToolPort;
  planRunner?: PlanRunnerPort;
  /** Base URL per recipe site. */
  sites?: Record<string, string>;
  /** The packs this session knows (see packs/index.ts `loadPacks`). */
  packs: PackRegistry;
  /** 'offline' (the default parser), a model (through the understanding contract), or any Understand function. */
  understanding: UnderstandingChoice;
  /** Label recorded in FINAL_ANSWER_READY (e.g. the model id). */
  understandingLabel?: string;
  /** Continue a stored session after a restart. */
  sessionId?: string;
  now?: () => Date;
  tz?: string;
  locale?: Locale;
  persona?: Persona;
  /** Saved form profiles by id (non-sensitive entries only are ever typed). */
  profiles?: Record<string, Record<string, string>>;
  /** The browser page the runtime's tools act on: browse packs run on a site with no recipe through the agent loop on it. */
  page?: () => Page;
  /** The sites the person saved for a pack (Settings), read when a task plans. */
  savedSites?: (packId: string) => ChosenSite[];
  /**
   * What pipeline packs get: a folder for their files, host settings they may use (tts), and the page
   * the browser shows (driven through `runtime`). The model is the understanding's when it is one.
   */
  pipeline?: {
    artifactsDir: string;
    settings?: Record<string, unknown>;
    page?: () => Page | Promise<Page>;
    /** The model pipeline packs use when the understanding is not a model (e.g. the offline parser with a model for generation). */
    model?: PipelineSetup['model'];
  };
  /** What the concierge experts read: saved places, the browser for the person's route/tourism sites, a model. */
  concierge?: ConciergeOptions;
}

export interface SessionState {
  stage: string;
  flowState?: string;
  expecting?: string;
  pendingApproval?: PendingApproval;
  outcome?: string;
  intent?: string;
  packId?: string;
  /** What the task holds (slots and derived facts); sensitive values are the caller's to mask. */
  facts: Facts;
  /** "Which task?" is asked: the tasks to pick from, labelled in the conversation's language. */
  choices?: TaskOption[];
}

export interface Session {
  readonly sessionId: string;
  readonly packs: PackRegistry;
  send(text: string): Promise<TurnResult>;
  /** Sets (or corrects) one slot of the running task with a structured value. */
  setSlot(name: string, value: unknown): Promise<TurnResult>;
  approve(approvalId: string): Promise<TurnResult>;
  reject(approvalId: string, reason?: string): Promise<TurnResult>;
  handOverDone(approvalId: string): Promise<TurnResult>;
  cancel(): Promise<TurnResult>;
  /** Pauses the running browse plan before its next step; false when no plan runs. */
  pause(): boolean;
  /** Resumes a paused plan; false when nothing is paused. */
  resume(): boolean;
  /** Whether a plan is running now and whether it is paused. */
  plan(): { running: boolean; paused: boolean };
  onEvent(listener: (e: EngineEvent) => void): () => void;
  events(): AsyncIterable<EngineEvent>;
  state(): SessionState;
  close(): void;
}

const NO_TOOLS: ToolPort = {
  call: async (tool) => ({
    ok: false,
    error: failureValue('NO_API_FOUND', `no tool server provides ${tool}`, { tool }, 'Configure the tool server (MCP) in settings.'),
  }),
};

export function createSession(opts: SessionOptions): Session {
  const sessionId = opts.sessionId ?? `s_${randomUUID()}`;
  const { store, packs } = opts;
  if (!store.records.getSession(sessionId)) store.records.createSession({ id: sessionId });
  // approvals live in a runtime's gate; without a runtime the session keeps one over its store
  const runtime = opts.runtime ?? new ToolRuntime({ store });
  const approvals = gateDesk(runtime);
  const listeners = new Set<(e: EngineEvent) => void>();
  const closers = new Set<() => void>();
  const publish = (e: EngineEvent) => {
    for (const l of listeners) l(e);
  };
  // one audit channel: the turn's events, the tool calls and the runtime's own events are all
  // committed through the runtime's Audit and reach this session's listeners from there
  const sink = (e: EngineEvent) => void runtime.audit.emit(e);
  const offRuntime = runtime.audit.subscribe((e) => e.session_id === sessionId && publish(e));
  // Tools the packs bring (read-only site APIs for their experts), once per runtime; the tools
  // a pack gates are gated by the runtime's policy for every caller, with the pack's kind (a
  // setting cannot lighten it).
  for (const p of packs.all()) {
    for (const t of p.tools?.(opts.sites ?? {}) ?? []) if (opts.runtime && !runtime.has(t.name)) runtime.register(t);
    const named = p.approval.kinds ?? {};
    // the same tool on another server (an alternate to fall back to) is gated the same way
    const gates = {
      ...named,
      ...Object.fromEntries(Object.entries(named).flatMap(([n, k]) => alternatesOf(runtime, n).map((a) => [a, k]))),
    };
    if (Object.keys(gates).length) runtime.policy = { ...runtime.policy, gated_tools: { ...runtime.policy.gated_tools, ...gates } };
  }
  // the concierge experts' tools: Steward's own documentation, the saved places, and the person's route/tourism sites
  if (opts.runtime)
    registerConciergeTools(runtime, {
      sessionId,
      ...(opts.concierge ? { concierge: opts.concierge } : {}),
      ...(opts.sites ? { sites: opts.sites } : {}),
    });
  const model = graphModel(opts.concierge, opts.understanding);
  const tools = auditedToolPort(opts.tools ?? (opts.runtime ? runtimeToolPort(opts.runtime) : NO_TOOLS), sink, opts.now);
  const running = new RunningPlan();
  const records = new ConversationRecords(store, sessionId, packs);
  const understand = understandFor(opts.understanding, sessionId, packs);
  const runner = opts.planRunner ?? (opts.runtime ? executorPlanRunner(opts.runtime, { running }) : undefined);
  const turns = new TurnRunner({
    sessionId,
    registry: packs,
    understand: async (text, o) => {
      const u = await understand(text, o);
      records.understood(u);
      return u;
    },
    understandingLabel: opts.understandingLabel ?? labelOf(opts.understanding),
    tools,
    approvals,
    support: storeSupportDesk(store),
    sink,
    snapshots: {
      save: (id, snap) => store.records.saveMachineSnapshot(id, 'session', snap),
      load: (id) => store.records.loadMachineSnapshot(id, 'session'),
    },
    experts: createExpertGraph({
      registry: packs,
      tools,
      ...(opts.persona ? { persona: opts.persona } : {}),
      ...(opts.concierge?.places ? { places: opts.concierge.places } : {}),
      ...(opts.sites ? { sites: opts.sites } : {}),
      ...(model ? { model } : {}),
    }),
    ...(runner
      ? {
          browse: {
            runner,
            sites: opts.sites ?? {},
            ...(opts.now ? { now: opts.now } : {}),
            ...(opts.profiles ? { context: { profiles: opts.profiles } } : {}),
            ...(opts.page && opts.runtime ? { loop: loopRunner(opts.runtime, opts.page, opts.now ? { now: opts.now } : {}) } : {}),
            ...(opts.savedSites ? { savedSites: opts.savedSites } : {}),
            ...(opts.page ? { pageUrl: () => pageUrlOf(opts.page), pageError: () => pageErrorOf(opts.page) } : {}),
          },
        }
      : {}),
    ...(opts.pipeline ? { pipeline: pipelineSetup(opts, opts.pipeline) } : {}),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.tz ? { tz: opts.tz } : {}),
    ...(opts.locale ? { locale: opts.locale } : {}),
    onTurn: (t) => {
      if (t.phase === 'start') {
        store.records.startTurn(sessionId, t.text, { id: t.turnId });
        records.turnStarted(t.turnId, t.text, turns.stage);
      } else store.records.finishTurn(t.turnId, t.reply);
    },
  });
  let queue: Promise<unknown> = Promise.resolve();
  /** Turns run one at a time, in order. */
  const run = (input: TurnInput): Promise<TurnResult> => {
    const fn = async () => {
      const r = await turns.run(input);
      const c = turns.context;
      records.turnFinished(c, r);
      if (c.packId) store.records.updateSession(sessionId, { pack: c.packId, intent: c.intent ?? null, status: r.stage });
      return r;
    };
    const next = queue.then(fn, fn);
    queue = next.catch(() => undefined);
    return next;
  };
  /** The gate records an approval or rejection now (refusing an approval that is not open); the turn follows. */
  const decide = async (approvalId: string, decision: Decision): Promise<TurnResult> => {
    // a finished hand-over is recorded by its turn, once the page shows it finished
    if (!('handOverDone' in decision)) approvals.decide(sessionId, approvalId, decision, 'person');
    return run({ kind: 'decision', approvalId, decision });
  };
  return {
    sessionId,
    packs,
    send: (text) => run({ kind: 'text', text }),
    setSlot: (name, value) => run({ kind: 'slot', name, value }),
    approve: (approvalId) => decide(approvalId, { approve: true }),
    reject: (approvalId, reason) => {
      const why = reason?.trim();
      return decide(approvalId, { reject: true, ...(why ? { reason: why } : {}) });
    },
    handOverDone: (approvalId) => decide(approvalId, { handOverDone: true }),
    cancel: () => {
      // a running plan stops now (its turn ends with it); the cancel turn then ends the task
      running.cancel();
      return run({ kind: 'cancel' });
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
      const c = turns.context;
      return {
        stage: turns.stage,
        facts: c.facts,
        ...(c.flowState ? { flowState: c.flowState } : {}),
        ...(c.expecting ? { expecting: c.expecting } : {}),
        ...(c.pendingApproval ? { pendingApproval: c.pendingApproval } : {}),
        ...(c.outcome ? { outcome: c.outcome } : {}),
        ...(c.intent ? { intent: c.intent } : {}),
        ...(c.packId ? { packId: c.packId } : {}),
        ...(c.choosing ? { choices: taskOptions(c.choosing, packs, c.locale) } : {}),
      };
    },
    close: () => {
      offRuntime();
      turns.stop();
      for (const c of [...closers]) c();
      listeners.clear();
    },
  };
}

/** The address of the page in the browser view, if one is open. */
function pageUrlOf(page: (() => Page) | undefined): string | undefined {
  try {
    return page?.().url();
  } catch {
    return undefined;
  }
}

/** The pipeline packs' setup: the store, the files folder, the model the understanding uses (when one), the browser (when a page is given). */
function pipelineSetup(opts: SessionOptions, p: NonNullable<SessionOptions['pipeline']>): PipelineSetup {
  const u = opts.understanding;
  const model =
    p.model ??
    (u !== 'offline' && typeof u !== 'function' ? { model: u.model, ...(u.modelName ? { modelName: u.modelName } : {}) } : undefined);
  const page = p.page ?? opts.page;
  return {
    store: opts.store,
    artifactsDir: p.artifactsDir,
    ...(model ? { model } : {}),
    ...(opts.runtime && page ? { browser: { runtime: opts.runtime, page } } : {}),
    ...(p.settings ? { settings: p.settings } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  };
}
