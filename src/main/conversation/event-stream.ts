import type { EngineEvent } from '../../shared/events.ts';

/** Events as an async iterator; ends when the conversation closes. */
export function eventStream(listeners: Set<(e: EngineEvent) => void>, closers: Set<() => void>): AsyncIterable<EngineEvent> {
  return {
    [Symbol.asyncIterator]() {
      const buffer: EngineEvent[] = [];
      let wake: (() => void) | undefined;
      let closed = false;
      const listener = (e: EngineEvent) => {
        buffer.push(e);
        wake?.();
      };
      const close = () => {
        closed = true;
        wake?.();
      };
      listeners.add(listener);
      closers.add(close);
      return {
        async next(): Promise<IteratorResult<EngineEvent>> {
          while (!buffer.length && !closed) await new Promise<void>((r) => (wake = r));
          const value = buffer.shift();
          if (value) return { value, done: false };
          listeners.delete(listener);
          closers.delete(close);
          return { value: undefined, done: true };
        },
        async return(): Promise<IteratorResult<EngineEvent>> {
          listeners.delete(listener);
          return { value: undefined, done: true };
        },
      };
    },
  };
}
