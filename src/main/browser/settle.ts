import type { OpenDialog } from './dialogs.ts';
import { NavigationWatch } from './navigation.ts';
import type { Page } from './page.ts';

export interface Settled<T> {
  value?: T;
  /** A JavaScript dialog the action opened; the page waits for handle_dialog. */
  dialog?: OpenDialog;
  /** The main frame navigated because of the action. */
  navigated: boolean;
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

/**
 * Runs an action, then waits until the page settles: a navigation the action started has
 * committed and loaded, and the DOM has been quiet for ~100 ms — bounded, never a fixed sleep.
 * A dialog the action opens ends the wait at once and is returned.
 */
export async function settleAfter<T>(
  page: Page,
  action: () => Promise<T>,
  opts: { timeoutMs: number; quietMs?: number },
): Promise<Settled<T>> {
  const watch = new NavigationWatch(page);
  // Under CPU/network throttling (emulation) the page needs proportionally longer to settle.
  const factor = throttlingFactor(page);
  const quietMs = (opts.quietMs ?? 100) * factor;
  const maxQuiet = Math.min(opts.timeoutMs, 3000 * factor);
  try {
    const acted = await page.runUnlessDialog(action);
    if (acted.dialog) return { dialog: acted.dialog, navigated: false };
    const settled = await page.runUnlessDialog(async () => {
      if (quietMs > 0) await domQuiet(page, quietMs, maxQuiet);
      if (watch.started) {
        await watch.wait(opts.timeoutMs);
        await domQuiet(page, quietMs, maxQuiet);
      }
    });
    const result: Settled<T> = { navigated: watch.started };
    if ('value' in acted) result.value = acted.value as T;
    if (settled.dialog) result.dialog = settled.dialog;
    return result;
  } finally {
    watch.dispose();
  }
}
