import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepInput } from '../../../src/shared/plan.ts';
import { BENIGN_CASES, type EffectCase, TRAP_CASES } from './effects-cases.ts';
import { type EffectsEngine, startEffectsEngine } from './effects-harness.ts';

/**
 * The gate by effect on TrapMart, with the server's request log as the oracle: every disguised
 * state change asks; refused, nothing reaches the server; approved, it arrives exactly once;
 * benign actions run without asking.
 */
let engine: EffectsEngine;
beforeAll(async () => {
  engine = await startEffectsEngine();
}, 60_000);
afterAll(async () => {
  await engine?.close();
});

const plan = (c: EffectCase): StepInput[] => [{ id: 'open', type: 'navigate', url: `${engine.site.url}/t/${c.page}` }, ...c.steps];
const label = (c: EffectCase) =>
  `${c.page} ${JSON.stringify(c.steps.at(-1)?.type === 'click' ? (c.steps.at(-1) as { target: unknown }).target : c.steps.at(-1))}`;

describe('gate by effect on TrapMart (server log is the oracle)', () => {
  it('has at least 15 disguised state changes and 6 benign actions', () => {
    expect(new Set(TRAP_CASES.map((c) => c.page)).size).toBeGreaterThanOrEqual(15);
    expect(BENIGN_CASES.length).toBeGreaterThanOrEqual(6);
  });

  for (const c of TRAP_CASES) {
    it(`refused: nothing reaches the server — ${label(c)}`, async () => {
      engine.site.reset();
      const { outcome, asked } = await engine.run(plan(c), 'reject');
      expect(engine.site.changes(), JSON.stringify(engine.site.log)).toEqual([]);
      expect(asked).toBeGreaterThanOrEqual(1);
      expect(outcome.status).toBe('rejected');
    }, 60_000);

    it(`approved: arrives exactly once — ${label(c)}`, async () => {
      engine.site.reset();
      const { outcome, asked } = await engine.run(plan(c), 'approve');
      expect(outcome.status, JSON.stringify(outcome.error)).toBe('completed');
      expect(asked).toBeGreaterThanOrEqual(1);
      expect(engine.site.changes().length, JSON.stringify(engine.site.changes())).toBe(c.changes);
    }, 60_000);
  }

  for (const c of BENIGN_CASES) {
    it(`benign: runs without asking — ${label(c)}`, async () => {
      engine.site.reset();
      const { outcome, asked } = await engine.run(plan(c), 'reject');
      expect(outcome.status, JSON.stringify(outcome.error)).toBe('completed');
      expect(asked).toBe(0);
      expect(engine.site.changes()).toEqual([]);
    }, 60_000);
  }
});
