/**
 * `npm run bench nlu`: offline understanding on the held-back sets — intent accuracy, slot F1
 * and act accuracy per language and overall, and parse latency — against a keyword-only
 * baseline (one keyword list per intent, majority intent otherwise, IATA codes as the only slots).
 * The second and fourth evaluation sets (eval2/eval4-*.jsonl: requests as new users type them, each
 * line tagged with its phenomena) add intent and slot accuracy per language and a per-phenomenon
 * table; the third adds intent and slot accuracy per language.
 */

import { parseUtterance } from '../src/main/agent/nlu/index.ts';
import type { Command, Intent } from '../src/shared/commands.ts';
import { type Case, loadCases, type Score, score, scoreByPhenomenon, type Understand } from './nlu-score.ts';
import { type Metrics, median, metric, percentile, printRows } from './report.ts';

const fixture = (name: string) => new URL(`../tests/fixtures/nlu/${name}`, import.meta.url).pathname;

const offline: Understand = (c) => parseUtterance(c.text, { now: new Date(c.now), tz: c.tz, ...(c.state ? { state: c.state } : {}) });

const KEYWORDS: [Intent, RegExp][] = [
  ['FlightSearch', /비행기|항공|flight|fly/i],
  ['HotelSearch', /호텔|숙소|hotel|stay/i],
  ['ShoppingCompare', /가격|최저가|price|compare|cheapest/i],
  ['FormFill', /양식|폼|신청서|form|fill/i],
  ['OrderChange', /배송지|주소|address/i],
  ['RefundCancel', /환불|반품|refund|return/i],
];

/** The trivial classifier the parser must beat. */
function keywordBaseline(majority: Intent | null): Understand {
  return (c: Case) => {
    const commands: Command[] = [];
    const hit = KEYWORDS.find(([, re]) => re.test(c.text))?.[0] ?? majority;
    if (hit) commands.push({ type: 'start_task', intent: hit, confidence: 0.5 });
    const codes = c.text.match(/\b[A-Z]{3}\b/g) ?? [];
    if (codes[0]) commands.push({ type: 'set_slot', slot: 'from', value: codes[0], confidence: 0.5 });
    if (codes[1]) commands.push({ type: 'set_slot', slot: 'to', value: codes[1], confidence: 0.5 });
    return { commands };
  };
}

function majorityIntent(cases: Case[]): Intent | null {
  const counts = new Map<Intent | null, number>();
  for (const c of cases) counts.set(c.intent, (counts.get(c.intent) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

function latencies(cases: Case[], understand: Understand, rounds: number): number[] {
  for (const c of cases) understand(c); // warm-up
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const c of cases) {
      const t = performance.now();
      understand(c);
      times.push(performance.now() - t);
    }
  }
  return times;
}

/** The processor time of each parse (user + system), which other work on a busy machine does not inflate. */
function cpuTimes(cases: Case[], understand: Understand, rounds: number): number[] {
  for (const c of cases) understand(c);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const c of cases) {
      const t = process.cpuUsage();
      understand(c);
      const d = process.cpuUsage(t);
      times.push((d.user + d.system) / 1000);
    }
  }
  return times;
}

const pct = (x: number) => Math.round(x * 1000) / 10;

export async function run(): Promise<Metrics> {
  const ko = loadCases(fixture('heldout-ko.jsonl'));
  const en = loadCases(fixture('heldout-en.jsonl'));
  const all = [...ko, ...en];
  // the baseline's fallback intent comes from the tuning sets, not from the held-back labels
  const baseline = keywordBaseline(majorityIntent([...loadCases(fixture('dev-ko.jsonl')), ...loadCases(fixture('dev-en.jsonl'))]));
  const m: Metrics = {};
  const higher = 'higher is better';
  for (const [name, cases] of [
    ['ko', ko],
    ['en', en],
    ['all', all],
  ] as const) {
    const s = score(cases, offline);
    const b = score(cases, baseline);
    m[`intent_accuracy_${name} (n=${cases.length})`] = metric(pct(s.intentAccuracy), '%', pct(b.intentAccuracy), higher);
    m[`slot_f1_${name}`] = metric(pct(s.slotF1), '%', pct(b.slotF1), higher);
    if (name === 'all') {
      m.slot_precision_all = metric(pct(s.slotPrecision), '%', pct(b.slotPrecision), higher);
      m.slot_recall_all = metric(pct(s.slotRecall), '%', pct(b.slotRecall), higher);
      m.act_accuracy_all = metric(pct(s.actAccuracy), '%', pct(b.actAccuracy), higher);
    }
  }
  const ko2 = loadCases(fixture('eval2-ko.jsonl'));
  const en2 = loadCases(fixture('eval2-en.jsonl'));
  for (const [name, cases] of [
    ['ko', ko2],
    ['en', en2],
    ['all', [...ko2, ...en2]],
  ] as [string, Case[]][]) {
    const s = score(cases, offline);
    const b = score(cases, baseline);
    m[`eval2_intent_accuracy_${name} (n=${cases.length})`] = metric(pct(s.intentAccuracy), '%', pct(b.intentAccuracy), higher);
    m[`eval2_slot_accuracy_${name}`] = metric(pct(s.slotAccuracy), '%', pct(b.slotAccuracy), higher);
    m[`eval2_slot_f1_${name}`] = metric(pct(s.slotF1), '%', pct(b.slotF1), higher);
    m[`eval2_fully_right_${name}`] = metric(pct(s.fullyRight), '%', pct(b.fullyRight), higher);
  }
  phenomenonTable('eval2', ko2, en2, m);
  for (const set of ['eval3', 'eval4']) {
    const ko3 = loadCases(fixture(`${set}-ko.jsonl`));
    const en3 = loadCases(fixture(`${set}-en.jsonl`));
    for (const [name, cases] of [
      ['ko', ko3],
      ['en', en3],
    ] as [string, Case[]][]) {
      const s = score(cases, offline);
      const b = score(cases, baseline);
      m[`${set}_intent_accuracy_${name} (n=${cases.length})`] = metric(pct(s.intentAccuracy), '%', pct(b.intentAccuracy), higher);
      m[`${set}_slot_accuracy_${name}`] = metric(pct(s.slotAccuracy), '%', pct(b.slotAccuracy), higher);
    }
    if (set === 'eval4') phenomenonTable(set, ko3, en3, m);
  }
  // another set kept outside the repository (a hold-out), in the same format: NLU_EVAL_DIR=<dir> with eval-ko/en.jsonl
  const extra = process.env.NLU_EVAL_DIR;
  if (extra) {
    for (const name of ['ko', 'en']) {
      const cases = loadCases(`${extra}/eval-${name}.jsonl`);
      const s = score(cases, offline);
      m[`holdout_intent_accuracy_${name} (n=${cases.length})`] = metric(pct(s.intentAccuracy), '%', null, higher);
      m[`holdout_slot_accuracy_${name}`] = metric(pct(s.slotAccuracy), '%', null, higher);
    }
  }
  const t2 = latencies([...ko2, ...en2], offline, 5);
  m.eval2_parse_latency_p95 = metric(percentile(t2, 95), 'ms', null, 'lower is better');
  const t = latencies(all, offline, 5);
  const tb = latencies(all, baseline, 5);
  m.parse_latency_median = metric(median(t), 'ms', median(tb), 'lower is better');
  m.parse_latency_p95 = metric(percentile(t, 95), 'ms', percentile(tb, 95), 'lower is better');
  const cpu = cpuTimes([...all, ...ko2, ...en2], offline, 3);
  const cpuBase = cpuTimes([...all, ...ko2, ...en2], baseline, 3);
  m.parse_cpu_time_p95 = metric(percentile(cpu, 95), 'ms', percentile(cpuBase, 95), 'lower is better');
  return m;
}

/** Per-phenomenon scores of an evaluation set (both languages, and each): printed as a table, kept in the results. */
function phenomenonTable(set: string, ko: Case[], en: Case[], m: Metrics): void {
  const perLang = (cases: Case[]) => new Map(scoreByPhenomenon(cases, offline).map((p) => [p.tag, p.score]));
  const [kos, ens] = [perLang(ko), perLang(en)];
  const part = (s: Score | undefined, f: (s: Score) => number) => (s ? `${pct(f(s))}% (${s.cases})` : '—');
  const slotPart = (s: Score | undefined) => (s?.slotsJudged ? part(s, (x) => x.slotAccuracy) : '—');
  const rows = scoreByPhenomenon([...ko, ...en], offline).map(({ tag, score: s }) => {
    m[`${set}_phenomenon_${tag}_intent (n=${s.cases})`] = metric(pct(s.intentAccuracy), '%');
    if (s.slotsJudged) m[`${set}_phenomenon_${tag}_slot_accuracy`] = metric(pct(s.slotAccuracy), '%');
    const intent = (x: Score) => x.intentAccuracy;
    return [
      tag,
      String(s.cases),
      `${pct(s.intentAccuracy)}%`,
      s.slotsJudged ? `${pct(s.slotAccuracy)}%` : '—',
      `${pct(s.fullyRight)}%`,
      part(kos.get(tag), intent),
      part(ens.get(tag), intent),
      slotPart(kos.get(tag)),
      slotPart(ens.get(tag)),
    ];
  });
  printRows(
    `nlu ${set} by phenomenon`,
    ['phenomenon', 'lines', 'intent', 'slot acc', 'fully right', 'intent ko', 'intent en', 'slots ko', 'slots en'],
    rows,
  );
}
