import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Locale, PushEvent, PushPayload } from '../../../shared/ipc/index.ts';
import { api, call } from './client.ts';

/** Subscribe to a push event for the component's lifetime. */
export function usePush<E extends PushEvent>(event: E, listener: (payload: PushPayload<E>) => void): void {
  useEffect(() => api.on(event, listener), [event, listener]);
}

const conversationKey = (id: string | undefined) => ['conversation', id] as const;

/**
 * The conversation as the engine holds it: fetched once, then kept current by
 * `conversation.changed` pushes (one per turn start, plan step and turn end).
 */
export function useConversation(id: string | undefined, locale: Locale) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!id) return;
    const offChanged = api.on('conversation.changed', (view) => {
      if (view.conversationId === id) qc.setQueryData(conversationKey(id), view);
    });
    return () => {
      offChanged();
    };
  }, [id, qc]);
  return useQuery({
    queryKey: conversationKey(id),
    // open: the engine loads a stored conversation again (after a reload or a restart)
    queryFn: () => call('conversation.open', { conversationId: id as string, locale }),
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
