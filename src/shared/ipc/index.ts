import { z } from 'zod';
import { ErrorValue } from '../errors.ts';
import type { InvokeChannel, PushEvent } from './channels.ts';
import { LabRunInput, LabRunOutput } from './lab.ts';
import { HandOffView, SessionRecordsView } from './records.ts';

export { INVOKE_CHANNELS, type InvokeChannel, ipcInvokeName, ipcPushName, PUSH_EVENTS, type PushEvent } from './channels.ts';

/**
 * The ONE map of what crosses between the UI and the engine: invoke channels (input → output)
 * and push events. Both transports — Electron IPC (preload) and the headless host's WebSocket —
 * are generated from it, and the main side validates every input against it.
 * Only zod here: the renderer, preload and main all import this file.
 */

import { Locale } from '../locale.ts';

export { Locale } from '../locale.ts';

const Id = z.string().min(1).max(200);
const Text = z.string().max(20_000);
const Empty = z.object({}).strict();

// ── settings ────────────────────────────────────────────────────────────────
export const ProviderName = z.enum(['offline', 'openai', 'anthropic', 'google', 'openai-compatible']);
export const FormProfile = z.object({
  id: Id,
  name: z.string().min(1).max(100),
  /** Non-sensitive fields only (name, email, address…): never passwords or card numbers. */
  fields: z.record(z.string().max(100), z.string().max(1000)),
});
export type FormProfile = z.infer<typeof FormProfile>;
export const McpServerSetting = z.object({
  name: z.string().min(1).max(100),
  command: z.string().max(1000).optional(),
  args: z.array(z.string().max(1000)).max(50).default([]),
  env: z.record(z.string().max(100), z.string().max(2000)).optional(),
  url: z.url().optional(),
});
export const PolicyOverride = z.object({
  rule: z.string().min(1).max(200),
  effect: z.enum(['require_approval', 'allow', 'forbid']),
});
/** A site the person chose for a browse pack (flights, hotels, shopping, forms): its name and address. */
export const SiteSetting = z.object({
  pack: z.string().min(1).max(50),
  name: z.string().trim().min(1).max(100),
  url: z.url().refine((u) => /^https?:\/\//i.test(u), 'An http(s) address'),
});
export type SiteSetting = z.infer<typeof SiteSetting>;
/** A place the person saved (their stay, a meeting point): a name and labelled details; the concierge never shows private ones (codes, contacts). */
export const PlaceSetting = z.object({
  name: z.string().trim().min(1).max(100),
  details: z.record(z.string().trim().min(1).max(60), z.string().max(1000)),
});
export type PlaceSetting = z.infer<typeof PlaceSetting>;
export const Settings = z.object({
  language: Locale,
  provider: z.object({ name: ProviderName, model: z.string().max(200), baseUrl: z.url().optional() }),
  formProfiles: z.array(FormProfile).max(50),
  mcpServers: z.array(McpServerSetting).max(50),
  policyOverrides: z.array(PolicyOverride).max(200),
  /** Sites per browse pack; a site no recipe knows runs through the agent loop. */
  sites: z.array(SiteSetting).max(100).default([]),
  /** The person's saved places, for the concierge's questions about them. */
  places: z.array(PlaceSetting).max(50).default([]),
  /** The text-to-speech provider (an OpenAI-compatible /audio/speech endpoint); its key is kept as the "tts" secret. */
  tts: z
    .object({
      baseUrl: z
        .url()
        .refine((u) => /^https?:\/\//i.test(u), 'An http(s) address')
        .optional(),
      model: z.string().trim().max(200).optional(),
      voice: z.string().trim().max(100).optional(),
    })
    .default({}),
});
export type Settings = z.infer<typeof Settings>;
export const SettingsView = Settings.extend({
  /** Which providers have a stored key (never the key itself). */
  apiKeys: z.record(z.string(), z.boolean()),
  /** Where keys are kept and whether that is encrypted by the OS. */
  secretStore: z.object({ encrypted: z.boolean(), warning: z.string().optional() }),
});
export type SettingsView = z.infer<typeof SettingsView>;

// ── conversation, plan, approval ───────────────────────────────────────────
export const ChatMessage = z.object({
  id: Id,
  role: z.enum(['user', 'assistant', 'system']),
  text: Text,
  ts: z.number(),
  /** True while the reply is still streaming in. */
  streaming: z.boolean().default(false),
  /** The rows a search found (as the reply lists them), for a table beside the words. */
  results: z.array(z.record(z.string(), z.unknown())).max(50).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const SlotChip = z.object({
  name: z.string(),
  label: z.string(),
  value: z.string().optional(),
  /** The value as held, for the editor, when `value` reads it in words (a city's name for its code). */
  held: z.string().optional(),
  required: z.boolean(),
  /** When the slot takes one of a known list (the saved profiles): the values and how each reads. */
  choices: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  /** When the value is a set of counts (travellers): each count, edited with a stepper. */
  counts: z.array(z.object({ key: z.string(), label: z.string(), value: z.number().int(), min: z.number().int() })).optional(),
});
export const QuickReply = z.object({ id: z.string(), label: z.string(), text: z.string() });

export const StepStatus = z.enum(['pending', 'running', 'awaiting_approval', 'done', 'failed', 'skipped', 'cancelled']);
export const StepView = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  /** What the step acts on, in the page's words (a field's label, a button's name). */
  target: z.string().optional(),
  status: StepStatus,
  startedAt: z.number().optional(),
  durationMs: z.number().optional(),
  /** Artifact id of the screenshot taken after the step. */
  screenshotId: z.string().optional(),
  error: ErrorValue.optional(),
});
export type StepView = z.infer<typeof StepView>;
export const PlanView = z.object({
  planId: z.string(),
  intent: z.string(),
  status: z.enum(['running', 'paused', 'awaiting_approval', 'done', 'failed', 'cancelled']),
  steps: z.array(StepView),
});
export type PlanView = z.infer<typeof PlanView>;

export const ApprovalRequest = z.object({
  approvalId: Id,
  conversationId: Id,
  stepId: z.string(),
  /** What will happen, in the person's words. */
  action: z.string(),
  /** Why it needs approval: the policy rule, in the person's language. */
  rule: z.string(),
  /** The approval kind (payment, submission, account_change), for support staff and tests. */
  kind: z.string().optional(),
  /** 'execute': the engine does it after approval; 'hand_over': the person does it in the browser, then says done. */
  mode: z.enum(['execute', 'hand_over']),
  changes: z.array(z.object({ label: z.string(), before: z.string().optional(), after: z.string().optional() })),
  /** false when the step is not done in the browser (a shop API call): taking the browser over cannot do it. */
  inBrowser: z.boolean().optional(),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequest>;

/** One output of a pack, by the pack that made it and its id. */
export const PackOutputRef = z.object({ packId: z.string().min(1).max(50), id: z.string().min(1).max(100) }).strict();
export type PackOutputRef = z.infer<typeof PackOutputRef>;

export const ConversationView = z.object({
  conversationId: Id,
  sessionId: z.string(),
  stage: z.string(),
  intent: z.string().optional(),
  slots: z.array(SlotChip),
  quickReplies: z.array(QuickReply),
  messages: z.array(ChatMessage),
  plan: PlanView.optional(),
  approval: ApprovalRequest.optional(),
  error: ErrorValue.optional(),
  /** What a pack made in this conversation (a campaign's run package…), opened with outputs.get. */
  outputs: z.array(PackOutputRef.extend({ title: z.string() })).optional(),
});
export type ConversationView = z.infer<typeof ConversationView>;

/** A conversation the store keeps, for the list a person reopens one from. */
export const ConversationSummary = z.object({
  conversationId: Id,
  /** What the person asked for (the first request, masked as in the log). */
  title: z.string(),
  startedAt: z.number(),
  updatedAt: z.number(),
  /** The stage it ended in (or is in). */
  status: z.string(),
  /** Whether this window's engine has it loaded now. */
  open: z.boolean(),
});
export type ConversationSummary = z.infer<typeof ConversationSummary>;

// ── logs (support staff) ───────────────────────────────────────────────────
export const SessionSummary = z.object({
  id: z.string(),
  title: z.string(),
  startedAt: z.number(),
  endedAt: z.number().optional(),
  status: z.string(),
  pack: z.string().optional(),
  errorClass: z.string().optional(),
  eventCount: z.number(),
});
export type SessionSummary = z.infer<typeof SessionSummary>;
export const LogEvent = z.object({
  id: z.string(),
  sessionId: z.string(),
  turnId: z.string().optional(),
  ts: z.number(),
  type: z.string(),
  level: z.string(),
  message: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type LogEvent = z.infer<typeof LogEvent>;
export const EventFilter = z.object({
  sessionId: Id.optional(),
  from: z.number().optional(),
  to: z.number().optional(),
  pack: z.string().max(100).optional(),
  types: z.array(z.string().max(100)).max(50).optional(),
  errorClass: z.string().max(100).optional(),
  text: z.string().max(500).optional(),
});
export type EventFilter = z.infer<typeof EventFilter>;
export const ToolCallView = z.object({
  id: z.string(),
  ts: z.number(),
  tool: z.string(),
  status: z.string(),
  durationMs: z.number().optional(),
  /** Already redacted by the tool runtime. */
  args: z.unknown(),
  result: z.unknown(),
  errorClass: z.string().optional(),
});
/** One plan step of a session as support staff read it: the page before and after it (artifact ids). */
export const StepStory = z.object({
  stepId: z.string(),
  title: z.string(),
  status: z.string(),
  ts: z.number(),
  before: z.string().optional(),
  after: z.string().optional(),
  error: ErrorValue.optional(),
});
export type StepStory = z.infer<typeof StepStory>;
const Decision = z.object({ ts: z.number(), from: z.string(), event: z.string(), to: z.string() });
export const SessionDetail = z.object({
  session: SessionSummary,
  turns: z.array(z.object({ id: z.string(), ts: z.number(), role: z.string(), text: z.string() })),
  toolCalls: z.array(ToolCallView),
  decisions: z.array(Decision),
  screenshots: z.array(z.object({ stepId: z.string(), phase: z.enum(['before', 'after']), artifactId: z.string() })),
  steps: z.array(StepStory).default([]),
  /** Only for a session that failed: the failure, its step, the page before/after and the decision before it. */
  failingStep: z
    .object({
      stepId: z.string(),
      title: z.string().optional(),
      error: ErrorValue,
      before: z.string().optional(),
      after: z.string().optional(),
      decision: Decision.optional(),
    })
    .optional(),
});
export type SessionDetail = z.infer<typeof SessionDetail>;

// ── browser view ────────────────────────────────────────────────────────────
export const BrowserControl = z.object({
  /** Who drives the embedded browser right now. */
  mode: z.enum(['agent', 'person', 'idle']),
  url: z.string(),
  title: z.string(),
  /** 'embedded' in Electron (a WebContentsView), 'screencast' on the headless host. */
  surface: z.enum(['embedded', 'screencast']),
});
export type BrowserControl = z.infer<typeof BrowserControl>;
export const ScreencastFrame = z.object({ data: z.string(), width: z.number(), height: z.number(), ts: z.number() });
export type ScreencastFrame = z.infer<typeof ScreencastFrame>;
export const PersonInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('click'), x: z.number().min(0), y: z.number().min(0) }),
  z.object({ kind: z.literal('type'), text: z.string().max(2000) }),
  z.object({
    kind: z.literal('key'),
    /** A key name as KeyboardEvent.key gives it ("Enter", "Tab", "ArrowLeft", "a"). */
    key: z.string().min(1).max(30),
    modifiers: z
      .array(z.enum(['Alt', 'Control', 'Meta', 'Shift']))
      .max(4)
      .optional(),
  }),
  z.object({
    kind: z.literal('scroll'),
    deltaY: z.number().min(-5000).max(5000),
    deltaX: z.number().min(-5000).max(5000).optional(),
    /** Where the wheel turned, in page pixels (the page scrolls what is under it). */
    x: z.number().min(0).optional(),
    y: z.number().min(0).optional(),
  }),
]);
/** A page asked for files while the person is in control ("multiple" when it takes several). */
export const FileChooserRequest = z.object({ mode: z.enum(['selectSingle', 'selectMultiple']), ts: z.number() });
/** The files the person picked for the page's file chooser (at most three of 10 MB each: one host message). */
export const ChosenFiles = z
  .object({
    files: z
      .array(z.object({ name: z.string().min(1).max(255), dataBase64: z.string().max(14_000_000) }))
      .min(1)
      .max(3),
  })
  .strict();

/** The largest session bundle (JSON text, screenshots as base64) the log explorer imports. */
export const MAX_BUNDLE_CHARS = 48 * 1024 * 1024;

// ── the map ─────────────────────────────────────────────────────────────────
const channel = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O) => ({ input, output });
const Ack = z.object({ ok: z.literal(true) });
const ConversationRef = z.object({ conversationId: Id }).strict();
const ApprovalRef = z.object({ conversationId: Id, approvalId: Id }).strict();

export const INVOKE = {
  'app.info': channel(
    Empty,
    z.object({ version: z.string(), host: z.enum(['electron', 'headless']), engine: z.record(z.string(), z.boolean()) }),
  ),
  'settings.get': channel(Empty, SettingsView),
  'settings.update': channel(
    Settings.partial()
      .extend({
        /** The change keys of commands and base URLs the person confirmed in the settings screen. */
        confirmed: z.array(z.string().max(5000)).max(60).optional(),
      })
      .strict(),
    SettingsView,
  ),
  'settings.setApiKey': channel(
    z.object({ provider: z.union([ProviderName, z.literal('tts')]), key: z.string().min(1).max(500) }).strict(),
    SettingsView,
  ),
  'conversation.start': channel(z.object({ locale: Locale }).strict(), ConversationView),
  'conversation.get': channel(ConversationRef, ConversationView),
  /** The stored conversations, newest first. */
  'conversation.list': channel(z.object({ limit: z.number().int().min(1).max(200).default(30) }).strict(), z.array(ConversationSummary)),
  /** A stored conversation, loaded again (after a reload or a restart) with its messages, plan stage and slots. */
  'conversation.open': channel(z.object({ conversationId: Id, locale: Locale }).strict(), ConversationView),
  'conversation.send': channel(z.object({ conversationId: Id, text: z.string().min(1).max(4000) }).strict(), Ack),
  'conversation.setSlot': channel(
    z
      .object({
        conversationId: Id,
        name: z.string().min(1).max(100),
        /** Text, or the counts of a counts chip ({adults: 2, children: 1, infants: 0}). */
        value: z.union([z.string().max(1000), z.record(z.string().max(32), z.number().int().min(0).max(9))]),
      })
      .strict(),
    Ack,
  ),
  'conversation.approve': channel(ApprovalRef, Ack),
  'conversation.reject': channel(ApprovalRef.extend({ reason: z.string().max(1000).optional() }).strict(), Ack),
  'conversation.handOverDone': channel(ApprovalRef, Ack),
  'conversation.cancel': channel(ConversationRef, Ack),
  'conversation.pause': channel(ConversationRef, Ack),
  'conversation.resume': channel(ConversationRef, Ack),
  'browser.state': channel(Empty, BrowserControl),
  'browser.takeOver': channel(Empty, BrowserControl),
  'browser.giveBack': channel(Empty, BrowserControl),
  /** The last screencast picture, so a window that opens later shows the page at once (null before any). */
  'browser.lastFrame': channel(Empty, ScreencastFrame.nullable()),
  'browser.input': channel(PersonInput, Ack),
  /** Answers the page's file chooser with the files the person picked in the UI. */
  'browser.chooseFiles': channel(ChosenFiles, Ack),
  'logs.sessions': channel(EventFilter.extend({ limit: z.number().int().min(1).max(1000).default(200) }).strict(), z.array(SessionSummary)),
  'logs.events': channel(
    EventFilter.extend({ offset: z.number().int().min(0).default(0), limit: z.number().int().min(1).max(200_000).default(1000) }).strict(),
    z.object({ total: z.number(), events: z.array(LogEvent) }),
  ),
  'logs.session': channel(z.object({ sessionId: Id }).strict(), SessionDetail),
  'logs.records': channel(z.object({ sessionId: Id }).strict(), SessionRecordsView),
  'logs.handoffs': channel(z.object({ status: z.enum(['open', 'closed']).optional() }).strict(), z.array(HandOffView)),
  'logs.closeHandoff': channel(z.object({ id: Id }).strict(), HandOffView),
  'logs.export': channel(z.object({ sessionId: Id }).strict(), z.object({ fileName: z.string(), bundle: z.string() })),
  'logs.import': channel(z.object({ bundle: z.string().min(2).max(MAX_BUNDLE_CHARS) }).strict(), z.object({ sessionId: z.string() })),
  'outputs.get': channel(PackOutputRef, z.object({ packId: z.string(), id: z.string(), data: z.record(z.string(), z.unknown()) })),
  'outputs.export': channel(PackOutputRef, z.object({ fileName: z.string(), path: z.string(), content: z.string() })),
  'lab.run': channel(LabRunInput, LabRunOutput),
  'artifacts.image': channel(z.object({ artifactId: Id }).strict(), z.object({ mime: z.string(), dataBase64: z.string() })),
} as const;

export const PUSH = {
  'conversation.changed': ConversationView,
  'approval.requested': ApprovalRequest,
  'log.appended': z.object({ events: z.array(LogEvent) }),
  'browser.control': BrowserControl,
  'browser.frame': ScreencastFrame,
  'browser.fileChooser': FileChooserRequest,
} as const;

// The map and the zod-free name lists must agree exactly (checked by the compiler).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const invokeNamesAgree: Same<keyof typeof INVOKE, InvokeChannel> = true;
const pushNamesAgree: Same<keyof typeof PUSH, PushEvent> = true;
void invokeNamesAgree;
void pushNamesAgree;
export type InvokeInput<C extends InvokeChannel> = z.input<(typeof INVOKE)[C]['input']>;
export type InvokeArgs<C extends InvokeChannel> = z.output<(typeof INVOKE)[C]['input']>;
export type InvokeOutput<C extends InvokeChannel> = z.output<(typeof INVOKE)[C]['output']>;
export type PushPayload<E extends PushEvent> = z.output<(typeof PUSH)[E]>;

/** What every invoke answers with, over either transport: a value or an ErrorValue, never a throw. */
export type InvokeResult<C extends InvokeChannel> = { ok: true; value: InvokeOutput<C> } | { ok: false; error: ErrorValue };

/** The API the renderer sees (window.steward in Electron, the WebSocket client on the host). */
export interface StewardApi {
  readonly transport: 'electron' | 'websocket';
  invoke<C extends InvokeChannel>(channel: C, input: InvokeInput<C>): Promise<InvokeResult<C>>;
  on<E extends PushEvent>(event: E, listener: (payload: PushPayload<E>) => void): () => void;
}

/** The WebSocket protocol of the headless host. */
export const WsClientMessage = z.object({
  kind: z.literal('invoke'),
  id: z.number().int(),
  channel: z.string().max(100),
  input: z.unknown(),
});
export type WsServerMessage =
  | { kind: 'result'; id: number; result: InvokeResult<InvokeChannel> }
  | { kind: 'push'; event: PushEvent; payload: unknown };
