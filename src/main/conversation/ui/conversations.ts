/**
 * The conversations a UI holds (Electron and the web host): one session facade per
 * conversation, its events folded into the view (plan, approval card, slots) and pushed to every
 * window; turns run in the background so the UI stays live. Settings (MCP servers, profiles,
 * the model) are read when a conversation starts.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { StewardError, toErrorValue } from '../../../shared/errors.ts';
import type { EngineEvent } from '../../../shared/events.ts';
import type { ChatMessage, ConversationView, Locale, Settings } from '../../../shared/ipc/index.ts';
import type { BrowserDriver } from '../../browser/driver.ts';
import { loadPacks } from '../../packs/index.ts';
import type { PackRegistry } from '../../packs/registry.ts';
import { fill } from '../../packs/text.ts';
import type { PipelinePack } from '../../packs/types.ts';
import type { BrowserSurface } from '../../services/browser-surface.ts';
import type { Conversations } from '../../services/conversation-service.ts';
import { toLogEvent } from '../../services/event-query.ts';
import { applyPolicyOverrides } from '../../services/policy-overrides.ts';
import type { PushHub } from '../../services/push-hub.ts';
import type { SecretStore, SettingsStore } from '../../services/settings/store.ts';
import { type ModelFactory, understandingFromSettings } from '../../services/understanding.ts';
import type { Store } from '../../store/index.ts';
import { browserRuntimeTools } from '../../tools/browser-source.ts';
import type { McpConnection } from '../../tools/mcp/source.ts';
import { ToolRuntime } from '../../tools/runtime.ts';
import { createSession, type Session } from '../session.ts';
import { ENGINE_TEXTS } from '../texts.ts';
import type { TurnResult } from '../turn/types.ts';
import { countsOf, countsText } from './counts.ts';
import { connectSettingsMcp } from './mcp-servers.ts';
import { profilesOf, type SavedProfile, withProfileChoice } from './profiles.ts';
import { blankSharedPage } from './shared-page.ts';
import { storedConversations, storedMessages } from './stored.ts';
import { approvalCard, foldPlan, quickReplies, slotChips, slotLabel } from './view.ts';

export interface ConversationsDeps {
  store: Store;
  hub: PushHub;
  surface: BrowserSurface;
  settings: SettingsStore;
  driver?: BrowserDriver;
  /** Base URL per recipe site (flights, hotels, shopA, shopB, form, account). */
  sites: Record<string, string>;
  artifactsDir: string;
  log?: (line: string) => void;
  /** The packs (found at run time from the packs folder when not given). */
  packs?: Promise<PackRegistry>;
  /** API keys for the model provider chosen in settings (engine services attach theirs when not given here). */
  secrets?: SecretStore;
  /** Makes the AI SDK model from provider settings; llm/providers.ts createModel by default (tests pass a mock model here). */
  models?: ModelFactory;
}

interface Entry {
  session: Session;
  /** The saved profiles: each one's id, its name and every key a request may name it by. */
  profiles: SavedProfile[];
  mcp: McpConnection[];
  locale: Locale;
  messages: ChatMessage[];
  view: Omit<ConversationView, 'messages' | 'conversationId' | 'sessionId'>;
}

const message = (role: ChatMessage['role'], text: string): ChatMessage => ({
  id: randomUUID(),
  role,
  text,
  ts: Date.now(),
  streaming: false,
});

/**
 * A command the session refused at once (the gate refused the approval) reaches the caller; a
 * turn that was accepted runs on. The session's promise is already rejected in the first case,
 * so it settles this race before the resolved one.
 */
async function accepted(turn: Promise<TurnResult>): Promise<void> {
  await Promise.race([turn.then(() => undefined), Promise.resolve()]);
}

export function createConversations(deps: ConversationsDeps): Conversations {
  let secrets = deps.secrets;
  const packs = deps.packs ?? loadPacks();
  const entries = new Map<string, Entry>();
  mkdirSync(deps.artifactsDir, { recursive: true });

  const viewOf = (id: string, e: Entry): ConversationView => ({
    conversationId: id,
    sessionId: e.session.sessionId,
    messages: e.messages,
    ...e.view,
  });
  const push = (id: string, e: Entry) => deps.hub.emit('conversation.changed', viewOf(id, e));
  const require = (id: string): Entry => {
    const e = entries.get(id);
    if (!e) throw new StewardError('CONTEXT_NOT_FOUND', `No conversation "${id}".`, { suggestions: ['Start a new conversation.'] });
    return e;
  };
  const refresh = (id: string, e: Entry) => {
    const st = e.session.state();
    const pack = st.packId ? e.session.packs.byId(st.packId) : undefined;
    const pending = st.pendingApproval;
    const approval = approvalCard(id, pending, pack, st.facts, e.locale);
    const before = e.view.approval?.approvalId;
    e.view = {
      ...e.view,
      stage: st.stage,
      ...(st.intent ? { intent: st.intent } : {}),
      slots: withProfileChoice(slotChips(pack, st.facts, e.locale), pack, st.facts, e.profiles, e.locale),
      quickReplies: pending
        ? []
        : (st.choices?.map((o) => ({ id: o.intent, label: o.label, text: o.label })) ?? quickReplies(st.expecting, e.locale)),
    };
    if (approval) e.view.approval = approval;
    else delete e.view.approval;
    if (approval && approval.approvalId !== before) deps.hub.emit('approval.requested', approval);
  };
  const onEvent = (id: string, e: Entry, ev: EngineEvent) => {
    const plan = foldPlan(e.view.plan, ev);
    if (plan) e.view.plan = plan;
    if (ev.type.startsWith('plan_') || ev.type.startsWith('step_') || ev.type === 'artifact_saved') push(id, e);
    deps.hub.emit('log.appended', {
      events: [
        toLogEvent({
          ...ev,
          session_id: ev.session_id,
          turn_id: ev.turn_id ?? null,
          ts_ms: Date.parse(ev.ts),
          data_json: JSON.stringify(ev.data),
        }),
      ],
    });
  };
  /** Runs one turn in the background; its reply, failure and state land in the view. */
  const turn = (id: string, e: Entry, said: string | undefined, run: () => Promise<TurnResult>): Promise<TurnResult> => {
    if (said) e.messages = [...e.messages, message('user', said)];
    delete e.view.error;
    push(id, e);
    deps.surface.agentActive(true);
    const result = run();
    void result
      .then((r) => {
        // the rows a search found travel with its reply, so the UI can lay them out side by side
        const rows = r.results?.length ? { results: r.results.slice(0, 20) } : {};
        e.messages = [...e.messages, { ...message('assistant', r.reply), ...rows }];
        if (r.failure) e.view.error = r.failure;
        if (r.output) {
          const out = { packId: r.output.packId, id: r.output.id, title: fill(r.output.title, e.locale) };
          e.view.outputs = [...(e.view.outputs ?? []).filter((o) => o.id !== out.id), out];
        }
      })
      .catch((err: unknown) => {
        e.view.error = toErrorValue(err);
      })
      .finally(() => {
        deps.surface.agentActive(false);
        refresh(id, e);
        push(id, e);
      });
    return result;
  };
  /** A decision the gate records at once; the view drops the card as soon as it is accepted. */
  const decide = async (id: string, run: (s: Session) => Promise<TurnResult>) => {
    const e = require(id);
    await accepted(turn(id, e, undefined, () => run(e.session)));
    delete e.view.approval;
    push(id, e);
  };

  /** The first route and tourism site the person saved, by the names the concierge's tools read. */
  const conciergeSites = (saved: Array<{ pack: string; url: string }>): Record<string, string> =>
    Object.fromEntries(
      (['routes', 'tourism'] as const).flatMap((k) => {
        const url = saved.find((x) => x.pack === k)?.url;
        return url ? [[k, url]] : [];
      }),
    );

  /** A conversation's engine side: its tool runtime (with MCP servers from settings), profiles and session. */
  const create = async (locale: Locale, sessionId?: string): Promise<{ id: string; entry: Entry }> => {
    const settings = deps.settings.read();
    // settings may add approvals or forbid more; the always-approve rules stay (see policy-overrides.ts)
    const policy = applyPolicyOverrides(settings.policyOverrides);
    for (const i of policy.ignored) deps.log?.(`Policy override "${i.rule}" (${i.effect}) ignored: ${i.reason}`);
    const runtime = new ToolRuntime({ store: deps.store, timeoutMs: 30_000, policy: policy.policy });
    if (deps.driver) runtime.register(...browserRuntimeTools({ driver: deps.driver, artifactsDir: deps.artifactsDir }));
    const mcp = await connectSettingsMcp(settings.mcpServers, runtime, deps.log);
    const { profiles, saved } = profilesOf(settings.formProfiles);
    const chosen = understandingFromSettings(settings.provider, secrets, deps.models);
    const session = createSession({
      store: deps.store,
      runtime,
      packs: await packs,
      // the concierge's route and tourism sites: the first the person saved in Settings, else the configured ones
      sites: { ...deps.sites, ...conciergeSites(settings.sites) },
      // the sites the person saved in Settings, read when a task plans (a change applies to the next search)
      savedSites: (pack) => deps.settings.read().sites.filter((x) => x.pack === pack),
      ...(deps.driver
        ? {
            page: (
              (d) => () =>
                d.selectedPage()
            )(deps.driver),
          }
        : {}),
      understanding: chosen.understanding,
      understandingLabel: chosen.label,
      locale,
      profiles,
      pipeline: { artifactsDir: deps.artifactsDir, settings: { ...(ttsFrom(settings, secrets) ?? {}) } },
      ...(sessionId ? { sessionId } : {}),
      concierge: {
        // the places the person saved in Settings (the concierge leaves their private details out)
        places: (settings.places ?? []).map((p) => ({ ...p.details, name: p.name })),
        // the route and tourism sites open in new pages of the browser the agent drives
        ...(deps.driver
          ? {
              browser: {
                open: async (url: string) => {
                  const driver = deps.driver as NonNullable<typeof deps.driver>;
                  const page = await driver.newPage(url);
                  return { page, close: () => driver.closePage(page.id) };
                },
              },
            }
          : {}),
      },
    });
    const id = session.sessionId;
    // overrides the policy refused (a hand-edited settings file) are said, not silently dropped
    const messages = policy.ignored.map((i) =>
      message('system', `${fill(ENGINE_TEXTS.policyOverrideIgnored, locale)}: "${i.rule}" (${i.effect}) — ${i.reason}`),
    );
    const entry: Entry = {
      session,
      mcp,
      profiles: saved,
      locale,
      messages,
      view: { stage: session.state().stage, slots: [], quickReplies: [] },
    };
    entries.set(id, entry);
    session.onEvent((ev) => onEvent(id, entry, ev));
    return { id, entry };
  };

  return {
    attachSecrets(s) {
      secrets ??= s;
    },
    async start(locale) {
      const others = [...entries.values()].map((e) => e.session.state().stage);
      await blankSharedPage(deps.driver, others);
      const { id, entry } = await create(locale);
      return viewOf(id, entry);
    },
    list: (limit) => storedConversations(deps.store, limit, (id) => entries.has(id)),
    async open(id, locale) {
      const loaded = entries.get(id);
      if (loaded) return viewOf(id, loaded);
      if (!deps.store.records.getSession(id)) {
        throw new StewardError('CONTEXT_NOT_FOUND', `No conversation "${id}".`, { suggestions: ['Start a new conversation.'] });
      }
      // the session continues from its stored machine; the messages and the plan come back from the store
      const { entry } = await create(locale, id);
      entry.messages = [...storedMessages(deps.store, id), ...entry.messages];
      for (const ev of deps.store.events.forSession(id)) {
        const plan = foldPlan(entry.view.plan, ev);
        if (plan) entry.view.plan = plan;
      }
      refresh(id, entry);
      return viewOf(id, entry);
    },
    get: (id) => viewOf(id, require(id)),
    async output(packId, id) {
      const pack = pipelinePack(await packs, packId);
      const data = pack.output(deps.store, id);
      if (!data || typeof data !== 'object')
        throw new StewardError('CONTEXT_NOT_FOUND', `No ${packId} output "${id}".`, {
          suggestions: ['Open the conversation that made it.'],
        });
      return { ...data };
    },
    async exportOutput(packId, id) {
      const pack = pipelinePack(await packs, packId);
      const path = pack.exportOutput(deps.store, id, join(deps.artifactsDir, 'exports'));
      return { fileName: basename(path), path, content: readFileSync(path, 'utf8') };
    },
    async send(id, text) {
      const e = require(id);
      // the conversation is listed (and its session in the log explorer) by what the person first asked
      if (!deps.store.records.getSession(id)?.goal) deps.store.records.updateSession(id, { goal: text });
      turn(id, e, text, () => e.session.send(text));
    },

    async setSlot(id, name, value) {
      const e = require(id);
      const st = e.session.state();
      const label = slotLabel(st.packId ? e.session.packs.byId(st.packId) : undefined, name, e.locale);
      // a choice reads as the person saw it (a profile's name, not its id)
      const counts = typeof value === 'string' ? undefined : countsOf(value, e.locale);
      const shown = counts
        ? countsText(counts, e.locale)
        : (e.view.slots.find((c) => c.name === name)?.choices?.find((c) => c.value === value)?.label ?? String(value));
      turn(id, e, `${label}: ${shown}`, () => e.session.setSlot(name, value));
    },
    approve: (id, approvalId) => decide(id, (s) => s.approve(approvalId)),
    reject: (id, approvalId, reason) => decide(id, (s) => s.reject(approvalId, reason)),
    async handOverDone(id, approvalId) {
      await decide(id, (s) => s.handOverDone(approvalId));
      deps.surface.setMode('idle');
    },
    async cancel(id) {
      const e = require(id);
      turn(id, e, undefined, () => e.session.cancel());
    },
    async pause(id) {
      const e = require(id);
      // pauses before the next step; the plan's own plan_paused event updates the view
      if (!e.session.pause()) {
        throw new StewardError('STATE_CONFLICT', 'No plan is running, so there is nothing to pause.', {
          suggestions: ['Pause while the plan view shows steps running.'],
        });
      }
      deps.surface.agentActive(false);
    },
    async resume(id) {
      const e = require(id);
      if (!e.session.resume()) {
        throw new StewardError('STATE_CONFLICT', 'Nothing is paused.', { suggestions: ['Continue the conversation.'] });
      }
      deps.surface.agentActive(true);
    },
    async close() {
      for (const e of entries.values()) {
        e.session.close();
        for (const c of e.mcp) await c.close().catch(() => undefined);
      }
      entries.clear();
    },
  };
}

function pipelinePack(registry: PackRegistry, packId: string): PipelinePack {
  const pack = registry.byId(packId);
  if (pack?.kind !== 'pipeline')
    throw new StewardError('CONTEXT_NOT_FOUND', `No pack "${packId}" makes outputs.`, {
      suggestions: ['Open the conversation that made it.'],
    });
  return pack;
}

/** The text-to-speech provider from settings, with its key from the secret store (none when no address is set). */
function ttsFrom(settings: Settings, secrets: SecretStore | undefined): { tts: Record<string, string> } | undefined {
  const t = settings.tts;
  if (!t?.baseUrl) return undefined;
  const apiKey = secrets?.get('tts');
  return {
    tts: {
      baseUrl: t.baseUrl,
      ...(apiKey ? { apiKey } : {}),
      ...(t.model ? { model: t.model } : {}),
      ...(t.voice ? { voice: t.voice } : {}),
    },
  };
}
