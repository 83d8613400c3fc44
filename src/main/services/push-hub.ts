import { PUSH, type PushEvent, type PushPayload } from '../../shared/ipc/index.ts';

export type PushListener = <E extends PushEvent>(event: E, payload: PushPayload<E>) => void;

/** Fan-out of push events from the engine to every connected UI (Electron windows, WebSocket clients). */
export class PushHub {
  readonly #listeners = new Set<PushListener>();

  subscribe(listener: PushListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Payloads are checked against the map before they leave, so a UI only ever sees promised shapes. */
  emit<E extends PushEvent>(event: E, payload: PushPayload<E>): void {
    const checked = PUSH[event].parse(payload) as PushPayload<E>;
    for (const l of this.#listeners) {
      try {
        l(event, checked);
      } catch {
        // one broken subscriber must not stop the others
      }
    }
  }
}
