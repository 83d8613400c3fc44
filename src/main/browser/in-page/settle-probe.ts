/**
 * The in-page half of settling by evidence. Installed in the page's main world before its
 * first script (and at once in documents already open), it keeps three facts an action can
 * set in motion that CDP does not report: DOM mutations, short timers the page scheduled
 * (`setTimeout` up to `timerLimitMs`) and running CSS animations/transitions. Requests and
 * navigations are watched from outside, over CDP.
 *
 * A page's own background work is not the action's: DOM changes made synchronously by a timer
 * or interval callback that was scheduled before the mark (a ticking clock, a carousel) are
 * taken from the observer and dropped, so they neither count as the action's effect nor keep
 * the wait going.
 *
 * Each function here is serialised with `Function.prototype.toString` and run in the page, so
 * it must not refer to anything outside its own body.
 */

/** What the probe saw since the last mark. */
export interface ProbeState {
  /** DOM mutation records since the mark. */
  mutations: number;
  /** Timers created since the mark that have neither fired nor been cleared. */
  timers: number;
  /** Animations and transitions started since the mark that are still running. */
  animations: number;
}

/** Why the in-page wait ended. */
export interface ProbeQuiet extends ProbeState {
  quiet: boolean;
  waitedMs: number;
}

interface ProbeApi {
  mark(): void;
  state(): ProbeState;
  quiet(maxMs: number): Promise<ProbeQuiet>;
}

/** Installs the probe under `key` on `window` (once per document). */
export function installSettleProbe(key: string, timerLimitMs: number): void {
  if (Reflect.get(window, key)) return;
  const nativeSetTimeout = window.setTimeout.bind(window);
  const nativeClearTimeout = window.clearTimeout.bind(window);
  const nativeRaf = window.requestAnimationFrame.bind(window);
  let seq = 0;
  let markSeq = 0;
  let mutations = 0;
  let markMutations = 0;
  let markTime = 0;
  const pending = new Map<number, number>();

  const nativeSetInterval = window.setInterval.bind(window);
  // Set below, once the observer exists: runs a timer callback and drops the DOM changes it
  // made when the timer was scheduled before the current mark.
  let runTimer = (_order: number, run: () => void): void => run();

  const wrappedSetTimeout = (handler: TimerHandler, delay?: number, ...args: unknown[]): number => {
    const ms = Number(delay) || 0;
    if (typeof handler !== 'function') return nativeSetTimeout(handler, delay, ...args);
    const order = ++seq;
    const tracked = ms <= timerLimitMs;
    const id: number = nativeSetTimeout(() => {
      pending.delete(id);
      runTimer(order, () => handler(...args));
    }, ms);
    if (tracked) pending.set(id, order);
    return id;
  };
  const wrappedSetInterval = (handler: TimerHandler, delay?: number, ...args: unknown[]): number => {
    if (typeof handler !== 'function') return nativeSetInterval(handler, delay, ...args);
    const order = ++seq;
    return nativeSetInterval(() => runTimer(order, () => handler(...args)), delay);
  };
  const wrappedClearTimeout = (id?: number): void => {
    if (id !== undefined) pending.delete(id);
    nativeClearTimeout(id);
  };
  window.setTimeout = wrappedSetTimeout as typeof window.setTimeout;
  window.clearTimeout = wrappedClearTimeout as typeof window.clearTimeout;
  window.setInterval = wrappedSetInterval as typeof window.setInterval;

  const observer = new MutationObserver((records) => {
    mutations += records.length;
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  runTimer = (order, run) => {
    if (order > markSeq) return run();
    mutations += observer.takeRecords().length; // changes from before this callback still count
    try {
      run();
    } finally {
      observer.takeRecords(); // the background callback's own changes are not the action's
    }
  };

  const now = () => performance.now();
  const timersSinceMark = () => {
    let n = 0;
    for (const order of pending.values()) if (order > markSeq) n++;
    return n;
  };
  const animationsSinceMark = () => {
    if (typeof document.getAnimations !== 'function') return 0;
    let n = 0;
    for (const a of document.getAnimations()) {
      const timing = a.effect?.getComputedTiming();
      if (!timing || timing.endTime === Number.POSITIVE_INFINITY) continue; // endless loops never settle
      const started = typeof a.startTime === 'number' ? a.startTime : Number.POSITIVE_INFINITY; // pending: not started yet
      if ((a.playState === 'running' || a.pending) && started >= markTime) n++;
    }
    return n;
  };
  const state = (): ProbeState => ({
    mutations: mutations - markMutations,
    timers: timersSinceMark(),
    animations: animationsSinceMark(),
  });
  const frame = () =>
    new Promise<void>((resolve) => {
      // A hidden page gets no animation frames: a short timer stands in.
      const t = nativeSetTimeout(resolve, 50);
      nativeRaf(() => {
        nativeClearTimeout(t);
        resolve();
      });
    });

  const api: ProbeApi = {
    mark() {
      markSeq = seq;
      markMutations = mutations;
      markTime = document.timeline ? Number(document.timeline.currentTime ?? 0) : 0;
    },
    state,
    async quiet(maxMs: number) {
      const started = now();
      for (;;) {
        const before = mutations;
        await frame();
        const s = state();
        const waitedMs = Math.round(now() - started);
        if (s.timers === 0 && s.animations === 0 && mutations === before) return { ...s, quiet: true, waitedMs };
        if (waitedMs >= maxMs) return { ...s, quiet: false, waitedMs };
      }
    },
  };
  Object.defineProperty(window, key, { value: api, enumerable: false, configurable: false, writable: false });
}

/** Marks "now" as the start of an action: later counts are relative to it. */
export function markSettleProbe(key: string): boolean {
  const api = Reflect.get(window, key) as ProbeApi | undefined;
  api?.mark();
  return Boolean(api);
}

/** What the action set in motion so far, or null when the probe is missing. */
export function readSettleProbe(key: string): ProbeState | null {
  const api = Reflect.get(window, key) as ProbeApi | undefined;
  return api ? api.state() : null;
}

/** Waits in the page until timers and animations started since the mark are done and one frame passes without mutations. */
export function waitSettleProbe(key: string, maxMs: number): Promise<ProbeQuiet | null> {
  const api = Reflect.get(window, key) as ProbeApi | undefined;
  return api ? api.quiet(maxMs) : Promise.resolve(null);
}
