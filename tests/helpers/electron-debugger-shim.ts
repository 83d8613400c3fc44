import { EventEmitter } from 'node:events';
import type { CdpMethod, CdpSession } from '../../src/main/browser/port.ts';
import { type LaunchedBrowser, launchChromium } from '../../src/main/browser/transport/launch.ts';

/** Electron's `Event` object as listeners of `debugger.on(...)` receive it. */
function electronEvent(): { preventDefault: () => void; readonly defaultPrevented: boolean } {
  let prevented = false;
  return {
    preventDefault: () => {
      prevented = true;
    },
    get defaultPrevented() {
      return prevented;
    },
  };
}

/**
 * A REAL CDP connection presented in the exact shape of Electron's `Debugger` class
 * (electron.d.ts, electron_api_debugger.cc), so the Electron adapter runs in plain Node:
 *
 * - `attach(protocolVersion?)` is synchronous and throws TypeError "Debugger is already attached
 *   to the target" / "Requested protocol version is not supported".
 * - `sendCommand(method, params?, sessionId?)` returns a promise; without a session id the command goes
 *   to the page of the "webContents"; a CDP error rejects with a plain Error carrying only the CDP message;
 *   "No target available" when detached; "Empty session id is not allowed" for ''.
 * - `'message'` is emitted as `(event, method, params, sessionId)` with '' for the page itself;
 *   `'detach'` as `(event, reason)` with "target closed" when the page goes away, after every pending
 *   command was rejected with "target closed while handling command".
 *
 * The page is one real Chromium tab, reached through a flattened browser session, as Electron's
 * debugger is bound to one webContents.
 */
export class ElectronDebuggerShim extends EventEmitter {
  readonly #browser: CdpSession;
  readonly #targetId: string;
  #pageSession: Promise<string> | undefined;
  #pageSessionId: string | undefined;
  #children = new Set<string>();
  #pending = new Set<(message: string) => void>();
  #offs: Array<() => void> = [];

  constructor(browser: CdpSession, targetId: string) {
    super();
    this.#browser = browser;
    this.#targetId = targetId;
  }

  attach(protocolVersion?: string): void {
    if (this.#pageSession) throw new TypeError('Debugger is already attached to the target');
    if (protocolVersion && !/^1\.[0-3]$/.test(protocolVersion)) throw new TypeError('Requested protocol version is not supported');
    if (!this.#browser.connected) throw new TypeError('No target available');
    this.#offs.push(this.#browser.on('*', (params, sessionId, method) => this.#onEvent(method ?? '', params, sessionId)));
    this.#offs.push(this.#browser.onDisconnect(() => this.#closed('target closed')));
    this.#pageSession = this.#browser.send('Target.attachToTarget', { targetId: this.#targetId, flatten: true }).then(({ sessionId }) => {
      this.#pageSessionId = sessionId;
      return sessionId;
    });
    this.#pageSession.catch(() => this.#closed('target closed'));
  }

  detach(): void {
    const sessionId = this.#pageSessionId;
    if (!this.#pageSession) return;
    if (sessionId) this.#browser.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
    this.#closed('target closed');
  }

  isAttached(): boolean {
    return this.#pageSession !== undefined;
  }

  // biome-ignore lint/suspicious/noExplicitAny: Electron's signature is (method: string, commandParams?: any, sessionId?: string) => Promise<any>.
  sendCommand(method: string, commandParams?: any, sessionId?: string): Promise<any> {
    const page = this.#pageSession;
    if (!page) return Promise.reject(new Error('No target available'));
    if (typeof method !== 'string') return Promise.reject(new Error('Invalid method'));
    if (sessionId !== undefined && sessionId === '') return Promise.reject(new Error('Empty session id is not allowed'));
    return new Promise((resolve, reject) => {
      const fail = (message: string) => {
        this.#pending.delete(fail);
        reject(new Error(message));
      };
      this.#pending.add(fail);
      page
        .then((pageSessionId) =>
          this.#browser.send(method as CdpMethod, commandParams ?? {}, sessionId === undefined ? pageSessionId : sessionId),
        )
        .then(
          (result) => {
            if (!this.#pending.delete(fail)) return;
            if (method === 'Target.attachToTarget' && (result as { sessionId?: string }).sessionId)
              this.#children.add((result as { sessionId: string }).sessionId);
            resolve(result ?? {});
          },
          (error: { code?: string; message?: string; details?: { method?: string } }) => {
            if (!this.#pending.has(fail)) return;
            if (error.code === 'CDP_DISCONNECTED') return fail('target closed while handling command');
            // Electron rejects with the bare CDP message; the router prefixes it with the method.
            fail((error.message ?? String(error)).replace(`${method}: `, ''));
          },
        );
    });
  }

  #onEvent(method: string, params: unknown, sessionId: string | undefined): void {
    if (!this.#pageSessionId || !sessionId) {
      // Browser-level: the page's own session ending means the webContents is gone.
      if (method === 'Target.detachedFromTarget' && (params as { sessionId?: string }).sessionId === this.#pageSessionId)
        this.#closed('target closed');
      return;
    }
    const own = sessionId === this.#pageSessionId;
    if (!own && !this.#children.has(sessionId)) return;
    if (method === 'Target.attachedToTarget') this.#children.add((params as { sessionId: string }).sessionId);
    if (method === 'Target.detachedFromTarget') this.#children.delete((params as { sessionId: string }).sessionId);
    this.emit('message', electronEvent(), method, params, own ? '' : sessionId);
  }

  #closed(reason: string): void {
    if (!this.#pageSession) return;
    this.#pageSession = undefined;
    this.#pageSessionId = undefined;
    this.#children.clear();
    for (const off of this.#offs.splice(0)) off();
    for (const fail of [...this.#pending]) fail('target closed while handling command');
    this.emit('detach', electronEvent(), reason);
  }
}

export interface ShimmedBrowser {
  /** The Electron-shaped debugger of one real Chromium tab. */
  debugger: ElectronDebuggerShim;
  browser: LaunchedBrowser;
  targetId: string;
  /** Closes the tab, as closing a webContents would. */
  closeTab(): Promise<void>;
  close(): Promise<void>;
}

/** Launches Chromium over the pipe and returns the Electron-shaped debugger of a fresh tab. */
export async function launchShimmedBrowser(): Promise<ShimmedBrowser> {
  const browser = launchChromium();
  const { targetId } = await browser.session.send('Target.createTarget', { url: 'about:blank' });
  const shim = new ElectronDebuggerShim(browser.session, targetId);
  return {
    debugger: shim,
    browser,
    targetId,
    closeTab: async () => {
      await browser.session.send('Target.closeTarget', { targetId });
    },
    close: () => browser.session.close(),
  };
}
