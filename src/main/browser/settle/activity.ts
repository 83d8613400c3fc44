import type { Protocol } from 'devtools-protocol';
import { installAnswerCounter } from '../in-page/answers.ts';
import { installHandOffCounter } from '../in-page/hand-offs.ts';
import type { ProbeCalm, ProbeQuiet, ProbeState } from '../in-page/probe-state.ts';
import { installSettleProbe } from '../in-page/settle-probe.ts';
import { calmSettleProbe, markSettleProbe, readSettleProbe, waitSettleProbe } from '../in-page/settle-probe-calls.ts';
import { installSettleWaits } from '../in-page/settle-waits.ts';
import type { Page } from '../page.ts';

/** Only timers up to this long count as "set in motion" (longer ones are schedules, not reactions). */
const TIMER_LIMIT_MS = 1000;
/** Requests that never "finish" in the sense of a page settling: streams, pings, media. */
const LONG_LIVED = new Set<string>(['WebSocket', 'EventSource', 'Ping', 'Media', 'Manifest', 'CSPViolationReport', 'Prefetch']);
/** One random name per process for the probe on `window`, so a page cannot guess it ahead of time. */
const PROBE_KEY = `__steward_settle_${Math.random().toString(36).slice(2, 10)}`;

const call = (fn: (...args: never[]) => unknown, ...args: unknown[]) =>
  `(${fn.toString()})(${args.map((a) => JSON.stringify(a)).join(',')})`;

/**
 * What an action set in motion on one page, seen from both sides: requests the page issued
 * (CDP Network events, every session of the page) and, through the in-page probe, DOM
 * mutations, short timers and CSS animations. `mark()` starts a new window of observation.
 */
export class PageActivity {
  readonly #page: Page;
  readonly #inFlight = new Set<string>();
  /** Requests held by a Fetch interception (the approval gate): they wait on a person, not on the page. */
  readonly #held = new Set<string>();
  /** Document requests in flight → the frame they load. */
  readonly #documents = new Map<string, string>();
  #tracking = false;
  /** The last settle that ran to its end (not capped, no dialog): when it began and when its action returned. */
  #settled: { began: number; acted: number } | undefined;
  #wake: () => void = () => {};
  #ready: Promise<void> | undefined;

  private constructor(page: Page) {
    this.#page = page;
  }

  static of(page: Page): PageActivity {
    let a = page.extensions.get('activity') as PageActivity | undefined;
    if (!a) {
      a = new PageActivity(page);
      page.extensions.set('activity', a);
    }
    return a;
  }

  /** Installs the probe (for this and every later document) and the request watch, once per page. */
  ready(): Promise<void> {
    this.#ready ??= this.#install().catch(() => undefined);
    return this.#ready;
  }

  async #install(): Promise<void> {
    const page = this.#page;
    const source = [
      call(installHandOffCounter, PROBE_KEY),
      call(installAnswerCounter, PROBE_KEY),
      call(installSettleProbe, PROBE_KEY, TIMER_LIMIT_MS),
      call(installSettleWaits, PROBE_KEY),
    ].join(';');
    // by request id alone: a frame's navigation may start in its parent's session and end in its own
    const key = (_sid: string | undefined, id: string) => id;
    // a frame's document (an iframe moving to a process of its own ends its load in a session whose
    // network events may not be followed): done when the frame stops loading
    const documents = this.#documents;
    page.cdp.on('Network.requestWillBeSent', (p, sid) => {
      const e = p as Protocol.Network.RequestWillBeSentEvent;
      if (!this.#tracking || e.redirectResponse || LONG_LIVED.has(e.type ?? '')) return;
      if (this.#held.has(key(sid, e.requestId))) return;
      this.#inFlight.add(key(sid, e.requestId));
      if (e.type === 'Document' && e.frameId) documents.set(key(sid, e.requestId), e.frameId);
    });
    const frameDone = (p: unknown) => {
      const frameId = (p as { frameId?: string }).frameId;
      let woke = false;
      for (const [k, f] of documents)
        if (f === frameId) {
          documents.delete(k);
          woke = this.#inFlight.delete(k) || woke;
        }
      if (woke && this.#inFlight.size === 0) this.#wake();
    };
    page.cdp.on('Page.frameStoppedLoading', frameDone);
    page.cdp.on('Page.frameDetached', frameDone);
    page.cdp.on('Fetch.requestPaused', (p, sid) => {
      const id = (p as Protocol.Fetch.RequestPausedEvent).networkId;
      if (!id) return;
      this.#held.add(key(sid, id));
      if (this.#inFlight.delete(key(sid, id)) && this.#inFlight.size === 0) this.#wake();
    });
    const done = (p: unknown, sid: string | undefined) => {
      documents.delete(key(sid, (p as { requestId: string }).requestId));
      if (this.#inFlight.delete(key(sid, (p as { requestId: string }).requestId)) && this.#inFlight.size === 0) this.#wake();
    };
    page.cdp.on('Network.loadingFinished', done);
    page.cdp.on('Network.loadingFailed', done);
    await Promise.all([
      page.send('Page.addScriptToEvaluateOnNewDocument', { source, runImmediately: true }),
      page.send('Runtime.evaluate', { expression: source }),
      page.send('Network.enable', {}),
    ]);
  }

  /** Starts a new observation window: what happens from now on counts as set in motion by the next action. */
  async mark(): Promise<void> {
    await this.track();
    await this.#evaluate<boolean>(call(markSettleProbe, PROBE_KEY));
  }

  /**
   * Starts the window on the CDP side only (requests from now on count); the caller's own next
   * call in the page's main document marks the probe there (see `probeKey`), saving a round trip.
   */
  async track(): Promise<void> {
    await this.ready();
    this.#inFlight.clear();
    this.#tracking = true;
  }

  /** The name of the probe on the main world's `window`, for a call that marks it or reads it itself. */
  get probeKey(): string {
    return PROBE_KEY;
  }

  /** A settle on this page ran to its end: the page was watched from `acted` (its action returned) until now. */
  settled(began: number, acted: number): void {
    this.#settled = { began, acted };
  }

  /**
   * When the action of the last settle that began at or after `since` and ran to its end
   * returned; undefined when no such settle happened (none, capped, or stopped by a dialog).
   */
  actedSince(since: number): number | undefined {
    const s = this.#settled;
    return s && s.began >= since ? s.acted : undefined;
  }

  /**
   * Whether everything the last marked action set in motion in the page has ended (see
   * `calmSettleProbe`); not calm when the page does not answer within `maxMs` (a dialog, a busy page).
   * `strict`: the frame that answers covers the moment of the ask (see `installSettleWaits`).
   */
  async calm(maxMs: number, strict = false): Promise<ProbeCalm> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<ProbeCalm>((resolve) => {
      timer = setTimeout(() => resolve({ calm: false, why: 'late' }), Math.max(0, maxMs));
    });
    const asked = this.#evaluate<ProbeCalm | null>(call(calmSettleProbe, PROBE_KEY, strict), true).then(
      (r) => r ?? { calm: false, why: 'probe' },
    );
    try {
      return await Promise.race([asked, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  stop(): void {
    this.#tracking = false;
    this.#inFlight.clear();
    this.#held.clear();
    this.#documents.clear();
  }

  get requestsInFlight(): number {
    return this.#inFlight.size;
  }

  /** The in-page counts since the mark (null when the document has no probe, e.g. it was replaced by a navigation). */
  state(): Promise<ProbeState | null> {
    return this.#evaluate<ProbeState | null>(call(readSettleProbe, PROBE_KEY));
  }

  /** Waits in the page for timers/animations to end and a frame without mutations, at most `maxMs`. */
  quiet(maxMs: number): Promise<ProbeQuiet | null> {
    return this.#evaluate<ProbeQuiet | null>(call(waitSettleProbe, PROBE_KEY, Math.max(0, Math.round(maxMs))), true);
  }

  /** Resolves when no request started since the mark is in flight, or at `deadline` (false). */
  async requestsDone(deadline: number): Promise<boolean> {
    while (this.#inFlight.size > 0) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await this.#page.guard(
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          this.#wake = () => {
            clearTimeout(timer);
            resolve();
          };
        }),
      );
    }
    return true;
  }

  async #evaluate<T>(expression: string, awaitPromise = false): Promise<T | null> {
    const r = await this.#page.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise }).catch(() => undefined); // the document went away (navigation): the caller's navigation wait covers it
    return r && !r.exceptionDetails ? (r.result.value as T) : null;
  }
}
