/** Runs mutating commands of one context strictly in arrival order; read-only ones run at once. */
export class CommandQueue {
  #tail: Promise<unknown> = Promise.resolve();
  #pending = 0;

  get pending(): number {
    return this.#pending;
  }

  /** Queues `fn` behind every earlier mutating command of this context. */
  serial<T>(fn: () => Promise<T>): Promise<T> {
    this.#pending++;
    const run = this.#tail.then(fn, fn);
    this.#tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run.finally(() => {
      this.#pending--;
    });
  }
}

/** Rejects with `onTimeout()` when `p` takes longer than `ms` (the queue moves on; `p` is abandoned). */
export function withDeadline<T>(p: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}
