import type { OpenDialog } from '../dialogs.ts';
import type { ProbeState } from '../in-page/probe-state.ts';
import { markSettleProbe, readSettleProbeAfterTask } from '../in-page/settle-probe-calls.ts';
import { NavigationWatch } from '../navigation.ts';
import type { Page } from '../page.ts';
import { PageActivity } from './activity.ts';

/** What settling waited for after an action, and how long: the evidence, not a fixed window. */
export interface SettleReport {
  ms: number;
  /** What the action set in motion and the wait covered: 'navigation', 'network', 'timers', 'animations', 'dom'. */
  waitedFor: string[];
  /** True when the bound was reached before everything finished. */
  capped?: boolean;
}

export interface Settled<T> {
  value?: T;
  /** A JavaScript dialog the action opened; the page waits for handle_dialog. */
  dialog?: OpenDialog;
  /** The main frame navigated because of the action. */
  navigated: boolean;
  settle?: SettleReport;
}

/** Resolves when the DOM has had no mutation for `quietMs`, or after `maxMs` at most. */
const QUIET_FN = `(quietMs, maxMs) => new Promise((resolve) => {
  let timer;
  const done = (quiet) => { observer.disconnect(); clearTimeout(timer); clearTimeout(cap); resolve(quiet); };
  const observer = new MutationObserver(() => { clearTimeout(timer); timer = setTimeout(() => done(true), quietMs); });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  timer = setTimeout(() => done(true), quietMs);
  const cap = setTimeout(() => done(false), maxMs);
})`;

/** A fixed quiet window: used only when a caller asks for one explicitly (`settleMs`). */
export async function domQuiet(page: Page, quietMs: number, maxMs: number): Promise<void> {
  await page
    .send('Runtime.evaluate', { expression: `(${QUIET_FN})(${quietMs}, ${maxMs})`, awaitPromise: true, returnByValue: true })
    .catch(() => undefined); // a navigation destroyed the context: the navigation wait covers it
}

/** How many times slower the page is made to run, from the page's emulation service if it has one. */
export function throttlingFactor(page: Page): number {
  const emulation = page.extensions.get('emulation') as { throttlingFactor?: () => number } | undefined;
  const f = emulation?.throttlingFactor?.() ?? 1;
  return Number.isFinite(f) ? Math.min(Math.max(f, 1), 20) : 1;
}

/** A settle begun before the action's first call in the page (see `beginSettle`). */
export interface SettleStart {
  started: number;
  watch: NavigationWatch;
  activity: PageActivity;
  /** The probe's name when the caller's next call marks it in the main document itself (`MARK_IN_CALL`); unset when already marked. */
  markKey?: string;
}

/**
 * Starts watching for what an action sets in motion (navigation, requests) before the caller's
 * first call in the page. With `marksInPage` (the element is in the main document) that call
 * marks the in-page probe itself — no round trip of its own; otherwise the probe is marked now.
 * Ended by `settleAfter(…, { begun })` or `abandonSettle`.
 */
export async function beginSettle(page: Page, opts: { marksInPage: boolean }): Promise<SettleStart> {
  const start: SettleStart = { started: Date.now(), watch: new NavigationWatch(page), activity: PageActivity.of(page) };
  try {
    if (opts.marksInPage) {
      await start.activity.track();
      start.markKey = start.activity.probeKey;
    } else await start.activity.mark();
  } catch (e) {
    abandonSettle(start);
    throw e;
  }
  return start;
}

/** Ends a begun settle whose action will not run (the target was not ready): nothing is watched any more. */
export function abandonSettle(start: SettleStart): void {
  start.activity.stop();
  start.watch.dispose();
}

/**
 * In-page source for a call on an element of the main document: marks the settle probe named
 * `key` (a no-op without one).
 */
export const MARK_IN_CALL = `const markSettle = (key) => { if (key) (${markSettleProbe.toString()})(key); };`;

/**
 * In-page source for an element's last call of an action: once the work its handlers queued
 * has run (microtasks and the task after), what the action set in motion so far — the state the
 * settle reads first. Undefined without a key (the settle then reads it itself), null without a probe.
 */
export const STATE_IN_CALL = `const settleState = (key) => (key ? (${readSettleProbeAfterTask.toString()})(key) : undefined);`;

export interface SettleOptions<T> {
  timeoutMs: number;
  quietMs?: number;
  /** Begun by `beginSettle` (watches on, probe marked by the caller's call or at once). */
  begun?: SettleStart;
  /** The probe's state the action read itself in its last call (`STATE_IN_CALL`), or undefined to read it. */
  probeOf?: (value: T) => ProbeState | null | undefined;
  /** False when the action found its target not ready and did nothing: there is then nothing to wait for. */
  ran?: (value: T) => boolean;
}

/**
 * Runs an action, then waits for exactly what it set in motion: a navigation it started
 * (committed and loaded), requests the page issued since the action, short timers the page
 * scheduled, CSS animations it started, then one frame without DOM mutations. When the action
 * set nothing in motion, it returns at once. Bounded (3 s × throttling for in-page work, the
 * timeout for a navigation); the report says what was waited for. A dialog the action opens
 * ends the wait at once and is returned. `quietMs` > 0 adds the old fixed quiet window.
 */
export async function settleAfter<T>(page: Page, action: () => Promise<T>, opts: SettleOptions<T>): Promise<Settled<T>> {
  const started = opts.begun?.started ?? Date.now();
  const watch = opts.begun?.watch ?? new NavigationWatch(page);
  const activity = opts.begun?.activity ?? PageActivity.of(page);
  // Under CPU/network throttling (emulation) the page needs proportionally longer to settle.
  const factor = throttlingFactor(page);
  const maxQuiet = Math.min(opts.timeoutMs, 3000 * factor);
  try {
    if (!opts.begun) await activity.mark();
    const acted = await page.runUnlessDialog(action);
    if (acted.dialog) return { dialog: acted.dialog, navigated: false };
    if ('value' in acted && opts.ran && !opts.ran(acted.value as T)) return { value: acted.value as T, navigated: false };
    const actedAt = Date.now();
    const waitedFor = new Set<string>();
    let capped = false;
    const read = 'value' in acted && opts.probeOf ? opts.probeOf(acted.value as T) : undefined;
    const settled = await page.runUnlessDialog(async () => {
      capped = await waitForEvidence(page, activity, watch, waitedFor, { timeoutMs: opts.timeoutMs, maxQuiet }, read);
      if (opts.quietMs && opts.quietMs > 0) await domQuiet(page, opts.quietMs * factor, maxQuiet);
    });
    const result: Settled<T> = {
      navigated: watch.started,
      settle: { ms: Date.now() - started, waitedFor: [...waitedFor], ...(capped ? { capped } : {}) },
    };
    if ('value' in acted) result.value = acted.value as T;
    if (settled.dialog) result.dialog = settled.dialog;
    else if (!capped) activity.settled(started, actedAt);
    return result;
  } finally {
    activity.stop();
    watch.dispose();
  }
}

/** The evidence loop; returns true when it stopped at the bound rather than on a settled page. */
async function waitForEvidence(
  page: Page,
  activity: PageActivity,
  watch: NavigationWatch,
  waitedFor: Set<string>,
  bounds: { timeoutMs: number; maxQuiet: number },
  read: ProbeState | null | undefined,
): Promise<boolean> {
  const deadline = Date.now() + bounds.maxQuiet;
  const first = read !== undefined ? read : await activity.state();
  const nothingPending = first !== null && first.timers === 0 && first.animations === 0;
  // Nothing set in motion: the action's synchronous effects (if any) are already in the DOM.
  if (!watch.started && activity.requestsInFlight === 0 && nothingPending) {
    if (first.mutations > 0) waitedFor.add('dom');
    return false;
  }
  for (;;) {
    page.assertUsable();
    if (watch.started && !watch.finished) {
      waitedFor.add('navigation');
      await watch.wait(bounds.timeoutMs);
    }
    if (activity.requestsInFlight > 0) {
      waitedFor.add('network');
      if (!(await activity.requestsDone(deadline))) return true;
    }
    const left = deadline - Date.now();
    if (left <= 0) return true;
    const q = await activity.quiet(left);
    if (q) {
      if (q.timers > 0 || first?.timers) waitedFor.add('timers');
      if (q.animations > 0 || first?.animations) waitedFor.add('animations');
      if (q.mutations > 0) waitedFor.add('dom');
      if (!q.quiet) return true;
    }
    // Settled unless the quiet wait let something new start (a timer fired a request, a late navigation).
    if (activity.requestsInFlight === 0 && !(watch.started && !watch.finished)) return false;
  }
}
