/**
 * `npm run nlu:train`: generates the intent corpus (templates × fillers × noise, plus the
 * hand-written dev examples) and trains the classifier (multinomial logistic regression, L2,
 * AdaGrad), fits a softmax temperature on a held-aside slice, and writes
 * src/main/agent/nlu/classifier/model.json. Seeded: the same sources give the same model.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { featurise } from '../../src/main/agent/nlu/classifier/features.ts';
import { logits, type ModelFile, softmax } from '../../src/main/agent/nlu/classifier/model.ts';
import * as F from './fill.ts';
import { noisy, pick, type Rand, seeded } from './noise.ts';
import { EN } from './templates-en.ts';
import { KO } from './templates-ko.ts';

const VARIANTS = 14;
const r = seeded(20261124);

function fillIn(r: Rand, t: string, lang: 'ko' | 'en'): string {
  const ko = lang === 'ko';
  const cities = ko ? F.KO_CITIES : F.EN_CITIES;
  return t
    .replace(/\{c\}/g, () => pick(r, cities))
    .replace(/\{c2\}/g, () => pick(r, cities))
    .replace(/\{d\}/g, () => pick(r, ko ? F.KO_DATES : F.EN_DATES))
    .replace(/\{m\}/g, () => pick(r, ko ? F.KO_MONEY : F.EN_MONEY))
    .replace(/\{p\}/g, () => pick(r, ko ? F.KO_PRODUCTS : F.EN_PRODUCTS))
    .replace(/\{o\}/g, () => pick(r, F.ORDER_IDS))
    .replace(/\{f\}/g, () => pick(r, ko ? F.KO_FORMS : F.EN_FORMS))
    .replace(/\{s\}/g, () => pick(r, ko ? F.KO_SITES : F.EN_SITES))
    .replace(/\{a\}/g, () => pick(r, ko ? F.KO_ADDRS : F.EN_ADDRS))
    .replace(/\{n\}/g, () => String(1 + Math.floor(r() * 4)));
}

interface Example {
  text: string;
  label: string;
  /** Examples of every eighth template are held aside (never trained on) to fit the temperature. */
  aside?: boolean;
}

function corpus(): Example[] {
  const out: Example[] = [];
  for (const [lang, table] of [
    ['ko', KO],
    ['en', EN],
  ] as const) {
    for (const [label, templates] of Object.entries(table)) {
      templates.forEach((t, n) => {
        for (let i = 0; i < VARIANTS; i++) out.push({ text: noisy(r, fillIn(r, t, lang), lang), label, aside: n % 8 === 3 });
      });
    }
  }
  // hand-written examples: the tuning sets (never the held-back or eval sets)
  for (const name of ['dev-ko', 'dev-en']) {
    const path = new URL(`../../tests/fixtures/nlu/${name}.jsonl`, import.meta.url);
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const c = JSON.parse(line) as { text: string; intent: string | null; acts?: string[]; state?: unknown };
      const label = c.intent ?? (c.acts?.includes('ask_question') && !c.state ? 'Help' : 'None');
      for (let i = 0; i < 3; i++) out.push({ text: i ? noisy(r, c.text, /[가-힣]/.test(c.text) ? 'ko' : 'en') : c.text, label });
    }
  }
  return out;
}

function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [xs[i], xs[j]] = [xs[j] as T, xs[i] as T];
  }
  return xs;
}

function train(): void {
  const all = shuffle(corpus());
  const labels = [...new Set(all.map((e) => e.label))].sort();
  const K = labels.length;
  const data = all.map((e) => ({ f: featurise(e.text), y: labels.indexOf(e.label), aside: e.aside }));
  const trainSet = data.filter((d) => !d.aside);
  const held = data.filter((d) => d.aside);
  const counts = new Map<string, number>();
  for (const d of trainSet) for (const f of new Set(d.f)) counts.set(f, (counts.get(f) ?? 0) + 1);
  const W = new Map<string, Float64Array>();
  const G = new Map<string, Float64Array>();
  for (const [f, n] of counts) {
    if (n < 2 && !f.startsWith('w:')) continue;
    W.set(f, new Float64Array(K));
    G.set(f, new Float64Array(K).fill(1e-8));
  }
  const m: ModelFile = { labels, temperature: 1, weights: {} };
  const lr = 0.3;
  const l2 = 1e-3;
  for (let epoch = 0; epoch < 6; epoch++) {
    shuffle(trainSet);
    let loss = 0;
    for (const d of trainSet) {
      const z = new Array<number>(K).fill(0);
      const rows = d.f.map((f) => W.get(f)).filter((x): x is Float64Array => Boolean(x));
      for (const row of rows) for (let k = 0; k < K; k++) z[k] = (z[k] ?? 0) + (row[k] ?? 0);
      const p = softmax(z);
      loss -= Math.log(Math.max(1e-12, p[d.y] ?? 0));
      d.f.forEach((f) => {
        const row = W.get(f);
        const g2 = G.get(f);
        if (!row || !g2) return;
        for (let k = 0; k < K; k++) {
          const g = (p[k] ?? 0) - (k === d.y ? 1 : 0) + l2 * (row[k] ?? 0);
          g2[k] = (g2[k] ?? 0) + g * g;
          row[k] = (row[k] ?? 0) - (lr * g) / Math.sqrt(g2[k] ?? 1);
        }
      });
    }
    console.log(`epoch ${epoch} loss ${(loss / trainSet.length).toFixed(4)}`);
  }
  for (const [f, row] of W) {
    if (Math.max(...row.map(Math.abs)) < 0.1) continue;
    m.weights[f] = Array.from(row, (v) => Math.round(v * 100) / 100);
  }
  // temperature: the one (of a small grid) with the lowest log loss on the held-aside slice
  let best = { t: 1, loss: Infinity };
  for (const t of [0.8, 1, 1.2, 1.5, 2, 2.5, 3, 4, 5]) {
    let loss = 0;
    for (const d of held) loss -= Math.log(Math.max(1e-12, softmax(logits(m, d.f), t)[d.y] ?? 0));
    if (loss < best.loss) best = { t, loss };
  }
  m.temperature = best.t;
  let right = 0;
  for (const d of held) {
    const z = logits(m, d.f);
    if (z.indexOf(Math.max(...z)) === d.y) right++;
  }
  console.log(
    `examples ${all.length}, features ${Object.keys(m.weights).length}, held-aside accuracy ${(right / held.length).toFixed(3)}, T=${m.temperature}`,
  );
  const out = new URL('../../src/main/agent/nlu/classifier/model.json', import.meta.url);
  writeFileSync(out, `${JSON.stringify(m)}\n`);
}

train();
