import { describe, expect, it } from 'vitest';
import { evalTaskRunner } from './eval-task.ts';

/**
 * Small page commands said the way people type them, on two pages the engine has never been
 * fitted to: an order named in other words than the page's ("수강료 싼 순서" for "낮은 수강료순",
 * a column header "Nightly rate" for "cheapest first"), a choice under a promotion shown on
 * arrival, a filter box named by who it keeps, a banner that is no dialog, a pager with no "Next",
 * a number for the slider its unit names, and a dialog closed with "ok … changed my mind".
 * The oracle is the page itself after the run, and no POST reaching the server.
 */
const runTask = evalTaskRunner();

describe('casual page commands on unseen pages (real Chromium, cdt agent run)', () => {
  it.each([
    'apiary-fee-order-ko',
    'apiary-kind-under-promo-ko',
    'apiary-weekend-only-ko',
    'marina-rate-header-en',
    'marina-banner-en',
    'marina-next-page-en',
    'marina-nights-en',
    'marina-close-dialog-en',
  ])('%s', async (id) => {
    const { r, failed } = await runTask(id);
    expect(failed).toEqual([]);
    expect(r.status.status).toBe('done');
  });
});
