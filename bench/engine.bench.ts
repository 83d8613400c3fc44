/**
 * Engine part of `npm run bench`:
 *  - a 30-step plan over the fixture sites run by the engine (runtime + store + executor, real
 *    Chromium) against a hand-written Playwright script doing the same steps in the same run;
 *  - 1 million events inserted into the store, then the p95 of the log explorer's filtered queries.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { chromiumFlags, findChromium } from '../src/main/browser/chromium-path.ts';
import { runPlan } from '../src/main/plan/executor/index.ts';
import { extractInPage, extractSpec } from '../src/main/plan/extract.ts';
import { type NewEvent, openStore } from '../src/main/store/index.ts';
import { browserRuntimeTools } from '../src/main/tools/browser-source.ts';
import { ToolRuntime } from '../src/main/tools/runtime.ts';
import type { EngineEventType, EventFilter } from '../src/shared/events.ts';
import type { StepInput } from '../src/shared/plan.ts';
import { startFixtureSites } from '../tests/fixtures/sites/server.ts';
import { startEngine } from '../tests/integration/engine/engine-harness.ts';
import { flightSearchSteps, hotelPlan, plan, shopAPlan, shopBPlan } from '../tests/integration/engine/site-plans.ts';
import { holdEnds, type PlanProfile, planProfile, profileMetrics } from './plan-profile.ts';
import { type Metrics, median, metric, percentile } from './report.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);

function thirtySteps(urls: Record<string, string>): StepInput[] {
  const pre = (p: string, steps: StepInput[]) => steps.map((s) => ({ ...s, id: `${p}-${s.id}` }) as StepInput);
  const steps = [
    ...pre('fl', flightSearchSteps(urls.flights as string)),
    ...pre('ho', hotelPlan(urls.hotels as string).steps as StepInput[]),
    ...pre('sa', shopAPlan(urls.shopA as string, 'AirPods').steps as StepInput[]),
    ...pre('sb', shopBPlan(urls.shopB as string, 'AirPods').steps as StepInput[]),
    { id: 'hx-open', type: 'navigate', url: urls.hostile as string },
    { id: 'hx-wait', type: 'wait', text: 'AirPods Pro 2' },
    { id: 'hx-rows', type: 'extract', row_selector: 'article.card', fields: ['title', 'price'] },
  ] as StepInput[];
  if (steps.length !== 30) throw new Error(`expected 30 steps, got ${steps.length}`);
  return steps;
}

async function extract(page: Page, fields: string[], container?: { name?: string; role?: string }, rowSelector?: string) {
  const spec = extractSpec(fields, rowSelector, 50, container);
  return page.evaluate(`(${extractInPage.toString()})(${JSON.stringify(spec)})`);
}

/** The same 30 steps, written by hand with Playwright's locators. */
async function playwrightScript(page: Page, urls: Record<string, string>): Promise<void> {
  await page.goto(urls.flights as string);
  for (const [name, code] of [
    ['From', 'ICN'],
    ['To', 'NRT'],
  ] as const) {
    await page.getByRole('combobox', { name }).fill(code);
    await page
      .getByRole('option', { name: new RegExp(code) })
      .first()
      .click();
  }
  await page.getByLabel('Departure date').fill('2026-12-20');
  await page.getByRole('checkbox', { name: 'Direct flights only' }).check();
  await page.getByRole('button', { name: 'Search flights' }).click();
  await page.getByText('flights found').waitFor();
  await page.getByText('ICN').first().waitFor();
  await extract(page, ['airline', 'depart_time', 'arrive_time', 'stops', 'price', 'url'], { role: 'table', name: 'Flights' });
  await page.goto(urls.hotels as string);
  await page.getByLabel('Destination').fill('Tokyo');
  await page.getByLabel('Check-in').fill('2026-12-20');
  await page.getByLabel('Check-out').fill('2026-12-23');
  await page.getByRole('spinbutton', { name: 'Guests' }).fill('2');
  await page.getByRole('button', { name: 'Search hotels' }).click();
  await page.waitForURL(/\/search/);
  await extract(page, ['title', 'price', 'rating', 'location', 'url'], { role: 'list', name: 'Stays' });
  await page.goto(urls.shopA as string);
  await page.getByRole('searchbox', { name: 'Search products' }).fill('AirPods');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.waitForURL(/\/search/);
  await extract(page, ['title', 'price', 'shipping', 'url'], { role: 'list', name: 'Products' });
  await page.goto(urls.shopB as string);
  await page.getByRole('textbox', { name: 'Keyword' }).fill('AirPods');
  await page.getByRole('button', { name: 'Find' }).click();
  await page.waitForURL(/keyword=/);
  await extract(page, ['title', 'price', 'shipping', 'url'], { role: 'table', name: 'Goods' });
  await page.goto(urls.hostile as string);
  await page.getByText('AirPods Pro 2').first().waitFor();
  await extract(page, ['title', 'price'], undefined, 'article.card');
}

async function planBench(): Promise<Metrics> {
  const sites = await startFixtureSites({ apiDelayMs: 0 });
  const engine = await startEngine();
  const ends = holdEnds(engine.driver);
  const dir = mkdtempSync(join(tmpdir(), 'steward-bench-pw-'));
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: chromiumFlags({ userDataDir: dir }).filter((f) => !f.startsWith('--user-data-dir') && !f.startsWith('--headless')),
  });
  try {
    const page = await browser.newPage();
    const steps = thirtySteps(sites.urls);
    let n = 0;
    let lastId = '';
    // the same engine with the gate by effect off (no judging, no network hold): a profile row showing
    // what the hold's quiet window after each acting call costs, not a way to run plans
    const ungated = new ToolRuntime({ store: engine.store, timeoutMs: 20_000, effects: false });
    ungated.register(...browserRuntimeTools({ driver: engine.driver, artifactsDir: engine.artifactsDir, timeoutMs: 15_000 }));
    const engineRun = async (screenshots: boolean, runtime: ToolRuntime = engine.runtime) => {
      lastId = `bench-${n++}`;
      const out = await runPlan(plan('Bench', steps, [], lastId), {
        runtime,
        sessionId: 'bench',
        artifactsDir: engine.artifactsDir,
        screenshots,
      });
      if (out.status !== 'completed') throw new Error(`engine plan ${out.status}: ${out.error?.message}`);
    };
    // interleaved (one warm-up each, then a round of all four per run): on a shared machine the
    // load drifts, and each ratio compares runs made side by side
    const kinds = {
      pw: () => playwrightScript(page, sites.urls),
      eng: () => engineRun(false),
      engShots: () => engineRun(true),
      engUngated: () => engineRun(false, ungated),
    };
    const times: Record<keyof typeof kinds, number[]> = { pw: [], eng: [], engShots: [], engUngated: [] };
    const profiles: PlanProfile[] = [];
    for (let i = 0; i <= RUNS; i++)
      for (const [k, fn] of Object.entries(kinds) as Array<[keyof typeof kinds, () => Promise<void>]>) {
        ends.length = 0;
        const t = performance.now();
        await fn();
        const ms = performance.now() - t;
        if (i === 0) continue;
        times[k].push(ms);
        if (k === 'eng') profiles.push(planProfile(engine.store, lastId, ms, ends));
      }
    const [pw, eng, engShots, engUngated] = [median(times.pw), median(times.eng), median(times.engShots), median(times.engUngated)];
    return {
      plan_30_steps: metric(
        eng,
        'ms',
        pw,
        'engine (snapshot-resolved targets, audit rows, events committed per step) vs hand-written Playwright; screenshots off',
      ),
      plan_30_steps_with_screenshots: metric(engShots, 'ms', pw, 'the same with a screenshot after every page-changing step (19 shots)'),
      plan_30_steps_gate_off: metric(
        engUngated,
        'ms',
        pw,
        'profile only: the same engine with the gate by effect off (no judge, no network hold and its 60 ms quiet window after each of the ~21 acting calls); plans never run this way',
      ),
      ...profileMetrics(profiles),
    };
  } finally {
    await browser.close();
    await engine.close();
    await sites.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const TYPES: EngineEventType[] = [
  'step_started',
  'step_succeeded',
  'step_failed',
  'tool_call_started',
  'TOOL_FAILED',
  'POLICY_DECISION',
  'SLOT_EXTRACTED',
  'approval_requested',
];
const WORDS = [
  'flights',
  'search',
  'selector',
  'results',
  '결제',
  '배송지',
  'address',
  'timeout',
  'navigated',
  'extract',
  '항공권',
  'price',
];
const PACKS = ['flight_search', 'hotel_search', 'shopping', 'form_fill', 'order_change'];
const ERRORS = ['ELEMENT_NOT_FOUND', 'TIMEOUT', 'NAVIGATION_FAILED', 'NO_API_FOUND', 'INVALID_ARG'];

async function eventsBench(): Promise<Metrics> {
  const dir = mkdtempSync(join(tmpdir(), 'steward-bench-events-'));
  const store = openStore(join(dir, 'events.db'));
  try {
    const SESSIONS = Math.max(1, Math.floor(EVENTS / 500));
    const t0 = Date.UTC(2026, 9, 1);
    let seed = 42;
    const rnd = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    for (let s = 0; s < SESSIONS; s++) store.records.createSession({ id: `s${s}`, pack: PACKS[s % PACKS.length] as string });
    const started = performance.now();
    const BATCH = 5000;
    for (let i = 0; i < EVENTS; i += BATCH) {
      const batch: NewEvent[] = [];
      for (let j = i; j < Math.min(EVENTS, i + BATCH); j++) {
        const s = Math.floor(j / 500);
        const type = TYPES[rnd(TYPES.length)] as EngineEventType;
        const failed = type === 'step_failed' || type === 'TOOL_FAILED';
        batch.push({
          session_id: `s${s}`,
          turn_id: `s${s}-t${Math.floor((j % 500) / 50)}`,
          ts: new Date(t0 + j * 2500).toISOString(),
          type,
          level: failed ? 'error' : 'info',
          message: `step ${j % 37} ${WORDS[rnd(WORDS.length)]} ${WORDS[rnd(WORDS.length)]} on page ${rnd(1000)}`,
          data: { step_id: `st${j % 37}`, ...(failed ? { error: { code: ERRORS[rnd(ERRORS.length)] } } : {}) },
        });
      }
      store.events.appendMany(batch);
    }
    const insertMs = performance.now() - started;
    const span = EVENTS * 2500;
    const iso = (ms: number) => new Date(t0 + ms).toISOString();
    const queries: Record<string, () => EventFilter> = {
      by_session: () => ({ session_id: `s${rnd(SESSIONS)}` }),
      by_turn: () => ({ turn_id: `s${rnd(SESSIONS)}-t${rnd(10)}` }),
      by_type: () => ({ types: [TYPES[rnd(TYPES.length)] as EngineEventType] }),
      by_error_class: () => ({ error_code: ERRORS[rnd(ERRORS.length)] as string }),
      by_pack_and_time: () => {
        const from = rnd(span);
        return { pack: PACKS[rnd(PACKS.length)] as string, from: iso(from), to: iso(from + 86_400_000) };
      },
      by_time_range: () => {
        const from = rnd(span);
        return { from: iso(from), to: iso(from + 3_600_000) };
      },
      by_text: () => ({ text: WORDS[rnd(WORDS.length)] as string }),
      session_type_text: () => ({ session_id: `s${rnd(SESSIONS)}`, types: ['step_failed', 'TOOL_FAILED'], text: 'selector' }),
      newest_errors_desc: () => ({ levels: ['error'], order: 'desc' }),
    };
    const all: number[] = [];
    const out: Metrics = {
      insert_1m_events: metric(
        insertMs / 1000,
        's',
        null,
        `${EVENTS} events in batches of ${BATCH}, validated + redacted, WAL; the default durability (fsync at barriers only, none here)`,
      ),
      insert_rate: metric(EVENTS / (insertMs / 1000), 'events/s'),
    };
    for (const [name, make] of Object.entries(queries)) {
      const times: number[] = [];
      let rows = 0;
      for (let k = 0; k < 60; k++) {
        const f = make();
        const t = performance.now();
        const page = store.queryEvents({ ...f, limit: 100 });
        if (page.next && k % 3 === 0) store.queryEvents({ ...f, limit: 100, cursor: page.next }); // keyset page 2
        times.push(performance.now() - t);
        rows += page.events.length;
      }
      if (!rows) throw new Error(`query ${name} found nothing: the bench data is wrong`);
      all.push(...times);
      out[`p95_${name}`] = metric(
        percentile(times, 95),
        'ms',
        null,
        `first page of 100 (+ keyset page 2 every third query); ${Math.round(rows / 60)} rows per page on average`,
      );
    }
    out.p95_all_filtered_queries = metric(percentile(all, 95), 'ms', null, `${all.length} queries over ${EVENTS} events`);
    return out;
  } finally {
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<Metrics> {
  const only = process.env.BENCH_ENGINE_ONLY; // 'plan' | 'events' (for quick local runs)
  return { ...(only === 'events' ? {} : await planBench()), ...(only === 'plan' ? {} : await eventsBench()) };
}
