import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { ErrorCode, StewardError, toErrorValue } from '../../../shared/errors.ts';
import type { EngineEvent } from '../../../shared/events.ts';
import type { ChatMessage, ConversationView, Locale, Settings } from '../../../shared/ipc.ts';
import type { BrowserDriver } from '../../browser/driver.ts';
import { builtinPacks } from '../../packs/index.ts';
import type { BrowserSurface } from '../../services/browser-surface.ts';
import type { ConversationEngine } from '../../services/conversation-service.ts';
import { toLogEvent } from '../../services/event-query.ts';
import { applyPolicyOverrides } from '../../services/policy-overrides.ts';
import type { PushHub } from '../../services/push-hub.ts';
import type { SecretStore, SettingsStore } from '../../services/settings-store.ts';
import { type ModelFactory, understandingFromSettings } from '../../services/understanding.ts';
import type { Store } from '../../store/index.ts';
import { browserRuntimeTools } from '../../tools/browser-source.ts';
import { connectMcp, type McpConnection } from '../../tools/mcp-source.ts';
import { DEFAULT_POLICY } from '../../tools/policy.ts';
import { ToolRuntime } from '../../tools/runtime.ts';
import { type Conversation, createConversation } from '../session.ts';
import { approvalCard, foldPlan, quickReplies, shippingFromLookup, slotChips } from './view.ts';

export interface ConversationEngineDeps {
  store: Store;
  hub: PushHub;
  surface: BrowserSurface;
  settings: SettingsStore;
  driver?: BrowserDriver;
  /** Base URL per recipe site (flights, hotels, shopA, shopB, form, account). */
  sites: Record<string, string>;
  artifactsDir: string;
  log?: (line: string) => void;
  /** API keys for the model provider chosen in settings (engine services attach theirs when not given here). */
  secrets?: SecretStore;
  /** Makes the AI SDK model from provider settings; D1's createModel by default (tests pass a mock model here). */
  models?: ModelFactory;
}

interface Entry {
  conv: Conversation;
  mcp: McpConnection[];
  locale: Locale;
  messages: ChatMessage[];
  view: Omit<ConversationView, 'messages' | 'conversationId' | 'sessionId'>;
  facts: Record<string, unknown>;
  lastApprovalRequest?: EngineEvent;
  lastPolicy?: EngineEvent;
}

/** Leading NAME=value words of a command line are its environment (as `cdt agent run --mcp` takes them). */
function mcpConfig(s: Settings['mcpServers'][number]) {
  const words = [s.command ?? '', ...s.args].filter(Boolean);
  const env: Record<string, string> = { ...(s.env ?? {}) };
  while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const w = words.shift() as string;
    env[w.slice(0, w.indexOf('='))] = w.slice(w.indexOf('=') + 1);
  }
  const [command, ...args] = words;
  return command
    ? { command, args, ...(Object.keys(env).length ? { env: { ...(process.env as Record<string, string>), ...env } } : {}) }
    : undefined;
}

/**
 * D2's session runner (createConversation) behind the UI's ConversationEngine: one conversation
 * per store session, its events folded into the view (plan, approval, slots) and pushed to every UI,
 * turns run in the background so the UI stays live. Settings (MCP servers, profiles) are read at start.
 */
export function createConversationEngine(deps: ConversationEngineDeps): ConversationEngine {
  let secrets = deps.secrets;
  const entries = new Map<string, Entry>();
  mkdirSync(deps.artifactsDir, { recursive: true });

  const viewOf = (id: string, e: Entry): ConversationView => ({
    conversationId: id,
    sessionId: e.conv.sessionId,
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
    const st = e.conv.state();
    const pack = builtinPacks.find((p) => p.intent === st.intent);
    const pending = st.pendingApproval as { stepId: string; summary: string; mode: string } | undefined;
    const current = pending ? shippingFromLookup(deps.store.runs.toolCalls(e.conv.sessionId)) : undefined;
    const gatedKind = pack?.approval.gated.map((tool) => DEFAULT_POLICY.gated_tools[tool]).find(Boolean);
    const approval = approvalCard(id, pending, e.lastApprovalRequest, e.lastPolicy, e.facts, e.locale, current, gatedKind);
    e.view = {
      ...e.view,
      stage: st.stage,
      ...(st.intent ? { intent: st.intent } : {}),
      slots: slotChips(pack, e.facts, e.locale),
      quickReplies: pending ? [] : quickReplies(st.expecting, e.locale),
    };
    if (approval) e.view.approval = approval;
    else delete e.view.approval;
  };
  const onEvent = (id: string, e: Entry, ev: EngineEvent) => {
    if (ev.type === 'SLOT_EXTRACTED') {
      const resolved = (ev.data.resolved ?? {}) as Record<string, unknown>;
      const entity = (ev.data.entity ?? {}) as Record<string, unknown>;
      e.facts = { ...e.facts, ...resolved, ...Object.fromEntries(Object.entries(entity).filter(([, v]) => v !== undefined)) };
    }
    if (ev.type === 'approval_requested') e.lastApprovalRequest = ev;
    if (ev.type === 'POLICY_DECISION') e.lastPolicy = ev;
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
  const turn = (
    id: string,
    e: Entry,
    label: string | undefined,
    run: () => Promise<{ reply: string; failure?: { code: string; message: string; next: string } }>,
  ) => {
    if (label) e.messages = [...e.messages, { id: randomUUID(), role: 'user', text: label, ts: Date.now(), streaming: false }];
    delete e.view.error;
    push(id, e);
    deps.surface.agentActive(true);
    void run()
      .then((r) => {
        e.messages = [...e.messages, { id: randomUUID(), role: 'assistant', text: r.reply, ts: Date.now(), streaming: false }];
        if (r.failure) {
          const code = ErrorCode.safeParse(r.failure.code);
          e.view.error = {
            code: code.success ? code.data : 'INTERNAL',
            message: r.failure.message,
            details: code.success ? {} : { code: r.failure.code },
            suggestions: [r.failure.next],
            retryable: false,
          };
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
  };

  return {
    attachSecrets(s) {
      secrets ??= s;
    },
    async start(locale) {
      const settings = deps.settings.read();
      // settings may add approvals or forbid more; the always-approve rules stay (see policy-overrides.ts)
      const policy = applyPolicyOverrides(settings.policyOverrides);
      for (const i of policy.ignored) deps.log?.(`Policy override "${i.rule}" (${i.effect}) ignored: ${i.reason}`);
      const runtime = new ToolRuntime({ store: deps.store, timeoutMs: 30_000, policy: policy.policy });
      if (deps.driver) runtime.register(...browserRuntimeTools({ driver: deps.driver, artifactsDir: deps.artifactsDir }));
      const mcp: McpConnection[] = [];
      for (const s of settings.mcpServers) {
        const cfg = mcpConfig(s);
        if (!cfg) continue;
        try {
          const conn = await connectMcp(s.name, cfg);
          mcp.push(conn);
          runtime.register(...conn.tools);
        } catch (err) {
          deps.log?.(`MCP server ${s.name} did not start: ${toErrorValue(err).message}`);
        }
      }
      // the profile named "default" (or "기본") is the one the form pack uses; else the first saved one
      const profiles: Record<string, Record<string, string>> = Object.fromEntries(settings.formProfiles.map((p) => [p.id, p.fields]));
      const preferred =
        settings.formProfiles.find((p) => ['default', '기본'].includes(p.name.trim().toLowerCase())) ?? settings.formProfiles[0];
      if (preferred && !profiles.default) profiles.default = preferred.fields;
      const chosen = understandingFromSettings(settings.provider, secrets, deps.models);
      const conv = createConversation({
        store: deps.store,
        runtime,
        sites: deps.sites,
        understanding: chosen.understanding,
        understandingLabel: chosen.label,
        locale,
        profiles,
      });
      const id = conv.sessionId;
      // overrides the policy refused (a hand-edited settings file) are said, not silently dropped
      const messages: ChatMessage[] = policy.ignored.map((i) => ({
        id: randomUUID(),
        role: 'system',
        text: `${locale === 'ko' ? '정책 재정의가 적용되지 않았습니다' : 'Policy override not applied'}: "${i.rule}" (${i.effect}) — ${i.reason}`,
        ts: Date.now(),
        streaming: false,
      }));
      const entry: Entry = { conv, mcp, locale, messages, facts: {}, view: { stage: conv.state().stage, slots: [], quickReplies: [] } };
      entries.set(id, entry);
      conv.onEvent((ev) => onEvent(id, entry, ev));
      return viewOf(id, entry);
    },
    get: (id) => viewOf(id, require(id)),
    async send(id, text) {
      const e = require(id);
      turn(id, e, text, () => e.conv.send(text));
    },
    async setSlot(id, name, value) {
      const e = require(id);
      // The runner takes corrections as utterances; "<slot> <value>" is understood as a correction of that slot.
      const text = `${e.view.slots.find((s) => s.name === name)?.label ?? name} ${value}`;
      turn(id, e, text, () => e.conv.send(text));
    },
    async approve(id, approvalId) {
      const e = require(id);
      if (e.view.approval?.approvalId !== approvalId) {
        throw new StewardError('STATE_CONFLICT', 'That approval is no longer pending.', {
          suggestions: ['Decide the approval shown now.'],
        });
      }
      delete e.view.approval;
      turn(id, e, undefined, () => e.conv.approve(approvalId));
    },
    async reject(id, approvalId, reason) {
      const e = require(id);
      if (e.view.approval?.approvalId !== approvalId) {
        throw new StewardError('STATE_CONFLICT', 'That approval is no longer pending.', {
          suggestions: ['Decide the approval shown now.'],
        });
      }
      delete e.view.approval;
      turn(id, e, undefined, () => e.conv.reject(approvalId, reason));
    },
    async handOverDone(id, approvalId) {
      const e = require(id);
      if (e.view.approval?.approvalId !== approvalId) {
        throw new StewardError('STATE_CONFLICT', 'No hand-over is pending.', { suggestions: ['Continue the conversation.'] });
      }
      delete e.view.approval;
      deps.surface.setMode('idle');
      turn(id, e, undefined, () => e.conv.markHandOverDone());
    },
    async cancel(id) {
      const e = require(id);
      turn(id, e, undefined, () => e.conv.cancel());
    },
    async pause(id) {
      const e = require(id);
      // pauses before the next step; the plan's own plan_paused event updates the view
      if (!e.conv.pause()) {
        throw new StewardError('STATE_CONFLICT', 'No plan is running, so there is nothing to pause.', {
          suggestions: ['Pause while the plan view shows steps running.'],
        });
      }
      deps.surface.agentActive(false);
    },
    async resume(id) {
      const e = require(id);
      if (!e.conv.resume()) {
        throw new StewardError('STATE_CONFLICT', 'Nothing is paused.', { suggestions: ['Continue the conversation.'] });
      }
      deps.surface.agentActive(true);
    },
    async close() {
      for (const e of entries.values()) {
        e.conv.close();
        for (const c of e.mcp) await c.close().catch(() => undefined);
      }
      entries.clear();
    },
  };
}
