/**
 * Follows the answers a page waits for from the network: every `fetch` until its promise settles,
 * every reading of a fetched body (`json`, `text`, …) until it settles, every `XMLHttpRequest`
 * until its `loadend`. The page's own handlers of an answer run in the task in which it stops
 * being open here (a fetch or a body read: the microtasks right after this counter's own), so
 * once nothing opened since a mark is still open, a task later the page's reaction to those
 * answers has run — and whatever it set in motion then (a timer, another request) is seen by the
 * settle probe or over CDP.
 *
 * A body read as a stream (`Response.body`) is not followed to its end: reaching for it counts as
 * work the page handed away (`away`), and the hold does not take the answer as handled.
 *
 * Serialised with `Function.prototype.toString` and run in the page before its first script:
 * it must not refer to anything outside its own body.
 */
export function installAnswerCounter(key: string): void {
  const name = `${key}_answers`;
  if (Reflect.get(window, name)) return;
  // calls: every followed operation, in order; sent: fetch and XHR calls; open: operations not yet ended → their order
  const counter = { calls: 0, sent: 0, away: 0, open: new Map<object, number>() };
  let mark = { calls: 0, sent: 0, away: 0 };
  const follow = (): (() => void) => {
    const token = {};
    counter.open.set(token, ++counter.calls);
    return () => {
      counter.open.delete(token);
    };
  };
  const api = {
    /** From now on: what `state` counts. */
    mark() {
      mark = { calls: counter.calls, sent: counter.sent, away: counter.away };
    },
    /** Since the mark: answers still open, requests sent, bodies taken as streams. */
    state() {
      let open = 0;
      for (const order of counter.open.values()) if (order > mark.calls) open++;
      return { open, sent: counter.sent - mark.sent, away: counter.away - mark.away };
    },
  };
  const nativeFetch = window.fetch;
  if (typeof nativeFetch === 'function')
    window.fetch = function (this: unknown, ...args: Parameters<typeof fetch>) {
      counter.sent++;
      const done = follow();
      try {
        const p = Reflect.apply(nativeFetch, this, args) as Promise<Response>;
        // registered before the caller's own handlers: they run right after, in the same microtask checkpoint
        p.then(done, done);
        return p;
      } catch (e) {
        done();
        throw e;
      }
    } as typeof fetch;
  const response = (Reflect.get(window, 'Response') as { prototype?: object } | undefined)?.prototype;
  if (response) {
    for (const method of ['json', 'text', 'arrayBuffer', 'blob', 'formData', 'bytes']) {
      const fn: unknown = Reflect.get(response, method);
      if (typeof fn !== 'function') continue;
      Reflect.set(response, method, function (this: unknown, ...args: unknown[]) {
        const done = follow();
        try {
          const p = Reflect.apply(fn, this, args) as Promise<unknown>;
          p.then(done, done);
          return p;
        } catch (e) {
          done();
          throw e;
        }
      });
    }
    const body = Object.getOwnPropertyDescriptor(response, 'body')?.get;
    if (body)
      Object.defineProperty(response, 'body', {
        configurable: true,
        get(this: unknown) {
          counter.away++;
          return Reflect.apply(body, this, []);
        },
      });
  }
  const xhr = (Reflect.get(window, 'XMLHttpRequest') as { prototype?: XMLHttpRequest } | undefined)?.prototype;
  const nativeSend = xhr?.send;
  if (xhr && typeof nativeSend === 'function')
    xhr.send = function (this: XMLHttpRequest, ...args: unknown[]) {
      counter.sent++;
      const done = follow();
      // loadend is dispatched in the task that ends the answer: the page's own listeners of it (load, error,
      // readystatechange, loadend) have all run before any later task
      this.addEventListener('loadend', done, { once: true });
      try {
        return Reflect.apply(nativeSend, this, args) as void;
      } catch (e) {
        done();
        throw e;
      }
    };
  Object.defineProperty(window, name, { value: api, enumerable: false, configurable: false, writable: false });
}
