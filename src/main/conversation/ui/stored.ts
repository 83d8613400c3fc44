/**
 * Conversations as the store keeps them, for a UI that reloads or reopens an older one: the list
 * (newest first, titled by what the person asked) and the messages of one, rebuilt from its turns.
 */
import type { ChatMessage, ConversationSummary } from '../../../shared/ipc/index.ts';
import type { Store } from '../../store/index.ts';
import type { Turn } from '../../store/sessions.ts';

/** The words a turn records for an input that was not typed (see describeInput): not shown as said. */
const NOT_TYPED = /^(set [\w.]+|cancel|(approve|reject|hand-over done) \S+)$/;

const said = (t: Turn) => t.user_text.trim() !== '' && !NOT_TYPED.test(t.user_text.trim());

/** The messages of a stored conversation: each typed request and each reply, in order. */
export function storedMessages(store: Store, sessionId: string): ChatMessage[] {
  return store.records.turns(sessionId).flatMap((t) => [
    ...(said(t) ? [{ id: `${t.id}:user`, role: 'user' as const, text: t.user_text, ts: Date.parse(t.started_at), streaming: false }] : []),
    ...(t.reply_text
      ? [
          {
            id: `${t.id}:reply`,
            role: 'assistant' as const,
            text: t.reply_text,
            ts: Date.parse(t.finished_at ?? t.started_at),
            streaming: false,
          },
        ]
      : []),
  ]);
}

/** What a conversation was about: its goal, else the first thing the person typed. */
export function conversationTitle(store: Store, sessionId: string, goal: string): string | undefined {
  if (goal.trim()) return goal.trim();
  return store.records.turns(sessionId).find(said)?.user_text.trim();
}

/** The stored conversations the person had (sessions with at least one typed request), newest first. */
export function storedConversations(store: Store, limit: number, open: (id: string) => boolean): ConversationSummary[] {
  return store.records
    .listSessions({ limit: limit * 3 })
    .flatMap((s) => {
      const title = conversationTitle(store, s.id, s.goal);
      if (!title) return [];
      return [
        {
          conversationId: s.id,
          title,
          startedAt: Date.parse(s.created_at),
          updatedAt: Date.parse(s.updated_at),
          status: s.status,
          open: open(s.id),
        },
      ];
    })
    .slice(0, limit);
}
