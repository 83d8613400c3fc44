/**
 * UI part: the log explorer with 100 000 events, on the headless host's real store and IPC
 * WebSocket, in Chromium (playwright-core on /usr/bin/chromium).
 * - first render: click on the Logs tab → the first event row is on screen (median of 3).
 * - longest main-thread task while scrolling (PerformanceObserver 'longtask', ≥ 50 ms; 0 = none).
 * Baseline column: the same list rendered without virtualisation (`?virtual=0`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { startHostServer } from '../src/cli/host/server.ts';
import { chromiumFlags, findChromium } from '../src/main/browser/chromium-path.ts';
import { createEngineServices } from '../src/main/services/engine-services.ts';
import { fileSecretStore, jsonSettingsStore } from '../src/main/services/settings/store.ts';
import { openStore } from '../src/main/store/index.ts';
import { type Metrics, median, metric } from './report.ts';

const EVENTS = 100_000;
const TYPES = ['step_started', 'step_succeeded', 'tool_call_started', 'tool_call_finished', 'state_transition', 'user_message'] as const;

function seed(path: string): void {
  const store = openStore(path, { durability: 'normal' });
  const s = store.records.createSession({ goal: 'bench: 100 000 events', pack: 'bench', status: 'failed' });
  const t0 = Date.parse('2026-11-01T00:00:00Z');
  const batch = 5000;
  for (let i = 0; i < EVENTS; i += batch) {
    store.events.appendMany(
      Array.from({ length: batch }, (_, k) => {
        const n = i + k;
        const failed = n % 997 === 0;
        return {
          session_id: s.id,
          ts: new Date(t0 + n * 10).toISOString(),
          type: failed ? ('step_failed' as const) : (TYPES[n % TYPES.length] as (typeof TYPES)[number]),
          level: failed ? ('error' as const) : ('info' as const),
          message: `event ${n}: step s${n % 40} on https://shop.example/item/${n % 500}`,
          data: failed
            ? { step_id: `s${n % 40}`, error: { code: 'TIMEOUT', message: 'no response', suggestions: ['retry'] } }
            : { step_id: `s${n % 40}` },
        };
      }),
    );
  }
  store.close();
}

interface Measured {
  firstRenderMs: number;
  /** null when the page crashed while scrolling (the unvirtualised baseline can). */
  longestTaskMs: number | null;
  longTasks: number | null;
}

async function measure(page: Page, url: string): Promise<Measured> {
  await page.goto(url);
  await page.getByRole('button', { name: 'Logs', exact: true }).waitFor();
  const t = performance.now();
  // click from inside the page (a Playwright click would wait on the blocked main thread of the baseline)
  await page.evaluate(() => {
    const logs = [...document.querySelectorAll('nav button')].find((b) => b.textContent === 'Logs') as HTMLButtonElement | undefined;
    setTimeout(() => logs?.click(), 0);
  });
  await page.locator('[data-testid=event-row]').first().waitFor({ timeout: 180_000 });
  const firstRenderMs = performance.now() - t;
  try {
    return { firstRenderMs, ...(await scrollAndObserve(page)) };
  } catch (e) {
    console.error(`ui bench: ${url}: scrolling failed (${(e as Error).message.split('\n')[0]})`);
    return { firstRenderMs, longestTaskMs: null, longTasks: null };
  }
}

async function scrollAndObserve(page: Page): Promise<{ longestTaskMs: number; longTasks: number }> {
  await page.evaluate(() => {
    const w = window as unknown as { __long: number[] };
    w.__long = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push(e.duration);
    }).observe({ type: 'longtask' });
  });
  const scroller = page.getByTestId('event-scroller');
  // wheel-like scrolling through the first rows, then jumps to the middle and the end
  await scroller.evaluate(async (el) => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
    for (let i = 0; i < 60; i++) {
      el.scrollTop += 400;
      await frame();
    }
    for (const f of [0.5, 0.25, 0.75, 1]) {
      el.scrollTop = el.scrollHeight * f;
      for (let i = 0; i < 10; i++) await frame();
    }
  });
  await page
    .waitForFunction(() => !document.querySelector('.event-row.placeholder'), undefined, { timeout: 60_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
  const long = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
  return { longestTaskMs: long.length ? Math.max(...long) : 0, longTasks: long.length };
}

export async function run(): Promise<Metrics> {
  const dir = mkdtempSync(join(tmpdir(), 'steward-ui-bench-'));
  const dbPath = join(dir, 'steward.db');
  seed(dbPath);
  const store = openStore(dbPath);
  const services = createEngineServices({
    host: 'headless',
    version: 'bench',
    store,
    settings: jsonSettingsStore(join(dir, 'settings.json')),
    secrets: fileSecretStore(join(dir, 'secrets.json')),
  });
  const server = await startHostServer({ port: 0, rendererDir: resolve(import.meta.dirname, '../out/renderer'), services });
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: findChromium(),
      args: chromiumFlags({ userDataDir: '' }).filter((f) => !f.startsWith('--user-data-dir') && !f.startsWith('--headless')),
    });
    const runs = async (query: string, n: number) => {
      const results = [];
      for (let i = 0; i < n; i++) {
        const page = await browser!.newPage({ viewport: { width: 1400, height: 900 } });
        const r = await measure(page, `${server.url}&lang=en${query}`);
        console.error(`ui bench: ${query || 'virtualised'} run ${i + 1}: ${JSON.stringify(r)}`);
        results.push(r);
        await page.close().catch(() => undefined);
      }
      return results;
    };
    const virtual = await runs('', 3);
    const flat = await runs('&virtual=0', 1);
    const v = {
      first: median(virtual.map((r) => r.firstRenderMs)),
      longest: Math.max(...virtual.map((r) => r.longestTaskMs ?? Number.NaN)),
    };
    const b = { first: flat[0]!.firstRenderMs, longest: flat[0]!.longestTaskMs };
    const crashed = b.longest === null ? '; baseline page crashed while scrolling' : '';
    return {
      log_explorer_first_render_100k: metric(v.first, 'ms', b.first, 'baseline: same list without virtualisation (?virtual=0)'),
      log_explorer_longest_task_scrolling_100k: metric(
        v.longest,
        'ms',
        b.longest || null,
        `PerformanceObserver longtask (≥50 ms); 0 = none${crashed}`,
      ),
      log_explorer_long_tasks_scrolling_100k: metric(
        Math.max(...virtual.map((r) => r.longTasks ?? Number.NaN)),
        'count',
        flat[0]!.longTasks,
      ),
    };
  } finally {
    await browser?.close();
    await server.close();
    await services.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
