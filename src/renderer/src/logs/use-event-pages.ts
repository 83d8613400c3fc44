import { useQueries, useQuery } from '@tanstack/react-query';
import type { EventFilter, LogEvent } from '../../../shared/ipc/index.ts';
import { call } from '../api/client.ts';

export const PAGE_SIZE = 500;

const pageQuery = (filter: EventFilter, page: number) => ({
  queryKey: ['events', filter, page],
  queryFn: () => call('logs.events', { ...filter, offset: page * PAGE_SIZE, limit: PAGE_SIZE }),
  staleTime: 30_000,
});

/** The first page of events of a filter; it also tells how many there are in all. */
export function useFirstEventPage(filter: EventFilter) {
  return useQuery(pageQuery(filter, 0));
}

/**
 * The other pages, fetched only when their rows come into view, so a session of
 * 100 000 events costs one small request per screenful.
 */
export function useEventRows(filter: EventFilter, firstPage: LogEvent[] | undefined, wantedPages: number[]) {
  const others = wantedPages.filter((p) => p > 0);
  const results = useQueries({ queries: others.map((p) => pageQuery(filter, p)) });
  const byPage = new Map<number, LogEvent[]>();
  if (firstPage) byPage.set(0, firstPage);
  others.forEach((p, i) => {
    const d = results[i]?.data;
    if (d) byPage.set(p, d.events);
  });
  return (index: number): LogEvent | undefined => byPage.get(Math.floor(index / PAGE_SIZE))?.[index % PAGE_SIZE];
}
