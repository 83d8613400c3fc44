import { StewardError } from '../../shared/errors.ts';
import { globMatch } from './glob.ts';
import type { Page } from './page.ts';

/**
 * Polls a condition in the page's main frame until it holds. Polling from outside survives
 * navigations (a new document simply gets asked next time) and never blocks the page.
 */
export async function waitForCondition<T>(
  page: Page,
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    page.assertUsable();
    if (signal?.aborted) throw new StewardError('TIMEOUT', `Stopped waiting for ${what}: the operation was cancelled.`);
    const value = await check().catch((e) => {
      if (e instanceof StewardError && e.code !== 'PROTOCOL_ERROR' && e.code !== 'CONTEXT_LOST') throw e;
      return undefined; // e.g. "Execution context was destroyed" during a navigation
    });
    if (value !== undefined) return value;
    if (Date.now() >= deadline) {
      throw new StewardError('TIMEOUT', `Waited ${timeoutMs} ms for ${what} on page ${page.id}; it did not happen.`, {
        details: { pageId: page.id, url: page.url() },
        suggestions: ['Take a snapshot to see what the page shows, or retry with a longer timeout.'],
      });
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Evaluates an expression in the page's main frame and returns its JSON value. */
export async function evaluateValue<T>(page: Page, expression: string): Promise<T> {
  const { result, exceptionDetails } = await page.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
  if (exceptionDetails) throw new StewardError('PROTOCOL_ERROR', exceptionDetails.exception?.description ?? exceptionDetails.text);
  return result.value as T;
}

export function waitForText(page: Page, text: string, timeoutMs: number, signal?: AbortSignal): Promise<true> {
  const expr = `(() => { const t = ${JSON.stringify(text)}; const seen = (d) => { if (!d || !d.body) return false; if (d.body.innerText.includes(t)) return true; for (const f of d.querySelectorAll('iframe')) { try { if (seen(f.contentDocument)) return true; } catch {} } return false; }; return seen(document) || undefined; })()`;
  return waitForCondition(page, `the text "${text}"`, () => evaluateValue<true | undefined>(page, expr), timeoutMs, signal);
}

export function waitForSelector(
  page: Page,
  selector: string,
  state: 'attached' | 'visible' | 'hidden',
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ count: number }> {
  const expr = `(() => { const els = [...document.querySelectorAll(${JSON.stringify(selector)})];
    const vis = (e) => e.checkVisibility ? e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) : !!e.getClientRects().length;
    const state = ${JSON.stringify(state)};
    if (state === 'attached') return els.length ? { count: els.length } : undefined;
    if (state === 'visible') { const n = els.filter(vis).length; return n ? { count: n } : undefined; }
    return els.some(vis) ? undefined : { count: els.length }; })()`;
  return waitForCondition(page, `selector ${selector} to be ${state}`, () => evaluateValue(page, expr), timeoutMs, signal);
}

/** Matches a URL against a pattern: /regex/, a glob with *, or a substring. */
export function urlMatches(url: string, pattern: string): boolean {
  const regex = /^\/(.+)\/([a-z]*)$/.exec(pattern);
  if (regex) return new RegExp(regex[1] as string, regex[2]).test(url);
  if (pattern.includes('*')) return globMatch(pattern, url);
  return url.includes(pattern);
}

export function waitForUrl(page: Page, pattern: string, timeoutMs: number, signal?: AbortSignal): Promise<string> {
  return waitForCondition(
    page,
    `a URL matching ${pattern}`,
    async () => {
      const url = await evaluateValue<string>(page, 'location.href');
      return urlMatches(url, pattern) ? url : undefined;
    },
    timeoutMs,
    signal,
  );
}
