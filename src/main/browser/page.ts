import type { Protocol } from 'devtools-protocol';
import { StewardError } from '../../shared/errors.ts';
import { describeDialog, type OpenDialog } from './dialogs.ts';
import { FrameLoaders, FrameSessions } from './frames.ts';
import type { CdpMethod, CdpParams, CdpResult, CdpSession } from './port.ts';
import { UidRegistry } from './uids.ts';

/**
 * One browser tab as the rest of the engine sees it. `cdp` is scoped to this page: `send`
 * goes to the page's flattened session unless another sessionId is given, and `on` delivers
 * only events of this page's session and its child frame sessions (out-of-process iframes);
 * the listener's second argument says which session.
 */
export interface PageHandle {
  /** Short, stable id ("1", "2", …) used by every tool's `pageId`. */
  id: string;
  targetId: string;
  sessionId: string;
  cdp: CdpSession;
  url(): string;
  title(): string;
  /** Per-page services added by page initializers, e.g. 'console', 'network'. */
  extensions: Map<string, unknown>;
}

type Listener = (params: unknown, sessionId?: string, method?: string) => void;

/** A CdpSession view bound to one page and its child frame sessions. */
class PageScopedSession implements CdpSession {
  readonly #page: Page;
  readonly #root: CdpSession;
  constructor(page: Page, root: CdpSession) {
    this.#page = page;
    this.#root = root;
  }
  get connected(): boolean {
    return this.#root.connected && !this.#page.gone;
  }
  send<M extends CdpMethod>(method: M, params?: CdpParams<M>, sessionId?: string): Promise<CdpResult<M>> {
    return this.#page.guard(this.#root.send(method, params, sessionId ?? this.#page.sessionId));
  }
  on(event: string, listener: Listener): () => void {
    return this.#root.on(event, (params, sid, method) => {
      // The root session is the page itself over Electron's debugger (page.sessionId ''): normalise undefined to ''.
      const session = sid ?? '';
      if (this.#page.ownsSession(session)) listener(params, session, method);
    });
  }
  onDisconnect(listener: (reason: string) => void): () => void {
    return this.#root.onDisconnect(listener);
  }
  async close(): Promise<void> {
    await this.#root.send('Target.closeTarget', { targetId: this.#page.targetId }).catch(() => undefined);
  }
}

export class Page implements PageHandle {
  readonly id: string;
  readonly targetId: string;
  readonly sessionId: string;
  readonly cdp: CdpSession;
  readonly root: CdpSession;
  readonly extensions = new Map<string, unknown>();
  readonly frames: FrameSessions;
  readonly loaders = new FrameLoaders();
  /** The main frame's id (equals the targetId for a page). */
  readonly mainFrameId: string;
  readonly uids: UidRegistry;
  /** The last snapshot's rendered lines keyed by node key, for "what changed" snapshots. */
  lastSnapshot: Map<string, string> | undefined;
  dialog: OpenDialog | undefined;
  #url: string;
  #title: string;
  #gone: StewardError | undefined;
  readonly #goneWaiters = new Set<(e: StewardError) => void>();
  readonly #dialogWaiters = new Set<(d: OpenDialog) => void>();

  constructor(opts: { id: string; targetInfo: Protocol.Target.TargetInfo; sessionId: string; root: CdpSession }) {
    this.id = opts.id;
    this.targetId = opts.targetInfo.targetId;
    this.sessionId = opts.sessionId;
    this.root = opts.root;
    this.#url = opts.targetInfo.url;
    this.#title = opts.targetInfo.title;
    this.cdp = new PageScopedSession(this, opts.root);
    this.frames = new FrameSessions(opts.sessionId);
    this.mainFrameId = opts.targetInfo.targetId;
    this.uids = new UidRegistry(opts.id);
  }

  url(): string {
    return this.#url;
  }
  title(): string {
    return this.#title;
  }
  updateInfo(info: Protocol.Target.TargetInfo): void {
    this.#url = info.url;
    this.#title = info.title;
  }
  /** The main frame committed a new URL (earlier than Target.targetInfoChanged reports it). */
  mainFrameNavigated(url: string): void {
    this.#url = url;
  }
  /** Re-reads url and title from the document (the target info the browser reports lags behind). */
  async refreshInfo(): Promise<this> {
    if (this.#gone || this.dialog) return this;
    // A busy or hung page must not stall a listing of every page: give it one second.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { result } = await Promise.race([
      this.root
        .send('Runtime.evaluate', { expression: '[location.href, document.title]', returnByValue: true }, this.sessionId || undefined)
        .catch(() => ({ result: undefined })),
      new Promise<{ result: undefined }>((resolve) => {
        timer = setTimeout(() => resolve({ result: undefined }), 1000);
      }),
    ]);
    clearTimeout(timer);
    const value = result?.value as [string, string] | undefined;
    if (value) {
      this.#url = value[0];
      this.#title = value[1];
    }
    return this;
  }

  get gone(): boolean {
    return this.#gone !== undefined;
  }
  ownsSession(sessionId: string): boolean {
    return sessionId === this.sessionId || this.frames.has(sessionId);
  }

  /** The page crashed, was closed or the connection dropped: every waiting operation fails with `error`. */
  markGone(error: StewardError): void {
    if (this.#gone) return;
    this.#gone = error;
    for (const w of [...this.#goneWaiters]) w(error);
    this.#goneWaiters.clear();
  }

  /** Fails fast when the page is gone or blocked by a dialog. Call at the start of every operation. */
  assertUsable(opts: { allowDialog?: boolean } = {}): void {
    if (this.#gone) throw this.#gone;
    if (this.dialog && !opts.allowDialog) {
      throw new StewardError('DIALOG_OPEN', `A ${describeDialog(this.dialog)} blocks page ${this.id}.`, {
        details: { pageId: this.id, dialog: { ...this.dialog } },
        suggestions: [`Accept or dismiss it first: handle_dialog {"action":"accept"} or {"action":"dismiss"} on page ${this.id}.`],
      });
    }
  }

  /** Races a CDP call against the page going away, so nothing waits forever on a crashed or closed tab. */
  guard<T>(promise: Promise<T>): Promise<T> {
    if (this.#gone) {
      promise.catch(() => undefined);
      return Promise.reject(this.#gone);
    }
    return new Promise<T>((resolve, reject) => {
      const onGone = (e: StewardError) => reject(e);
      this.#goneWaiters.add(onGone);
      promise.then(
        (v) => {
          this.#goneWaiters.delete(onGone);
          resolve(v);
        },
        (e) => {
          this.#goneWaiters.delete(onGone);
          reject(this.#gone ?? e);
        },
      );
    });
  }

  /** Sends to this page's session (or a child frame session), guarded against the page going away. */
  send<M extends CdpMethod>(method: M, params?: CdpParams<M>, sessionId?: string): Promise<CdpResult<M>> {
    return this.cdp.send(method, params, sessionId);
  }

  dialogOpened(dialog: OpenDialog): void {
    this.dialog = dialog;
    for (const w of [...this.#dialogWaiters]) w(dialog);
  }
  dialogClosed(): void {
    this.dialog = undefined;
  }

  /**
   * Runs an action that may open a JavaScript dialog (a click on a button calling alert()):
   * CDP input calls do not return while a dialog blocks the page, so the action resolves
   * as soon as a dialog opens, with the dialog named.
   */
  async runUnlessDialog<T>(action: () => Promise<T>): Promise<{ value?: T; dialog?: OpenDialog }> {
    let off = () => {};
    const dialogOpened = new Promise<{ dialog: OpenDialog }>((resolve) => {
      const w = (d: OpenDialog) => resolve({ dialog: d });
      this.#dialogWaiters.add(w);
      off = () => this.#dialogWaiters.delete(w);
    });
    try {
      const running = action().then((value) => ({ value }));
      running.catch(() => undefined);
      return await Promise.race([running, dialogOpened]);
    } finally {
      off();
    }
  }

  /** Accepts or dismisses the dialog that blocks this page; `promptText` answers a prompt(). */
  async handleDialog(action: 'accept' | 'dismiss', promptText?: string): Promise<OpenDialog> {
    this.assertUsable({ allowDialog: true });
    const dialog = this.dialog;
    if (!dialog) {
      throw new StewardError('DIALOG_NOT_OPEN', `No dialog is open on page ${this.id}.`, { details: { pageId: this.id } });
    }
    const closed = new Promise<void>((resolve) => {
      const off = this.cdp.on('Page.javascriptDialogClosed', (_p, sid) => {
        if (sid === this.sessionId) {
          off();
          resolve();
        }
      });
      setTimeout(() => {
        off();
        resolve();
      }, 2000);
    });
    await this.send('Page.handleJavaScriptDialog', {
      accept: action === 'accept',
      ...(promptText !== undefined ? { promptText } : {}),
    });
    await closed;
    this.dialogClosed();
    return dialog;
  }

  toJSON(): Record<string, unknown> {
    return { id: this.id, url: this.url(), title: this.title(), ...(this.dialog ? { dialog: this.dialog } : {}) };
  }
}
