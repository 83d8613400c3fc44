import type { Page } from '../../browser/page.ts';
import { attachPageServices } from '../../browser/page-services.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Requests that carry something to the site (a page load, a form post, a fetch), not its styles or pictures. */
const CARRIES = new Set(['Document', 'XHR', 'Fetch', 'Other', 'Ping', 'EventSource', 'WebSocket']);

/**
 * Counts what the page sent while a step runs, and of it what could change something on the site
 * (not GET/HEAD/OPTIONS): `mark()` before the action, `since(mark)` after the page was observed.
 * A request that failed (stopped by the gate, refused by the network) carried nothing. Unknown
 * (undefined) when the page's request log cannot be had.
 */
export async function requestCounter(
  page: Page,
): Promise<{ mark(): number; since(mark: number): { sent: number; wrote: number } } | undefined> {
  const network = await attachPageServices(page)
    .then((s) => s.network)
    .catch(() => undefined);
  if (!network) return undefined;
  return {
    mark: () => network.lastId(),
    since: (mark) => {
      const carried = network
        .list({}, { pageSize: 10_000 })
        .items.filter((r) => r.id > mark && r.state !== 'failed' && !r.url.startsWith('data:'));
      return {
        sent: carried.filter((r) => CARRIES.has(r.resourceType)).length,
        wrote: carried.filter((r) => !READS.has(r.method.toUpperCase())).length,
      };
    },
  };
}
