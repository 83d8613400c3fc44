/**
 * `npm run bench browser`: the browser core against Playwright on the same Chromium binary,
 * in the same run, on three local pages (a flight search with a 20-row results table, a
 * 500-item product listing, a 15-field mixed form). Snapshot size and time, and click / fill /
 * select time, medians of RUNS runs after a warm-up, Steward's and Playwright's taken in turns. Then the MCP columns (bench/mcp-peers.ts):
 * `cdt mcp` against chrome-devtools-mcp and @playwright/mcp over the same pages
 * (BENCH_BROWSER_ONLY=mcp runs only those). Steward actions include their settle (they wait
 * for what the action set in motion); the "bare" rows use settleMs 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page as PwPage } from 'playwright-core';
import { chromiumFlags, findChromium } from '../src/main/browser/chromium-path.ts';
import type { BrowserToolContext } from '../src/main/browser/context.ts';
import { BrowserDriver } from '../src/main/browser/driver.ts';
import { runBrowserTool } from '../src/main/browser/tools/index.ts';
import { serveFolder } from '../tests/helpers/static-server.ts';
import { mcpPeerMetrics } from './mcp-peers.ts';
import { type Metrics, median, metric, timeMedian } from './report.ts';

/**
 * Medians of `ours` and `theirs` run in turns (one warm-up each, then one of each per run): on a
 * shared machine the load drifts, and a ratio should compare runs made side by side.
 */
async function timeSideBySide(runs: number, ours: () => Promise<unknown>, theirs: () => Promise<unknown>): Promise<[number, number]> {
  const a: number[] = [];
  const b: number[] = [];
  await ours();
  await theirs();
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    await ours();
    a.push(performance.now() - t);
    t = performance.now();
    await theirs();
    b.push(performance.now() - t);
  }
  return [median(a), median(b)];
}

const RUNS = 7;

interface Case {
  name: string;
  path: string;
  /** Snapshot line (substring) and Playwright locator for each measured action. */
  click: { line: string; pw: (p: PwPage) => ReturnType<PwPage['locator']> };
  fill: { line: string; value: string; pw: (p: PwPage) => ReturnType<PwPage['locator']> };
  select: { line: string; value: string; pw: (p: PwPage) => ReturnType<PwPage['locator']> };
}

const CASES: Case[] = [
  {
    name: 'flights',
    path: 'flights.html',
    click: { line: 'button "Search"', pw: (p) => p.getByRole('button', { name: 'Search' }) },
    fill: { line: 'textbox "From"', value: 'Busan (PUS)', pw: (p) => p.getByLabel('From') },
    select: { line: 'combobox "Cabin"', value: 'Business', pw: (p) => p.getByLabel('Cabin') },
  },
  {
    name: 'products',
    path: 'products.html',
    click: { line: 'button "Add to cart"', pw: (p) => p.getByRole('button', { name: 'Add to cart' }).first() },
    fill: { line: 'searchbox "Search products"', value: 'earbuds', pw: (p) => p.getByLabel('Search products') },
    select: { line: 'combobox "Sort"', value: 'Rating', pw: (p) => p.getByLabel('Sort') },
  },
  {
    name: 'form15',
    path: 'form15.html',
    click: { line: 'checkbox "Send me travel news"', pw: (p) => p.getByLabel('Send me travel news') },
    fill: { line: 'textbox "City"', value: 'Seoul', pw: (p) => p.getByLabel('City') },
    select: { line: 'combobox "Nationality"', value: 'Japan', pw: (p) => p.getByLabel('Nationality') },
  },
];

/** Visible interactive elements in the page: each must have a uid in the snapshot. */
const COUNT_INTERACTIVE = `() => [...document.querySelectorAll('a[href], button, input, select, textarea, [contenteditable=""], [contenteditable="true"]')]
  .filter((e) => e.checkVisibility() && e.type !== 'hidden').length`;

function uidOn(snapshot: string, line: string): string {
  const found = snapshot.split('\n').find((l) => l.includes(line));
  const uid = found && /^\s*(\d+_[0-9a-z]+) /.exec(found)?.[1];
  if (!uid) throw new Error(`bench: no uid for ${line}`);
  return uid;
}

/** The 15-field form: label → value (text, date, option label, or true for a checkbox/radio). */
const FORM15: Array<[string, string]> = [
  ['First name', 'Minsu'],
  ['Last name', 'Kim'],
  ['Email', 'minsu@example.com'],
  ['Phone', '010-1234-5678'],
  ['Date of birth', '1990-05-17'],
  ['Female', 'true'],
  ['Nationality', 'Japan'],
  ['Passport number', 'M12345678'],
  ['Street address', '1 Sejong-daero'],
  ['City', 'Seoul'],
  ['Postal code', '04524'],
  ['Country', 'Republic of Korea'],
  ['Send me travel news', 'true'],
  ['I accept the terms', 'true'],
  ['Password', 'correct horse'],
];

async function fillWholeForm(base: string, tool: (name: string, input: unknown) => Promise<{ data: Record<string, unknown> }>, pw: PwPage) {
  const url = `${base}/form15.html`;
  await tool('navigate_page', { url });
  await pw.goto(url);
  const snapshot = (await tool('take_snapshot', {})).data.snapshot as string;
  const elements = FORM15.map(([label, value]) => ({ uid: uidOn(snapshot, `"${label}`), value }));
  const [ours, theirs] = await timeSideBySide(
    RUNS,
    () => tool('fill_form', { elements }),
    async () => {
      for (const [label, value] of FORM15) {
        const field = pw.getByLabel(label).first();
        const kind = await field.evaluate((e) => (e.tagName === 'SELECT' ? 'select' : (e as HTMLInputElement).type));
        if (kind === 'select') await field.selectOption({ label: value });
        else if (kind === 'checkbox' || kind === 'radio') await field.check();
        else await field.fill(value);
      }
    },
  );
  return metric(ours, 'ms', theirs, 'Playwright: fill/check/selectOption per field');
}

export async function run(): Promise<Metrics> {
  const site = await serveFolder(fileURLToPath(new URL('../tests/fixtures/bench/', import.meta.url)));
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (set CHROME_PATH).');
  if (process.env.BENCH_BROWSER_ONLY === 'mcp') {
    try {
      return await mcpPeerMetrics(site.url, executablePath);
    } finally {
      await site.close();
    }
  }
  const driver = await BrowserDriver.launch({ executablePath });
  const pwProfile = mkdtempSync(join(tmpdir(), 'steward-bench-pw-'));
  const pwArgs = chromiumFlags({ headless: true, userDataDir: pwProfile }).filter(
    (f) => !f.startsWith('--user-data-dir') && !f.startsWith('--headless'),
  );
  const browser = await chromium.launch({ executablePath, headless: true, args: pwArgs });
  const ctx: BrowserToolContext = { driver, artifactsDir: tmpdir(), timeoutMs: 30_000 };
  const tool = (name: string, input: unknown) => runBrowserTool(ctx, name, input);
  const metrics: Metrics = {};
  try {
    const pw = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await tool('resize_page', { width: 1280, height: 800 });
    for (const c of CASES) {
      const url = `${site.url}/${c.path}`;
      await tool('navigate_page', { url });
      await pw.goto(url);

      const snapshot = (await tool('take_snapshot', {})).data.snapshot as string;
      const aria = await pw.locator('body').ariaSnapshot();
      const [snapMs, ariaMs] = await timeSideBySide(
        RUNS,
        () => tool('take_snapshot', {}),
        () => pw.locator('body').ariaSnapshot(),
      );
      const interactive = (await tool('evaluate_script', { function: COUNT_INTERACTIVE })).data.result as number;
      const uids = (snapshot.match(/^\s*\d+_[0-9a-z]+ /gm) ?? []).length;
      metrics[`${c.name}: snapshot size`] = metric(snapshot.length, 'chars', aria.length);
      metrics[`${c.name}: snapshot time`] = metric(snapMs, 'ms', ariaMs);
      if (c.name === 'products') {
        // An unchanged page comes back as "no change" from the page; this is a snapshot right after
        // one heading's text changed on both sides (the walk runs whole, the changed node travels,
        // the tree is rebuilt), against Playwright's aria snapshot after the same change.
        const afterChange = async (change: () => Promise<unknown>, snap: () => Promise<unknown>) => {
          const times: number[] = [];
          for (let i = 0; i <= RUNS; i++) {
            await change();
            const t = performance.now();
            await snap();
            if (i > 0) times.push(performance.now() - t);
          }
          return median(times);
        };
        const CHANGE = `() => { const h = document.querySelector('h1, h2'); h.textContent = h.textContent.replace(/ #\\d+$/, '') + ' #' + Date.now(); }`;
        const changedOurs = await afterChange(
          () => tool('evaluate_script', { function: CHANGE }),
          () => tool('take_snapshot', {}),
        );
        const changedPw = await afterChange(
          () => pw.evaluate(`(${CHANGE})()`),
          () => pw.locator('body').ariaSnapshot(),
        );
        metrics[`${c.name}: snapshot time after a change`] = metric(
          changedOurs,
          'ms',
          changedPw,
          'one heading changed before each snapshot',
        );
        // Chromium building and sending its whole accessibility tree, which the snapshot no longer reads.
        const page = driver.selectedPage();
        const axMs = await timeMedian(RUNS, () => page.send('Accessibility.getFullAXTree', {}));
        metrics[`${c.name}: a full getFullAXTree (not read any more)`] = metric(axMs, 'ms', snapMs, 'baseline = our take_snapshot');
      }
      metrics[`${c.name}: uids / visible controls`] = metric(uids, 'count', interactive, 'every control addressable when ≥ 1×');

      const clickUid = uidOn(snapshot, c.click.line);
      const fillUid = uidOn(snapshot, c.fill.line);
      const selectUid = uidOn(snapshot, c.select.line);
      const [click, pwClick] = await timeSideBySide(
        RUNS,
        () => tool('click', { uid: clickUid }),
        () => c.click.pw(pw).click(),
      );
      const [fill, pwFill] = await timeSideBySide(
        RUNS,
        () => tool('fill', { uid: fillUid, value: c.fill.value }),
        () => c.fill.pw(pw).fill(c.fill.value),
      );
      const [select, pwSelect] = await timeSideBySide(
        RUNS,
        () => tool('select_option', { uid: selectUid, values: [c.select.value] }),
        () => c.select.pw(pw).selectOption(c.select.value),
      );
      const bareClick = await timeMedian(RUNS, () => tool('click', { uid: clickUid, settleMs: 0 }));
      const bareFill = await timeMedian(RUNS, () => tool('fill', { uid: fillUid, value: c.fill.value, settleMs: 0 }));
      const bareSelect = await timeMedian(RUNS, () => tool('select_option', { uid: selectUid, values: [c.select.value], settleMs: 0 }));
      metrics[`${c.name}: click (settled)`] = metric(click, 'ms', pwClick);
      metrics[`${c.name}: fill (settled)`] = metric(fill, 'ms', pwFill);
      metrics[`${c.name}: select (settled)`] = metric(select, 'ms', pwSelect);
      metrics[`${c.name}: click (bare)`] = metric(bareClick, 'ms', pwClick);
      metrics[`${c.name}: fill (bare)`] = metric(bareFill, 'ms', pwFill);
      metrics[`${c.name}: select (bare)`] = metric(bareSelect, 'ms', pwSelect);
    }
    metrics['form15: fill_form 15 fields (settled once)'] = await fillWholeForm(site.url, tool, pw);
  } finally {
    await browser.close().catch(() => undefined);
    await driver.close();
    rmSync(pwProfile, { recursive: true, force: true });
  }
  try {
    Object.assign(metrics, await mcpPeerMetrics(site.url, executablePath));
  } finally {
    await site.close();
  }
  return metrics;
}
