/**
 * The in-page half of settling by evidence. Installed in the page's main world before its
 * first script (and at once in documents already open), it keeps three facts an action can
 * set in motion that CDP does not report: DOM mutations, short timers the page scheduled
 * (`setTimeout` up to `timerLimitMs`) and running CSS animations/transitions. Requests and
 * navigations are watched from outside, over CDP; whether the page has had the answers to its
 * own requests is read from the answer counter (`answers.ts`). What the settle reads is summed
 * over the document and the same-origin frames it reaches (an action's handlers may run there).
 *
 * A page's own background work is not the action's: DOM changes made synchronously by a timer
 * or interval callback that was scheduled before the mark (a ticking clock, a carousel) are
 * taken from the observer and dropped, so they neither count as the action's effect nor keep
 * the wait going.
 *
 * The waits on what it counts (the settle's quiet wait, the hold's calm) are added by
 * `installSettleWaits` (`settle-waits.ts`), from the frame, task and frame walk it offers.
 *
 * Each function here is serialised with `Function.prototype.toString` and run in the page, so
 * it must not refer to anything outside its own body.
 */

import type { ProbeCore, ProbeState } from './probe-state.ts';

/** Installs the probe under `key` on `window` (once per document). */
export function installSettleProbe(key: string, timerLimitMs: number): void {
  if (Reflect.get(window, key)) return;
  const nativeSetTimeout = window.setTimeout.bind(window);
  const nativeClearTimeout = window.clearTimeout.bind(window);
  const nativeRaf = window.requestAnimationFrame.bind(window);
  const NativeChannel = window.MessageChannel;
  let seq = 0;
  let markSeq = 0;
  let mutations = 0;
  let markMutations = 0;
  // the animations that existed at the mark: any other one was started since (a start time cannot
  // tell, on a busy machine a frame's time can be earlier than the mark that came before it)
  let markAnimations = new WeakSet<Animation>();
  const pending = new Map<number, number>();

  const nativeSetInterval = window.setInterval.bind(window);
  const nativeClearInterval = window.clearInterval.bind(window);
  const nativeCancelRaf = window.cancelAnimationFrame.bind(window);
  // scheduled work the settle does not wait for, by id → order (see ProbeState.loose)
  const frames = new Map<number, number>();
  const intervals = new Map<number, number>();
  const idles = new Map<number, number>();
  let handoffs = 0;
  let markHandoffs = 0;
  // the calls that hand work off the event loop, counted by `installHandOffCounter` under this key
  const handedOff = () => handoffs + Number((Reflect.get(window, `${key}_handoffs`) as { count?: number } | undefined)?.count ?? 0);
  // the network answers the page waits for, followed by `installAnswerCounter` under this key
  type Answers = { mark(): void; state(): { open: number; sent: number; away: number } };
  const answers = () => (Reflect.get(window, `${key}_answers`) as Answers | undefined)?.state() ?? { open: 0, sent: 0, away: 0 };
  // Set below, once the observer exists: runs a timer callback and drops the DOM changes it
  // made when the timer was scheduled before the current mark.
  let runTimer = (_order: number, run: () => void): void => run();

  const wrappedSetTimeout = (handler: TimerHandler, delay?: number, ...args: unknown[]): number => {
    const ms = Number(delay) || 0;
    if (typeof handler !== 'function') {
      handoffs++; // code in a string: its end is not seen
      return nativeSetTimeout(handler, delay, ...args);
    }
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
    if (typeof handler !== 'function') {
      handoffs++;
      return nativeSetInterval(handler, delay, ...args);
    }
    const order = ++seq;
    const id: number = nativeSetInterval(() => runTimer(order, () => handler(...args)), delay);
    intervals.set(id, order);
    return id;
  };
  // clearTimeout and clearInterval clear either kind
  const wrappedClearTimeout = (id?: number): void => {
    if (id !== undefined) {
      pending.delete(id);
      intervals.delete(id);
    }
    nativeClearTimeout(id);
  };
  const wrappedClearInterval = (id?: number): void => {
    if (id !== undefined) {
      pending.delete(id);
      intervals.delete(id);
    }
    nativeClearInterval(id);
  };
  window.setTimeout = wrappedSetTimeout as typeof window.setTimeout;
  window.clearTimeout = wrappedClearTimeout as typeof window.clearTimeout;
  window.setInterval = wrappedSetInterval as typeof window.setInterval;
  window.clearInterval = wrappedClearInterval as typeof window.clearInterval;
  window.requestAnimationFrame = (cb: FrameRequestCallback): number => {
    const order = ++seq;
    const id = nativeRaf((t) => {
      frames.delete(id);
      cb(t);
    });
    frames.set(id, order);
    return id;
  };
  window.cancelAnimationFrame = (id: number): void => {
    frames.delete(id);
    nativeCancelRaf(id);
  };
  if (typeof window.requestIdleCallback === 'function') {
    const nativeIdle = window.requestIdleCallback.bind(window);
    const nativeCancelIdle = window.cancelIdleCallback.bind(window);
    window.requestIdleCallback = (cb: IdleRequestCallback, opts?: IdleRequestOptions): number => {
      const order = ++seq;
      const id = nativeIdle((d) => {
        idles.delete(id);
        cb(d);
      }, opts);
      idles.set(id, order);
      return id;
    };
    window.cancelIdleCallback = (id: number): void => {
      idles.delete(id);
      nativeCancelIdle(id);
    };
  }
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
      if ((a.playState === 'running' || a.pending) && !markAnimations.has(a)) n++;
    }
    return n;
  };
  const since = (m: Map<number, number>) => {
    let n = 0;
    for (const order of m.values()) if (order > markSeq) n++;
    return n;
  };
  const state = (): ProbeState => {
    const a = answers();
    const loose = since(frames) + since(intervals) + since(idles) + handedOff() - markHandoffs + a.away;
    return {
      mutations: mutations - markMutations,
      timers: timersSinceMark(),
      animations: animationsSinceMark(),
      loose,
      answers: a.open,
      sent: a.sent,
    };
  };
  // `real`: a visible page's frame is waited for however late it comes (a busy machine), not stood in for;
  // true when an animation frame ran (not the stand-in)
  const frame = (real = false) =>
    new Promise<boolean>((resolve) => {
      // A hidden page gets no animation frames: a short timer stands in.
      const t = real && document.visibilityState === 'visible' ? undefined : nativeSetTimeout(() => resolve(false), 50);
      nativeRaf(() => {
        nativeClearTimeout(t);
        resolve(true);
      });
    });
  let marks = 0;

  const api: ProbeCore = {
    mark() {
      marks++;
      // frames this document reaches count from the same moment (their probe is read when the hold asks whether all is calm)
      for (let i = 0; i < window.frames.length; i++) {
        try {
          (Reflect.get(window.frames[i] as Window, key) as ProbeCore | undefined)?.mark();
        } catch {
          // another origin: not reachable, and the hold treats it as not known to be calm
        }
      }
      markSeq = seq;
      markMutations = mutations;
      markHandoffs = handedOff();
      (Reflect.get(window, `${key}_answers`) as Answers | undefined)?.mark();
      markAnimations = new WeakSet(typeof document.getAnimations === 'function' ? document.getAnimations() : []);
    },
    state,
    withFrames: () => {
      const all = readable().map((d) => d.state());
      const sum = (f: (s: ProbeState) => number) => all.reduce((n, s) => n + f(s), 0);
      return {
        mutations: sum((s) => s.mutations),
        timers: sum((s) => s.timers),
        animations: sum((s) => s.animations),
        loose: sum((s) => s.loose),
        answers: sum((s) => s.answers),
        sent: sum((s) => s.sent),
      };
    },
    stateAfterTask: () =>
      new Promise<ProbeState>((resolve) => {
        // a message task: not a timer the probe would count, and not slowed down in a hidden page as timers are
        const channel = new NativeChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          resolve(api.withFrames());
        };
        channel.port2.postMessage(0);
      }),
    mutations() {
      mutations += observer.takeRecords().length;
      return mutations;
    },
    frame,
    task: () => new Promise<void>((resolve) => nativeSetTimeout(resolve, 0)),
    docs: (all: boolean) => reach(all),
    marks: () => marks,
  };
  /**
   * This document's probe and those of the frames it reaches. `all`: null when one cannot be read
   * (another origin, no probe yet) or another window opened this one (it can be told things it
   * acts on, unseen here); otherwise those are skipped (another origin has its own session).
   */
  const reach = (all: boolean): ProbeCore[] | null => {
    if (all && window.opener) return null;
    const out: ProbeCore[] = [api];
    const walk = (w: Window, depth: number): boolean => {
      for (let i = 0; i < w.frames.length; i++) {
        try {
          const child = w.frames[i] as Window;
          const probe = Reflect.get(child, key) as ProbeCore | undefined;
          if (probe && depth <= 3) {
            out.push(probe);
            if (walk(child, depth + 1)) continue;
          }
        } catch {
          // another origin
        }
        if (all) return false;
      }
      return true;
    };
    return walk(window, 0) || !all ? out : null;
  };
  const readable = (): ProbeCore[] => reach(false) ?? [api];
  Object.defineProperty(window, key, { value: api, enumerable: false, configurable: false, writable: false });
}
