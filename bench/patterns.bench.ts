/**
 * `npm run bench patterns`: every pattern that sees page or user text, fed 1 MB of each
 * adversarial shape (bench/patterns-inputs.ts). Reports ms per MB (aim: under 100). The
 * baseline is the old pattern (bench/patterns-baseline.ts) on a 32 KB slice (8 KB for globs) scaled
 * to 1 MB — a lower bound, since they grow with the square (or a higher power) of the run length. Understanding
 * (nlu) takes at most 20,000 characters (the chat limit): it is measured on 16 KB and its
 * growth from 4 KB to 16 KB is reported (4 = linear, 16 = quadratic).
 */

import { parseUtterance } from '../src/main/agent/nlu/index.ts';
import { parseMoney as pageMoney } from '../src/main/agent/page-model/values.ts';
import { textMatcher } from '../src/main/browser/paged-log.ts';
import { urlMatches } from '../src/main/browser/waits.ts';
import { parseMoney, parseStops, parseTimes, typeRows } from '../src/main/plan/extract.ts';
import { norm, parseSnapshot } from '../src/main/plan/target-resolver.ts';
import { isSensitiveField, redact, redactText } from '../src/main/tools/redact/index.ts';
import { oldGlob, oldPageMoney, oldParseMoney, oldRedactText } from './patterns-baseline.ts';
import { ADVERSARIAL } from './patterns-inputs.ts';
import { type Metrics, median, metric } from './report.ts';

const MB = 1024 * 1024;
const SLICE = 32 * 1024;

function ms(fn: () => unknown, runs = 3): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

const PATHS: Record<string, { run: (s: string) => unknown; baseline?: (s: string) => unknown; slice?: number }> = {
  redact: { run: (s) => redact({ data: { text: s } }), baseline: (s) => oldRedactText(s) },
  redact_text: { run: redactText, baseline: oldRedactText },
  sensitive_field: { run: isSensitiveField },
  parse_snapshot: { run: parseSnapshot },
  norm: { run: norm },
  extract_money: { run: parseMoney, baseline: oldParseMoney },
  extract_times: { run: parseTimes },
  extract_stops: { run: parseStops },
  page_model_money: { run: pageMoney, baseline: oldPageMoney },
  // the old glob is polynomial in the number of stars: measured with two stars on 8 KB
  console_glob: { run: (s) => textMatcher('*a*1*b*2*@*x')(s), baseline: (s) => oldGlob('*a*@*', s), slice: 8 * 1024 },
  url_glob: { run: (s) => urlMatches(s, '*1*2*3*4*.*-*z') },
  extract_rows: { run: (s) => typeRows([{ _text: s, price: null, stops: null }], ['price', 'depart_time', 'arrive_time', 'stops']) },
};

export async function run(): Promise<Metrics> {
  const metrics: Metrics = {};
  for (const [path, p] of Object.entries(PATHS)) {
    let worst = 0;
    let worstInput = '';
    let worstBase = 0;
    for (const [name, gen] of Object.entries(ADVERSARIAL)) {
      const big = gen(MB);
      const value = ms(() => p.run(big));
      const slice = p.slice ?? SLICE;
      const base = p.baseline ? (ms(() => p.baseline?.(gen(slice)), 1) * MB) / slice : 0;
      console.error(`patterns: ${path} × ${name}: ${value.toFixed(1)} ms/MB${p.baseline ? ` (old ≥ ${base.toFixed(0)} ms/MB)` : ''}`);
      if (value >= worst) {
        worst = value;
        worstInput = name;
      }
      worstBase = Math.max(worstBase, base);
    }
    metrics[`${path}_worst_ms_per_mb`] = metric(
      worst,
      'ms/MB',
      p.baseline ? worstBase : null,
      `worst of ${Object.keys(ADVERSARIAL).length} adversarial inputs (${worstInput})${p.baseline ? `; baseline: the old pattern on ${(p.slice ?? SLICE) / 1024} KB scaled linearly (a lower bound)` : ''}`,
    );
  }
  let nluWorst = 0;
  let nluGrowth = 0;
  let nluInput = '';
  for (const [name, gen] of Object.entries(ADVERSARIAL)) {
    const parse = (s: string) => parseUtterance(s, { now: new Date('2026-11-24T00:00:00Z'), tz: 'Asia/Seoul' });
    const small = ms(() => parse(gen(4096)), 1);
    const large = ms(() => parse(gen(16384)), 1);
    console.error(`patterns: nlu × ${name}: 4 KB ${small.toFixed(1)} ms, 16 KB ${large.toFixed(1)} ms`);
    if (large > nluWorst) {
      nluWorst = large;
      nluInput = name;
      nluGrowth = small > 0.5 ? large / small : 0;
    }
  }
  metrics.nlu_worst_ms_per_16kb = metric(
    nluWorst,
    'ms',
    null,
    `parseUtterance, worst input ${nluInput}; growth 4→16 KB ×${nluGrowth.toFixed(1)}`,
  );
  return metrics;
}
