/**
 * Pause, resume and cancel of a running plan, from outside (UI, CLI, tests). Cancel aborts the
 * tool call in flight; pause takes effect between steps (a step is never cut in half).
 */
export class PlanControl {
  readonly #ac = new AbortController();
  #paused = false;
  #resumers: Array<() => void> = [];
  #listeners = new Set<(what: 'paused' | 'resumed' | 'cancelled', reason?: string) => void>();

  get signal(): AbortSignal {
    return this.#ac.signal;
  }
  get paused(): boolean {
    return this.#paused;
  }
  get cancelled(): boolean {
    return this.#ac.signal.aborted;
  }

  pause(): void {
    if (this.#paused || this.cancelled) return;
    this.#paused = true;
    for (const l of this.#listeners) l('paused');
  }

  resume(): void {
    if (!this.#paused) return;
    this.#paused = false;
    for (const l of this.#listeners) l('resumed');
    for (const r of this.#resumers.splice(0)) r();
  }

  cancel(reason = 'cancelled by the person'): void {
    if (this.cancelled) return;
    this.#ac.abort(new Error(reason));
    for (const l of this.#listeners) l('cancelled', reason);
    for (const r of this.#resumers.splice(0)) r();
  }

  /** Follows an outer signal (e.g. the caller's) as a cancel. */
  follow(signal: AbortSignal | undefined): void {
    if (!signal) return;
    if (signal.aborted) this.cancel(String(signal.reason ?? 'aborted'));
    else
      signal.addEventListener('abort', () => this.cancel(String((signal.reason as Error | undefined)?.message ?? 'aborted')), {
        once: true,
      });
  }

  on(listener: (what: 'paused' | 'resumed' | 'cancelled', reason?: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves when not paused (immediately if running). */
  async whilePaused(): Promise<void> {
    if (!this.#paused || this.cancelled) return;
    await new Promise<void>((r) => this.#resumers.push(r));
  }

  cancelReason(): string {
    const r = this.#ac.signal.reason as Error | undefined;
    return r?.message ?? 'cancelled';
  }
}
