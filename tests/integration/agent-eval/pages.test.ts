/**
 * The act-on-any-site evaluation pages and their server, checked by hand (not the engine): on
 * every site, its first task's expectations fail on the untouched page and hold after a person's
 * steps through Playwright, so each page works, each predicate can fail, and the log records what
 * was sent. All tasks are done by hand in `AGENT_BENCH_REFERENCE=1 npm run bench agent`.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runByHand } from '../../fixtures/sites/anysite-eval/by-hand.ts';
import { checkExpectations } from '../../fixtures/sites/anysite-eval/predicates.ts';
import { EVAL_SITE_NAMES, type EvalSites, startEvalSites } from '../../fixtures/sites/anysite-eval/server.ts';
import { loadTasks } from '../../fixtures/sites/anysite-eval/tasks.ts';
import { launchBrowser } from '../fixtures/launch.ts';

const tasks = loadTasks();
// every task with AGENT_EVAL_ALL=1 (slow); by default the first task of each site
const firstPerSite = process.env.AGENT_EVAL_ALL === '1' ? tasks : tasks.filter((t, i) => tasks.findIndex((u) => u.site === t.site) === i);
let sites: EvalSites;
let browser: Browser;

beforeAll(async () => {
  sites = await startEvalSites();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await sites?.close();
});

describe('act-on-any-site evaluation set', () => {
  it('has at least 24 distinct sites and 60 tasks in both languages, every task on a known site', () => {
    expect(EVAL_SITE_NAMES.length).toBeGreaterThanOrEqual(24);
    expect(tasks.length).toBeGreaterThanOrEqual(60);
    expect(new Set(tasks.map((t) => t.id)).size).toBe(tasks.length);
    for (const lang of ['ko', 'en']) expect(tasks.filter((t) => t.lang === lang).length).toBeGreaterThanOrEqual(20);
    for (const t of tasks) expect(EVAL_SITE_NAMES).toContain(t.site);
    for (const site of EVAL_SITE_NAMES) expect(tasks.some((t) => t.site === site)).toBe(true);
  });

  it('logs a form post and answers it with a receipt of what was received', async () => {
    const url = sites.urls['contact-en'] as string;
    const r = await fetch(`${url}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Ann&topic=other',
    });
    expect(await r.text()).toContain('data-field="topic">other<');
    const last = sites.log('contact-en').at(-1);
    expect(last).toMatchObject({ method: 'POST', path: '/contact', body: { name: 'Ann', topic: 'other' } });
  });

  describe.each(firstPerSite.map((t) => [t.id, t] as const))('%s', (_id, task) => {
    let context: BrowserContext;
    afterAll(async () => {
      await context?.close();
    });

    it('fails on the untouched page and holds after doing it by hand', async () => {
      sites.reset();
      context = await browser.newContext({ locale: task.lang === 'ko' ? 'ko-KR' : 'en-US', timezoneId: 'Asia/Seoul' });
      const page = await context.newPage();
      const origin = sites.urls[task.site] as string;
      await page.goto(origin + task.path);
      await page.waitForLoadState('load');
      const before = await checkExpectations(task.expect, sites.log(), page, task.site);
      expect(before.length, 'an expectation that already holds cannot fail').toBeGreaterThan(0);
      await runByHand(page, origin, task.byHand);
      await expect
        .poll(async () => checkExpectations(task.expect, sites.log(), page, task.site), { timeout: 10_000, interval: 100 })
        .toEqual([]);
    });
  });
});
