import type { Page } from '../../browser/page.ts';
import { attachPageServices } from '../../browser/page-services.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Requests that carry something to the site (a page load, a form post, a fetch), not its styles or pictures. */
const CARRIES = new Set(['Document', 'XHR', 'Fetch', 'Other', 'Ping', 'EventSource', 'WebSocket']);

/**
 * Counts what the page sent while a step runs (and, apart, what it wrote: requests other than reads) (a request that failed — stopped by the gate,
 * refused by the network — carried nothing): `mark()` before the action, `since(mark)` after
 * the page was observed. Unknown (undefined) when the page's request log cannot be had.
 */
export async function requestCounter(
  page: Page,
): Promise<{ mark(): number; since(mark: number): number; wrote(mark: number): number } | undefined> {
  const network = await attachPageServices(page)
    .then((s) => s.network)
    .catch(() => undefined);
  if (!network) return undefined;
  return {
    mark: () => network.lastId(),
    since: (mark) =>
      network
        .list({}, { pageSize: 10_000 })
        .items.filter((r) => r.id > mark && r.state !== 'failed' && CARRIES.has(r.resourceType) && !r.url.startsWith('data:')).length,
    // requests that can change something on the site (not GET/HEAD/OPTIONS) that were let through
    wrote: (mark) =>
      network
        .list({}, { pageSize: 10_000 })
        .items.filter((r) => r.id > mark && r.state !== 'failed' && !READS.has(r.method.toUpperCase()) && !r.url.startsWith('data:'))
        .length,
  };
}
