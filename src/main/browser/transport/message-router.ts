import { StewardError } from '../../../shared/errors.ts';
import type { CdpMethod, CdpParams, CdpResult, CdpSession } from '../port.ts';
import { protocolError } from './protocol-error.ts';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  method: string;
}

type EventListener = (params: unknown, sessionId?: string, method?: string) => void;

/**
 * The JSON-message half of a CDP connection, shared by the pipe and WebSocket transports:
 * ids, pending calls, event fan-out by method, and one disconnect notification.
 */
export class MessageRouter implements CdpSession {
  #nextId = 1;
  #pending = new Map<number, Pending>();
  #listeners = new Map<string, Set<EventListener>>();
  #disconnectListeners = new Set<(reason: string) => void>();
  #closedReason: string | undefined;

  readonly #write: (message: string) => void;
  readonly #shutdown: () => Promise<void>;

  constructor(write: (message: string) => void, shutdown: () => Promise<void>) {
    this.#write = write;
    this.#shutdown = shutdown;
  }

  get connected(): boolean {
    return this.#closedReason === undefined;
  }

  send<M extends CdpMethod>(method: M, params?: CdpParams<M>, sessionId?: string): Promise<CdpResult<M>> {
    if (this.#closedReason !== undefined) {
      return Promise.reject(
        new StewardError('CDP_DISCONNECTED', `Browser connection is closed (${this.#closedReason}); cannot send ${method}.`),
      );
    }
    const id = this.#nextId++;
    const message: Record<string, unknown> = { id, method, params: params ?? {} };
    if (sessionId) message.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject, method });
      try {
        this.#write(JSON.stringify(message));
      } catch (e) {
        this.#pending.delete(id);
        reject(new StewardError('CDP_DISCONNECTED', `Could not write ${method} to the browser.`, { cause: e }));
      }
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

  /** Feed one raw JSON message received from the browser. */
  receive(raw: string): void {
    let msg: {
      id?: number;
      method?: string;
      params?: unknown;
      result?: unknown;
      error?: { message: string; code?: number; data?: string };
      sessionId?: string;
    };
    try {
      msg = JSON.parse(raw);
    } catch {
      return;
    }
    if (typeof msg.id === 'number') {
      const pending = this.#pending.get(msg.id);
      if (!pending) return;
      this.#pending.delete(msg.id);
      if (msg.error) {
        pending.reject(protocolError(pending.method, msg.error.message, { cdpCode: msg.error.code, data: msg.error.data }));
      } else pending.resolve(msg.result ?? {});
      return;
    }
    if (msg.method) {
      for (const key of [msg.method, '*']) {
        const set = this.#listeners.get(key);
        if (!set) continue;
        for (const listener of [...set]) {
          try {
            listener(msg.params ?? {}, msg.sessionId, msg.method);
          } catch {
            // A faulty listener must not break the connection for everyone else.
          }
        }
      }
    }
  }

  /** Mark the connection gone: reject every pending call and tell the disconnect listeners once. */
  disconnected(reason: string): void {
    if (this.#closedReason !== undefined) return;
    this.#closedReason = reason;
    for (const [, p] of this.#pending)
      p.reject(new StewardError('CDP_DISCONNECTED', `Browser connection lost during ${p.method}: ${reason}.`));
    this.#pending.clear();
    for (const l of [...this.#disconnectListeners]) l(reason);
  }

  async close(): Promise<void> {
    await this.#shutdown();
    this.disconnected('closed by caller');
  }
}
