import type { Protocol } from 'devtools-protocol';
import { StewardError } from '../../shared/errors.ts';
import { gotoUrl } from './navigation.ts';
import { Page, type PageHandle } from './page.ts';
import type { CdpSession } from './port.ts';
import { descendants, reap } from './process-tree.ts';
import { TargetEvents } from './target-events.ts';
import { type LaunchOptions, launchChromium } from './transport/launch.ts';

export type PageInitializer = (page: PageHandle) => Promise<void> | void;

const AUTO_ATTACH = { autoAttach: true, waitForDebuggerOnStart: true, flatten: true } as const;

/**
 * One CDP driver over any CdpSession: a Chromium it launched (pipe), a browser it connected to
 * (WebSocket), or a session someone else opened (Electron's webContents.debugger). Pages are
 * flattened sessions routed by sessionId; each page and its out-of-process iframes are
 * auto-attached paused, so page initializers run before the page's first script.
 */
export class BrowserDriver {
  readonly cdp: CdpSession;
  /** 'browser': the session is the browser (pages are targets); 'page': the session is one page (Electron). */
  readonly mode: 'browser' | 'page';
  readonly #owned: (() => Promise<void>) | undefined;
  /** The process id of a Chromium this driver launched (undefined when connected or attached). */
  pid: number | undefined;
  readonly #pages = new Map<string, Page>();
  readonly #initializers: PageInitializer[] = [];
  readonly #ready = new Map<string, Promise<Page>>();
  readonly #readyWaiters = new Map<string, (p: Page) => void>();
  readonly #disconnectListeners = new Set<(reason: string) => void>();
  readonly #events: TargetEvents;
  #selected: Page | undefined;
  #nextId = 1;
  #closed = false;
  /** Navigation timeout used by newPage(url). */
  defaultTimeoutMs = 30_000;

  private constructor(cdp: CdpSession, mode: 'browser' | 'page', owned?: () => Promise<void>) {
    this.cdp = cdp;
    this.mode = mode;
    this.#owned = owned;
    this.#events = new TargetEvents(this.cdp, {
      pageBySession: (sid) => this.#pageBySession(sid),
      onPageAttached: (sid, info) => this.#attachPage(sid, info),
      onFrameAttached: (page, sid, info, parent) => this.#attachFrame(page, sid, info, parent),
      onPageGone: (page, error) => this.#removePage(page, error),
      onOtherAttached: (sid) => this.#resume(sid),
      pageByTarget: (targetId) => [...this.#pages.values()].find((p) => p.targetId === targetId),
    });
    cdp.onDisconnect((reason) => {
      const error = new StewardError('CDP_DISCONNECTED', `Browser connection lost: ${reason}.`);
      for (const page of this.#pages.values()) page.markGone(error);
      for (const l of [...this.#disconnectListeners]) l(reason);
    });
  }

  /** Launches a Chromium over --remote-debugging-pipe with its own temporary profile. */
  static async launch(opts: LaunchOptions = {}): Promise<BrowserDriver> {
    const launched = launchChromium(opts);
    // Closing waits for the browser and its helper processes (zygote, renderers, GPU) to be gone.
    const driver = new BrowserDriver(launched.session, 'browser', async () => {
      const helpers = launched.process.pid ? descendants(launched.process.pid) : [];
      await launched.session.close();
      await reap(helpers);
    });
    driver.pid = launched.process.pid;
    try {
      await driver.#start();
    } catch (e) {
      await launched.session.close().catch(() => undefined);
      throw e instanceof StewardError ? e : new StewardError('BROWSER_LAUNCH_FAILED', String(e), { cause: e });
    }
    return driver;
  }

  /** Connects to a running browser's WebSocket endpoint (ws://…/devtools/browser/…). Closing the driver leaves that browser running. */
  static async connect(wsEndpoint: string): Promise<BrowserDriver> {
    // loaded here: a launched browser (the usual case) needs no WebSocket client at start-up
    const { connectWebSocket } = await import('./transport/websocket.ts');
    const cdp = await connectWebSocket(wsEndpoint);
    const driver = new BrowserDriver(cdp, 'browser', () => cdp.close());
    await driver.#start();
    return driver;
  }

  /** Drives an already-connected session: a browser session, or one page's session (Electron's debugger). */
  static async attach(cdp: CdpSession): Promise<BrowserDriver> {
    const { targetInfo } = await cdp.send('Target.getTargetInfo').catch(() => ({ targetInfo: undefined }));
    const mode = targetInfo && targetInfo.type !== 'browser' ? 'page' : 'browser';
    const driver = new BrowserDriver(cdp, mode);
    if (mode === 'page' && targetInfo) {
      driver.#attachPage('', targetInfo);
      await driver.#ready.get(targetInfo.targetId);
    } else await driver.#start();
    return driver;
  }

  async #start(): Promise<void> {
    // both in one round trip: the pipe keeps their order, and the first page attaches after either
    await Promise.all([this.cdp.send('Target.setDiscoverTargets', { discover: true }), this.cdp.send('Target.setAutoAttach', AUTO_ATTACH)]);
    await Promise.all([...this.#ready.values()].map((p) => p.catch(() => undefined)));
  }

  pages(): PageHandle[] {
    return [...this.#pages.values()];
  }

  /** Internal: the Page object behind a PageHandle, with its uids, frames and dialog state. */
  page(id?: string): Page {
    if (id === undefined) return this.selectedPage();
    const page = this.#pages.get(id);
    if (!page) {
      throw new StewardError('PAGE_NOT_FOUND', `No page has id "${id}".`, {
        details: { pageId: id, pages: [...this.#pages.keys()] },
        suggestions: [`Use one of the open pages: ${[...this.#pages.keys()].join(', ') || 'none (open one with new_page)'}.`],
      });
    }
    return page;
  }

  selectedPage(): Page {
    if (this.#selected && this.#pages.has(this.#selected.id)) return this.#selected;
    const last = [...this.#pages.values()].at(-1);
    if (!last) {
      throw new StewardError('PAGE_NOT_FOUND', 'No page is open.', { suggestions: ['Open a page with new_page.'] });
    }
    this.#selected = last;
    return last;
  }

  async selectPage(id: string): Promise<Page> {
    const page = this.page(id);
    this.#selected = page;
    await page.send('Page.bringToFront').catch(() => undefined);
    return page;
  }

  async newPage(url?: string, opts: { timeoutMs?: number } = {}): Promise<Page> {
    if (this.mode === 'page') {
      throw new StewardError('STATE_CONFLICT', 'This browser view has exactly one page; new pages cannot be opened in it.', {
        suggestions: ['Navigate the current page instead.'],
      });
    }
    const { targetId } = await this.cdp.send('Target.createTarget', { url: 'about:blank' });
    const page = await this.#waitReady(targetId, opts.timeoutMs ?? this.defaultTimeoutMs);
    this.#selected = page;
    if (url) await gotoUrl(page, url, opts.timeoutMs ?? this.defaultTimeoutMs);
    return page;
  }

  async closePage(id: string): Promise<void> {
    const page = this.page(id);
    if (this.mode === 'page') {
      throw new StewardError('STATE_CONFLICT', 'The one page of this browser view cannot be closed.', {
        suggestions: ['Navigate it to about:blank instead.'],
      });
    }
    const gone = new Promise<void>((resolve) => {
      if (page.gone) resolve();
      const timer = setTimeout(resolve, 5000);
      page.guard(new Promise<never>(() => {})).catch(() => {
        clearTimeout(timer);
        resolve();
      });
    });
    await this.cdp.send('Target.closeTarget', { targetId: page.targetId }).catch(() => undefined);
    await gone;
    this.#removePage(page, new StewardError('TARGET_CLOSED', `Page ${id} was closed.`));
  }

  /** Runs `fn` for every page (existing ones now, new ones before their first script runs). */
  async addPageInitializer(fn: PageInitializer): Promise<void> {
    this.#initializers.push(fn);
    await Promise.all([...this.#pages.values()].filter((p) => !p.gone).map((p) => Promise.resolve(fn(p)).catch(() => undefined)));
  }

  onDisconnect(fn: (reason: string) => void): () => void {
    this.#disconnectListeners.add(fn);
    return () => this.#disconnectListeners.delete(fn);
  }

  get connected(): boolean {
    return this.cdp.connected && !this.#closed;
  }

  /** Closes what this driver owns: a launched Chromium exits (no process left); a connection is closed. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#events.dispose();
    const error = new StewardError('TARGET_CLOSED', 'The browser driver was closed.');
    for (const page of this.#pages.values()) page.markGone(error);
    if (this.#owned) await this.#owned().catch(() => undefined);
  }

  #pageBySession(sid: string): Page | undefined {
    for (const page of this.#pages.values()) if (page.ownsSession(sid)) return page;
    return undefined;
  }

  #waitReady(targetId: string, timeoutMs: number): Promise<Page> {
    const known = this.#ready.get(targetId);
    if (known) return known;
    return new Promise<Page>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#readyWaiters.delete(targetId);
        reject(new StewardError('TIMEOUT', `The new page did not attach within ${timeoutMs} ms.`));
      }, timeoutMs);
      this.#readyWaiters.set(targetId, (p) => {
        clearTimeout(timer);
        resolve(p);
      });
    });
  }

  #attachPage(sessionId: string, info: Protocol.Target.TargetInfo): void {
    const page = new Page({ id: String(this.#nextId++), targetInfo: info, sessionId, root: this.cdp });
    this.#pages.set(page.id, page);
    const ready = (async () => {
      await Promise.all([
        page.send('Page.enable'),
        page.send('Page.setLifecycleEventsEnabled', { enabled: true }),
        page.send('Inspector.enable').catch(() => undefined),
        page.send('Target.setAutoAttach', AUTO_ATTACH).catch(() => undefined),
        page.send('Page.getFrameTree').then(({ frameTree }) => page.loaders.set(frameTree.frame.id, frameTree.frame.loaderId)),
      ]);
      for (const fn of this.#initializers) await Promise.resolve(fn(page)).catch(() => undefined);
      await page.send('Runtime.runIfWaitingForDebugger');
      return page;
    })();
    ready.catch(() => undefined);
    this.#ready.set(info.targetId, ready);
    ready.then(
      (p) => {
        this.#readyWaiters.get(info.targetId)?.(p);
        this.#readyWaiters.delete(info.targetId);
      },
      () => undefined,
    );
  }

  #attachFrame(page: Page, sessionId: string, info: Protocol.Target.TargetInfo, parentSessionId: string): void {
    page.frames.add({ sessionId, frameId: info.targetId, parentSessionId, url: info.url });
    const send = <T>(p: Promise<T>) => p.catch(() => undefined);
    (async () => {
      await Promise.all([
        send(this.cdp.send('Page.enable', undefined, sessionId)),
        send(this.cdp.send('Page.setLifecycleEventsEnabled', { enabled: true }, sessionId)),
        send(this.cdp.send('Target.setAutoAttach', AUTO_ATTACH, sessionId)),
        send(
          this.cdp
            .send('Page.getFrameTree', undefined, sessionId)
            .then(({ frameTree }) => page.loaders.set(frameTree.frame.id, frameTree.frame.loaderId)),
        ),
      ]);
      await send(this.cdp.send('Runtime.runIfWaitingForDebugger', undefined, sessionId));
    })();
  }

  #resume(sessionId: string): void {
    this.cdp.send('Runtime.runIfWaitingForDebugger', undefined, sessionId).catch(() => undefined);
  }

  #removePage(page: Page, error: StewardError): void {
    page.markGone(error);
    if (error.code === 'PAGE_CRASHED') return; // a crashed tab stays listed until it is closed
    if (this.#pages.get(page.id) !== page) return;
    this.#pages.delete(page.id);
    this.#ready.delete(page.targetId);
    if (this.#selected === page) this.#selected = [...this.#pages.values()].at(-1);
  }
}
