/** Shared helpers for `npm run bench`: medians, the results file and the printed table. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { findChromium } from '../src/main/browser/chromium-path.ts';

export interface Metric {
  value: number;
  unit: string;
  /** The same figure measured for the baseline (e.g. Playwright) in the same run, or null. */
  baseline: number | null;
  /** value / baseline (lower is better for times and sizes), or null without a baseline. */
  ratio: number | null;
  note?: string;
}

export type Metrics = Record<string, Metric>;

export function metric(value: number, unit: string, baseline: number | null = null, note?: string): Metric {
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const ratio = baseline ? round(value / baseline) : null;
  return { value: round(value), unit, baseline: baseline === null ? null : round(baseline), ratio, ...(note ? { note } : {}) };
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number;
}

/** Times `fn` `runs` times (after one warm-up) and returns the median in milliseconds. */
export async function timeMedian(runs: number, fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

function chromiumVersion(): string {
  const path = findChromium();
  if (!path) return 'none';
  try {
    return execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return path;
  }
}

export function writeResults(part: string, metrics: Metrics): void {
  const result = { part, when: new Date().toISOString(), node: process.version, chromium: chromiumVersion(), metrics };
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(`bench-results/${part}.json`, `${JSON.stringify(result, null, 2)}\n`);
  printTable(part, metrics);
}

export function printTable(part: string, metrics: Metrics): void {
  const rows = Object.entries(metrics).map(([name, m]) => [
    name,
    `${m.value} ${m.unit}`,
    m.baseline === null ? '—' : `${m.baseline} ${m.unit}`,
    m.ratio === null ? '—' : `${m.ratio}×`,
  ]);
  printRows(`bench: ${part}`, ['metric', 'steward', 'baseline', 'ratio'], rows);
  console.log(`\n(written to bench-results/${part}.json)`);
}

/** Prints a markdown table under a heading. */
export function printRows(title: string, head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  console.log(`\n### ${title}\n`);
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}
