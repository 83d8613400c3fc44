import type { EngineEvent } from '../../shared/events.ts';
import type { NewEvent, Store } from '../store/index.ts';

/**
 * The one way events are written: committed to the store first (redacted, durable), then
 * handed to listeners (UI, CLI, tests). A listener that throws cannot lose or block an event.
 */
export class Audit {
  readonly store: Store;
  readonly #listeners = new Set<(e: EngineEvent) => void>();

  constructor(store: Store) {
    this.store = store;
  }

  emit(event: NewEvent): EngineEvent {
    const stored = this.store.events.append(event);
    for (const l of this.#listeners) {
      try {
        l(stored);
      } catch {
        // listeners are observers; the event is already committed
      }
    }
    return stored;
  }

  subscribe(listener: (e: EngineEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
