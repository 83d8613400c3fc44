/**
 * Browser slots as permits: a context holds one from the start of its browser until it closes.
 * When all are taken, a caller waits in line (first come, first served) until one is freed, its
 * wait runs out, or its connection goes away.
 */
export interface AcquireOptions {
  waitMs: number;
  signal?: AbortSignal;
  /** The error to fail with when the wait runs out (told how long it waited). */
  onTimeout: (waitedMs: number) => Error;
}

interface Waiter {
  grant: () => void;
  fail: (e: Error) => void;
}

export class SlotGate {
  readonly capacity: number;
  #used = 0;
  readonly #line: Waiter[] = [];

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get used(): number {
    return this.#used;
  }
  get waiting(): number {
    return this.#line.length;
  }

  /** Resolves with the permit's release function (calling it twice frees one permit only). */
  acquire(opts: AcquireOptions): Promise<() => void> {
    const permit = () => {
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        this.#release();
      };
    };
    if (this.#used < this.capacity && this.#line.length === 0) {
      this.#used++;
      return Promise.resolve(permit());
    }
    const since = Date.now();
    return new Promise((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        const i = this.#line.indexOf(waiter);
        if (i !== -1) this.#line.splice(i, 1);
      };
      const waiter: Waiter = {
        grant: () => {
          leave();
          resolve(permit());
        },
        fail: (e) => {
          leave();
          reject(e);
        },
      };
      // the timer fires on the monotonic clock; the wall clock may read a millisecond short of it
      const timer = setTimeout(() => waiter.fail(opts.onTimeout(Math.max(opts.waitMs, Date.now() - since))), opts.waitMs);
      const onAbort = () => waiter.fail(new Error('the caller went away while waiting for a browser slot'));
      if (opts.signal?.aborted) return onAbort();
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      this.#line.push(waiter);
    });
  }

  #release(): void {
    const next = this.#line[0];
    // The permit passes straight to the first in line (the count of permits in use stays the same).
    if (next) next.grant();
    else this.#used--;
  }
}
