/**
 * The intent classifier: multinomial logistic regression over `featurise` features, trained at
 * build time by `npm run nlu:train` (scripts/nlu-train) from a generated corpus plus hand-written
 * examples, and committed as model.json. Labels are the intents, `Question` (a question or a
 * non-task request with no task under way) and `None` (a follow-up answer, a yes/no, noise).
 */
import { readFileSync } from 'node:fs';
import { featurise } from './features.ts';

export interface ModelFile {
  labels: string[];
  /** Temperature the logits are divided by (fitted on a held-aside slice of the corpus). */
  temperature: number;
  /** feature → weight per label (labels missing from a row weigh 0), in `labels` order. */
  weights: Record<string, number[]>;
}

export interface Prediction {
  label: string;
  confidence: number;
  /** Every label's probability, highest first. */
  ranked: { label: string; p: number }[];
}

let model: ModelFile | undefined;

function load(): ModelFile {
  model ??= JSON.parse(readFileSync(new URL('./model.json', import.meta.url), 'utf8')) as ModelFile;
  return model;
}

export function logits(m: ModelFile, feats: string[]): number[] {
  const z = new Array<number>(m.labels.length).fill(0);
  for (const f of feats) {
    const row = m.weights[f];
    if (!row) continue;
    for (let k = 0; k < row.length; k++) z[k] = (z[k] ?? 0) + (row[k] ?? 0);
  }
  return z;
}

export function softmax(z: number[], temperature = 1): number[] {
  const max = Math.max(...z);
  const e = z.map((v) => Math.exp((v - max) / temperature));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

export function classify(text: string, m: ModelFile = load()): Prediction {
  const p = softmax(logits(m, featurise(text)), m.temperature);
  const ranked = m.labels.map((label, i) => ({ label, p: p[i] ?? 0 })).sort((a, b) => b.p - a.p);
  const top = ranked[0] ?? { label: 'None', p: 0 };
  return { label: top.label, confidence: top.p, ranked };
}
