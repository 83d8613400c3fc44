import type { Protocol } from 'devtools-protocol';
import { StewardError } from '../../shared/errors.ts';
import type { Page } from './page.ts';
import { PageActivity } from './settle/activity.ts';

/**
 * Watches the main frame of a page for a navigation: started → committed (new document or
 * same-document) → loaded. Created before an action, asked afterwards whether one started.
 */
export class NavigationWatch {
  started = false;
  #committedLoader: string | undefined;
  #done = false;
  readonly #loaded = new Set<string>();
  readonly #offs: Array<() => void> = [];
  readonly #page: Page;
  #wake: () => void = () => {};

  constructor(page: Page) {
    this.#page = page;
    const main = (frameId: string | undefined) => frameId === page.mainFrameId;
    const on = <T>(event: string, fn: (p: T) => void) =>
      this.#offs.push(
        page.cdp.on(event, (p, sid) => {
          if (sid === page.sessionId) {
            fn(p as T);
            this.#wake();
          }
        }),
      );
    on<Protocol.Page.FrameStartedNavigatingEvent>('Page.frameStartedNavigating', (p) => {
      if (main(p.frameId)) this.#start();
    });
    on<Protocol.Page.FrameRequestedNavigationEvent>('Page.frameRequestedNavigation', (p) => {
      if (main(p.frameId)) this.#start();
    });
    on<Protocol.Page.FrameNavigatedEvent>('Page.frameNavigated', (p) => {
      if (p.frame.parentId) return;
      this.started = true;
      this.#committedLoader = p.frame.loaderId;
      if (p.type === 'BackForwardCacheRestore') this.#done = true;
    });
    on<Protocol.Page.NavigatedWithinDocumentEvent>('Page.navigatedWithinDocument', (p) => {
      if (main(p.frameId)) {
        this.started = true;
        this.#done = true;
      }
    });
    on<Protocol.Page.LifecycleEventEvent>('Page.lifecycleEvent', (p) => {
      if (main(p.frameId) && p.name === 'load') this.#loaded.add(p.loaderId);
    });
    on<Protocol.Page.FrameStoppedLoadingEvent>('Page.frameStoppedLoading', (p) => {
      // A navigation that never commits (a 204, a download, a cancelled request) ends here.
      if (main(p.frameId) && this.started && !this.#committedLoader) this.#done = true;
    });
  }

  #start(): void {
    this.started = true;
  }

  markDone(): void {
    this.started = true;
    this.#done = true;
  }

  get finished(): boolean {
    if (this.#done) return true;
    return this.#committedLoader !== undefined && this.#loaded.has(this.#committedLoader);
  }

  /** Resolves when the navigation that started has committed and loaded (or TIMEOUT). */
  async wait(timeoutMs: number, expectLoader?: string): Promise<void> {
    if (expectLoader) this.#committedLoader ??= expectLoader;
    const deadline = Date.now() + timeoutMs;
    while (!this.finished) {
      this.#page.assertUsable();
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new StewardError('TIMEOUT', `Page ${this.#page.id} did not finish loading within ${timeoutMs} ms.`, {
          details: { pageId: this.#page.id, url: this.#page.url() },
          suggestions: ['Retry with a longer timeout, or take a snapshot: the page may be usable already.'],
        });
      }
      await this.#page.guard(
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          this.#wake = () => {
            clearTimeout(timer);
            resolve();
          };
        }),
      );
    }
  }

  dispose(): void {
    for (const off of this.#offs.splice(0)) off();
  }
}

async function navigating(page: Page, timeoutMs: number, start: (w: NavigationWatch) => Promise<string | undefined>): Promise<void> {
  page.assertUsable();
  const watch = new NavigationWatch(page);
  try {
    const loaderId = await start(watch);
    await watch.wait(timeoutMs, loaderId);
  } finally {
    watch.dispose();
  }
}

/** Navigates the page's main frame and waits for the load event of the new document. */
export function gotoUrl(page: Page, url: string, timeoutMs: number): Promise<void> {
  return navigating(page, timeoutMs, async (watch) => {
    // the settling probe goes in before the new document's first script, so the page's own
    // timers (a ticking clock) are known as the page's from the start
    await PageActivity.of(page).ready();
    // A beforeunload dialog of the current page holds the navigation: report it instead of waiting.
    const started = await page.runUnlessDialog(() => page.send('Page.navigate', { url }));
    if (started.dialog || !started.value) page.assertUsable();
    const result = started.value as Awaited<ReturnType<typeof page.send<'Page.navigate'>>>;
    if (result.errorText) {
      throw new StewardError('NAVIGATION_FAILED', `Could not open ${url}: ${result.errorText}.`, {
        details: { url, error: result.errorText },
        suggestions: ['Check the URL and that the site is reachable, then navigate again.'],
      });
    }
    if (!result.loaderId) watch.markDone(); // same-document navigation: already done
    return result.loaderId ?? undefined;
  }).then(() => undefined);
}

/** Goes one entry back (-1) or forward (+1) in the page's history. */
export function goHistory(page: Page, delta: -1 | 1, timeoutMs: number): Promise<void> {
  return navigating(page, timeoutMs, async () => {
    const { currentIndex, entries } = await page.send('Page.getNavigationHistory');
    const entry = entries[currentIndex + delta];
    if (!entry) {
      throw new StewardError('STATE_CONFLICT', `Page ${page.id} has no ${delta < 0 ? 'previous' : 'next'} history entry.`, {
        suggestions: ['Navigate to a URL instead.'],
      });
    }
    await page.send('Page.navigateToHistoryEntry', { entryId: entry.id });
    return undefined;
  });
}

export function reload(page: Page, timeoutMs: number, ignoreCache = false): Promise<void> {
  return navigating(page, timeoutMs, async () => {
    await page.send('Page.reload', { ignoreCache });
    return undefined;
  });
}
