/**
 * Where a 30-step plan's time went, read back from its own audit rows (tool_calls): the actions
 * with their settle (the action and what it set in motion on the page: the page's own work),
 * the time after the settle inside the call (the gate's network hold and its quiet window),
 * navigations (the page loading, then the hold), and the time outside every tool call (the
 * executor, the store, target resolution between calls).
 */
import type { Store } from '../src/main/store/index.ts';
import { type Metrics, median, metric } from './report.ts';

interface Row {
  tool: string;
  duration_ms: number | null;
  output_json: string | null;
}

export interface PlanProfile {
  total: number;
  settled: number;
  afterSettle: number;
  navigations: number;
  reads: number;
  outside: number;
}

function settleMs(output: string | null): number | undefined {
  try {
    const ms = (JSON.parse(output ?? 'null') as { data?: { settle?: { ms?: unknown } } } | null)?.data?.settle?.ms;
    return typeof ms === 'number' ? ms : undefined;
  } catch {
    return undefined;
  }
}

export function planProfile(store: Store, planId: string, totalMs: number): PlanProfile {
  const rows = store.db.all<Row>('SELECT tool, duration_ms, output_json FROM tool_calls WHERE plan_id = ?', [planId]);
  const p: PlanProfile = { total: totalMs, settled: 0, afterSettle: 0, navigations: 0, reads: 0, outside: totalMs };
  for (const r of rows) {
    const ms = r.duration_ms ?? 0;
    p.outside -= ms;
    const settled = settleMs(r.output_json);
    if (r.tool === 'navigate_page') p.navigations += ms;
    else if (settled !== undefined) {
      p.settled += Math.min(settled, ms);
      p.afterSettle += Math.max(0, ms - settled);
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
    'plan profile: after the settle, in the call': row(
      (p) => p.afterSettle,
      "the gate's network hold: its 60 ms quiet window after each action and each request",
    ),
    'plan profile: navigations': row((p) => p.navigations, 'navigate_page: the page loading, then the hold'),
    'plan profile: reads': row((p) => p.reads, 'snapshots for target resolution, waits, probes, extraction'),
    'plan profile: outside tool calls': row((p) => p.outside, 'executor, store commits, judging the call before it acts'),
  };
}
