/**
 * Where a 30-step plan's time went, read back from its own audit rows (tool_calls): the actions
 * with their settle (the action and what it set in motion on the page: the page's own work),
 * the time after the settle inside the call (the gate's network hold and its quiet window),
 * navigations (the page loading, then the hold), and the time outside every tool call (the
 * executor, the store, target resolution between calls).
 */
import type { BrowserDriver } from '../src/main/browser/driver.ts';
import type { Store } from '../src/main/store/index.ts';
import type { HoldEnd } from '../src/main/tools/effects/effect.ts';
import { networkHold } from '../src/main/tools/effects/network-hold.ts';
import { type Metrics, median, metric } from './report.ts';

interface Row {
  tool: string;
  duration_ms: number | null;
  output_json: string | null;
}

export interface PlanProfile {
  total: number;
  settled: number;
  /** Of `settled`: the settles that waited for what the action set the page doing (its timers, requests, a navigation, animations). */
  pageWork: number;
  /** Of `pageWork`: the settles that waited for timers the page set (e.g. a field's close-on-blur timer). */
  pageTimers: number;
  afterSettle: number;
  navigations: number;
  reads: number;
  outside: number;
  /** How the gate's hold ended after each acting call. */
  holds: Record<HoldEnd, number>;
}

/**
 * Collects how each hold of the driver's gate ended, in order (the bench empties the list before
 * each plan): the evidence ('nothing-in-motion', 'answered') or the window ('quiet', 'bound').
 */
export function holdEnds(driver: BrowserDriver): HoldEnd[] {
  const ends: HoldEnd[] = [];
  const hold = networkHold(driver);
  const watch = hold.watch.bind(hold);
  hold.watch = async (...args) => {
    const w = await watch(...args);
    return {
      finish: async (opts) => {
        const sent = await w.finish(opts);
        if (w.ended) ends.push(w.ended);
        return sent;
      },
      get ended() {
        return w.ended;
      },
    };
  };
  return ends;
}

/** What settling waited for, besides the DOM changes the action made at once: the page's own work. */
const PAGE_WORK = new Set(['timers', 'network', 'navigation', 'animations']);

function settleOf(output: string | null): { ms: number; pageWork: boolean; timers: boolean } | undefined {
  try {
    const settle = (JSON.parse(output ?? 'null') as { data?: { settle?: { ms?: unknown; waitedFor?: unknown } } } | null)?.data?.settle;
    if (typeof settle?.ms !== 'number') return undefined;
    const waited = Array.isArray(settle.waitedFor) ? settle.waitedFor : [];
    return { ms: settle.ms, pageWork: waited.some((w) => PAGE_WORK.has(String(w))), timers: waited.includes('timers') };
  } catch {
    return undefined;
  }
}

export function planProfile(store: Store, planId: string, totalMs: number, ends: HoldEnd[] = []): PlanProfile {
  const rows = store.db.all<Row>('SELECT tool, duration_ms, output_json FROM tool_calls WHERE plan_id = ?', [planId]);
  const holds: Record<HoldEnd, number> = { 'nothing-in-motion': 0, answered: 0, quiet: 0, bound: 0 };
  for (const e of ends) holds[e]++;
  const p: PlanProfile = {
    total: totalMs,
    settled: 0,
    pageWork: 0,
    pageTimers: 0,
    afterSettle: 0,
    navigations: 0,
    reads: 0,
    outside: totalMs,
    holds,
  };
  for (const r of rows) {
    const ms = r.duration_ms ?? 0;
    p.outside -= ms;
    const settle = settleOf(r.output_json);
    if (r.tool === 'navigate_page') p.navigations += ms;
    else if (settle !== undefined) {
      p.settled += Math.min(settle.ms, ms);
      if (settle.pageWork) p.pageWork += Math.min(settle.ms, ms);
      if (settle.timers) p.pageTimers += Math.min(settle.ms, ms);
      p.afterSettle += Math.max(0, ms - settle.ms);
    } else p.reads += ms;
  }
  return p;
}

/** Medians over the runs, each with the share of the plan it took. */
export function profileMetrics(profiles: PlanProfile[]): Metrics {
  const m = (f: (p: PlanProfile) => number) => median(profiles.map(f));
  const total = m((p) => p.total);
  const row = (f: (p: PlanProfile) => number, note: string) => metric(m(f), 'ms', total, `${note}; baseline: the whole plan`);
  return {
    'plan profile: actions and their settle': row(
      (p) => p.settled,
      "click/fill/select and what each set in motion on the page (the page's own work)",
    ),
    'plan profile: of which settles that waited for the page': row(
      (p) => p.pageWork,
      "the settles of actions that set the page's timers, requests, a navigation or an animation going, until they ended (the page's own work, e.g. a field's close-on-blur timer)",
    ),
    'plan profile: of which settles that waited for timers the page set': row(
      (p) => p.pageTimers,
      "the settles that waited for a timer the page's handlers set (the flight page's 150 ms close-on-blur timer, twice): the gate's hold stays on until such a timer ran",
    ),
    'plan profile: of which the actions themselves': row(
      (p) => p.settled - p.pageWork,
      'the settles that found nothing to wait for: the action and the reading that says so',
    ),
    'plan profile: after the settle, in the call': row(
      (p) => p.afterSettle,
      "the gate's network hold: until the evidence says the action set nothing (more) in motion, else its 60 ms quiet window",
    ),
    'plan profile: navigations': row((p) => p.navigations, 'navigate_page: the page loading, then the hold'),
    'plan profile: reads': row((p) => p.reads, 'snapshots for target resolution, waits, probes, extraction'),
    'plan profile: outside tool calls': row((p) => p.outside, 'executor, store commits, judging the call before it acts'),
    'plan profile: holds ended on evidence': metric(
      m((p) => p.holds['nothing-in-motion'] + p.holds.answered),
      'count',
      m((p) => Object.values(p.holds).reduce((a, b) => a + b, 0)),
      "nothing set in motion, or every answer handled; baseline: the plan's acting calls",
    ),
    'plan profile: holds that waited out the window': metric(
      m((p) => p.holds.quiet + p.holds.bound),
      'count',
      m((p) => Object.values(p.holds).reduce((a, b) => a + b, 0)),
      "the 60 ms quiet window (or its bound); baseline: the plan's acting calls",
    ),
  };
}
