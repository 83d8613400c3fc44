import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ConversationView, PushEvent, PushPayload } from '../../../shared/ipc.ts';
import { api, call } from './client.ts';

/** Subscribe to a push event for the component's lifetime. */
export function usePush<E extends PushEvent>(event: E, listener: (payload: PushPayload<E>) => void): void {
  useEffect(() => api.on(event, listener), [event, listener]);
}

const conversationKey = (id: string | undefined) => ['conversation', id] as const;

/**
 * The conversation as the engine holds it: fetched once, then kept current by
 * `conversation.changed` pushes and `conversation.delta` (streaming reply text).
 */
export function useConversation(id: string | undefined) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!id) return;
    const offChanged = api.on('conversation.changed', (view) => {
      if (view.conversationId === id) qc.setQueryData(conversationKey(id), view);
    });
    const offDelta = api.on('conversation.delta', ({ conversationId, messageId, delta }) => {
      if (conversationId !== id) return;
      qc.setQueryData<ConversationView>(conversationKey(id), (old) => {
        if (!old) return old;
        const exists = old.messages.some((m) => m.id === messageId);
        const messages = exists
          ? old.messages.map((m) => (m.id === messageId ? { ...m, text: m.text + delta, streaming: true } : m))
          : [...old.messages, { id: messageId, role: 'assistant' as const, text: delta, ts: Date.now(), streaming: true }];
        return { ...old, messages };
      });
    });
    return () => {
      offChanged();
      offDelta();
    };
  }, [id, qc]);
  return useQuery({
    queryKey: conversationKey(id),
    queryFn: () => call('conversation.get', { conversationId: id as string }),
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
