import type { Debugger } from 'electron';
import { StewardError } from '../../shared/errors.ts';
import type { CdpMethod, CdpParams, CdpResult, CdpSession } from '../browser/port.ts';
import { protocolError } from '../browser/transport/protocol-error.ts';

/** The part of Electron's `webContents.debugger` this adapter uses (taken as a value, so tests can pass a shim). */
export type ElectronDebugger = Pick<Debugger, 'attach' | 'detach' | 'isAttached' | 'sendCommand' | 'on' | 'removeListener'>;

type EventListener = (params: unknown, sessionId?: string, method?: string) => void;

/** Electron's messages for a debugger whose target went away (electron_api_debugger.cc). */
const GONE_MESSAGES = ['target closed while handling command', 'No target available'];

/**
 * The CdpSession port over Electron's `webContents.debugger`. The root session (no sessionId)
 * is the page of that webContents; child targets (out-of-process iframes, popups, workers)
 * come through `Target.setAutoAttach`/`Target.attachToTarget` with `flatten: true` and are
 * addressed by their sessionId, exactly as over a Chromium connection.
 */
export class ElectronDebuggerSession implements CdpSession {
  readonly #debugger: ElectronDebugger;
  #listeners = new Map<string, Set<EventListener>>();
  #disconnectListeners = new Set<(reason: string) => void>();
  #pending = new Set<(error: StewardError) => void>();
  #closedReason: string | undefined;
  readonly #onMessage: (event: unknown, method: string, params: unknown, sessionId: string) => void;
  readonly #onDetach: (event: unknown, reason: string) => void;

  /**
   * Wraps a debugger and attaches it with protocol 1.3 unless it is already attached
   * (for example by the window that owns the view).
   */
  constructor(debuggerObject: ElectronDebugger, opts: { protocolVersion?: string } = {}) {
    this.#debugger = debuggerObject;
    this.#onMessage = (_event, method, params, sessionId) => this.#dispatch(method, params, sessionId || undefined);
    this.#onDetach = (_event, reason) => this.#disconnected(`debugger detached (${reason || 'unknown reason'})`);
    if (!debuggerObject.isAttached()) {
      try {
        debuggerObject.attach(opts.protocolVersion ?? '1.3');
      } catch (e) {
        throw new StewardError('BROWSER_LAUNCH_FAILED', `Could not attach the debugger: ${(e as Error).message}`, {
          cause: e,
          suggestions: ['Close DevTools on that view, or detach the other debugger client, then try again.'],
        });
      }
    }
    debuggerObject.on('message', this.#onMessage);
    debuggerObject.on('detach', this.#onDetach);
  }

  get connected(): boolean {
    return this.#closedReason === undefined;
  }

  send<M extends CdpMethod>(method: M, params?: CdpParams<M>, sessionId?: string): Promise<CdpResult<M>> {
    if (this.#closedReason !== undefined) {
      return Promise.reject(new StewardError('CDP_DISCONNECTED', `Debugger is detached (${this.#closedReason}); cannot send ${method}.`));
    }
    return new Promise((resolve, reject) => {
      const fail = (error: StewardError) => {
        this.#pending.delete(fail);
        reject(error);
      };
      this.#pending.add(fail);
      // Electron rejects an empty session id, so it is passed only when there is one ('' means the page itself).
      const sent = !sessionId
        ? this.#debugger.sendCommand(method, params ?? {})
        : this.#debugger.sendCommand(method, params ?? {}, sessionId);
      sent.then(
        (result: unknown) => {
          if (!this.#pending.delete(fail)) return;
          resolve((result ?? {}) as CdpResult<M>);
        },
        (error: unknown) => {
          if (!this.#pending.has(fail)) return;
          fail(this.#toError(method, error));
        },
      );
    });
  }

  on(event: string, listener: EventListener): () => void {
    let set = this.#listeners.get(event);
    if (!set) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  onDisconnect(listener: (reason: string) => void): () => void {
    this.#disconnectListeners.add(listener);
    return () => this.#disconnectListeners.delete(listener);
  }

  async close(): Promise<void> {
    if (this.#closedReason !== undefined) return;
    this.#debugger.removeListener('detach', this.#onDetach);
    try {
      if (this.#debugger.isAttached()) this.#debugger.detach();
    } catch {
      // Already gone with its webContents.
    }
    this.#disconnected('closed by caller');
  }

  #toError(method: string, error: unknown): StewardError {
    const message = error instanceof Error ? error.message : String(error);
    if (this.#closedReason !== undefined || GONE_MESSAGES.some((m) => message.includes(m))) {
      return new StewardError('CDP_DISCONNECTED', `Debugger target went away during ${method}: ${message}.`, { cause: error });
    }
    return protocolError(method, message, {}, error);
  }

  #dispatch(method: string, params: unknown, sessionId: string | undefined): void {
    for (const key of [method, '*']) {
      const set = this.#listeners.get(key);
      if (!set) continue;
      for (const listener of [...set]) {
        try {
          listener(params ?? {}, sessionId, method);
        } catch {
          // A faulty listener must not break event delivery for everyone else.
        }
      }
    }
  }

  #disconnected(reason: string): void {
    if (this.#closedReason !== undefined) return;
    this.#closedReason = reason;
    this.#debugger.removeListener('message', this.#onMessage);
    this.#debugger.removeListener('detach', this.#onDetach);
    for (const fail of [...this.#pending]) fail(new StewardError('CDP_DISCONNECTED', `Debugger detached: ${reason}.`));
    this.#pending.clear();
    for (const l of [...this.#disconnectListeners]) l(reason);
  }
}
