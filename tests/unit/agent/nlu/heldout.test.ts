/**
 * The held-back sets as a regression floor: understanding must not fall below these figures.
 * The parser was tuned on dev-*.jsonl and, later, on the failures of eval2-*.jsonl (so eval2 is
 * now a floor, not a measurement); `npm run bench nlu` measures on sets kept out of tuning.
 */
import { describe, expect, it } from 'vitest';
import { loadCases, score } from '../../../../bench/nlu-score.ts';
import { parseUtterance } from '../../../../src/main/agent/nlu/index.ts';

const run = (file: string) =>
  score(loadCases(new URL(`../../../fixtures/nlu/${file}`, import.meta.url).pathname), (c) =>
    parseUtterance(c.text, { now: new Date(c.now), tz: c.tz, ...(c.state ? { state: c.state } : {}) }),
  );

describe('held-back and dev sets', () => {
  for (const file of ['heldout-ko.jsonl', 'heldout-en.jsonl', 'dev-ko.jsonl', 'dev-en.jsonl']) {
    it(`${file}: intent accuracy and slot F1 stay above the floor`, () => {
      const s = run(file);
      expect(s.cases).toBeGreaterThanOrEqual(file.startsWith('heldout') ? 200 : 50);
      expect(s.intentAccuracy).toBeGreaterThanOrEqual(0.9);
      expect(s.slotF1).toBeGreaterThanOrEqual(0.9);
      expect(s.actAccuracy).toBeGreaterThanOrEqual(0.9);
    });
  }
});

describe('the second evaluation set (requests as new users type them)', () => {
  for (const file of ['eval2-ko.jsonl', 'eval2-en.jsonl', 'eval3-ko.jsonl', 'eval3-en.jsonl']) {
    it(`${file}: intent and slot accuracy stay above the floor`, () => {
      const s = run(file);
      expect(s.cases).toBeGreaterThanOrEqual(140);
      expect(s.intentAccuracy).toBeGreaterThanOrEqual(0.95);
      expect(s.slotAccuracy).toBeGreaterThanOrEqual(0.93);
    });
  }
});
