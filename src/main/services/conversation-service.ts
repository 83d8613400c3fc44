import { StewardError } from '../../shared/errors.ts';
import type { ConversationSummary, ConversationView, Locale } from '../../shared/ipc/index.ts';
import type { Handlers } from './dispatch.ts';
import type { SecretStore } from './settings/store.ts';

/** What the UI needs from its conversations (conversation/ui/conversations.ts: one session facade each). */
export interface Conversations {
  start(locale: Locale): Promise<ConversationView>;
  get(conversationId: string): ConversationView;
  /** The stored conversations, newest first. */
  list(limit: number): ConversationSummary[];
  /** A stored conversation loaded again (it stays as it was when already loaded). */
  open(conversationId: string, locale: Locale): Promise<ConversationView>;
  send(conversationId: string, text: string): Promise<void>;
  setSlot(conversationId: string, name: string, value: string | Record<string, number>): Promise<void>;
  approve(conversationId: string, approvalId: string): Promise<void>;
  reject(conversationId: string, approvalId: string, reason?: string): Promise<void>;
  /** The person finished a handed-over step (payment, submission) in the browser. */
  handOverDone(conversationId: string, approvalId: string): Promise<void>;
  cancel(conversationId: string): Promise<void>;
  pause(conversationId: string): Promise<void>;
  resume(conversationId: string): Promise<void>;
  close(): Promise<void>;
  /** A pack's output made in a conversation (e.g. a campaign run package), as JSON. */
  output?(packId: string, id: string): Promise<Record<string, unknown>>;
  /** Writes that output to a file (kept in the app's files folder) and returns it. */
  exportOutput?(packId: string, id: string): Promise<{ fileName: string; path: string; content: string }>;
  /** Engine services hand over their secret store (API keys for the chosen model provider). */
  attachSecrets?(secrets: SecretStore): void;
}

type ConversationHandlers = Pick<
  Handlers,
  | 'conversation.start'
  | 'conversation.get'
  | 'conversation.list'
  | 'conversation.open'
  | 'conversation.send'
  | 'conversation.setSlot'
  | 'conversation.approve'
  | 'conversation.reject'
  | 'conversation.handOverDone'
  | 'conversation.cancel'
  | 'conversation.pause'
  | 'conversation.resume'
>;

const then = async (p: Promise<void>) => {
  await p;
  return { ok: true as const };
};

/** conversation.* channels; without an engine each answers with an error saying so (never invented replies). */
export function conversationHandlers(engine: Conversations | undefined): ConversationHandlers {
  const need = (): Conversations => {
    if (engine) return engine;
    throw new StewardError('STATE_CONFLICT', 'The conversation engine is not available in this build.', {
      suggestions: ['Use the log explorer, or update Steward to a build with the conversation engine.'],
    });
  };
  return {
    'conversation.start': ({ locale }) => need().start(locale),
    'conversation.get': async ({ conversationId }) => need().get(conversationId),
    'conversation.list': async ({ limit }) => need().list(limit),
    'conversation.open': ({ conversationId, locale }) => need().open(conversationId, locale),
    'conversation.send': async ({ conversationId, text }) => then(need().send(conversationId, text)),
    'conversation.setSlot': async ({ conversationId, name, value }) => then(need().setSlot(conversationId, name, value)),
    'conversation.approve': async ({ conversationId, approvalId }) => then(need().approve(conversationId, approvalId)),
    'conversation.reject': async ({ conversationId, approvalId, reason }) => then(need().reject(conversationId, approvalId, reason)),
    'conversation.handOverDone': async ({ conversationId, approvalId }) => then(need().handOverDone(conversationId, approvalId)),
    'conversation.cancel': async ({ conversationId }) => then(need().cancel(conversationId)),
    'conversation.pause': async ({ conversationId }) => then(need().pause(conversationId)),
    'conversation.resume': async ({ conversationId }) => then(need().resume(conversationId)),
  };
}
