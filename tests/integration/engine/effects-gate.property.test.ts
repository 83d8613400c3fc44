import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepInput } from '../../../src/shared/plan.ts';
import { BENIGN_CASES, type EffectCase, TRAP_CASES } from './effects-cases.ts';
import { type EffectsEngine, startEffectsEngine } from './effects-harness.ts';

/**
 * Random plans on TrapMart (a few pages in a row, disguised state changes and benign actions
 * mixed) with random answers from the person; the oracle is the server's request log: it holds
 * exactly one state-changing request per approved trap reached, none after a refusal, and the
 * benign actions never ask.
 */
let engine: EffectsEngine;
beforeAll(async () => {
  engine = await startEffectsEngine();
}, 60_000);
afterAll(async () => {
  await engine?.close();
});

const ALL = [...TRAP_CASES, ...BENIGN_CASES];

/** One plan made of several cases in a row (step ids prefixed so they stay unique). */
function planOf(cases: EffectCase[]): StepInput[] {
  return cases.flatMap((c, i) => [
    { id: `c${i}-open`, type: 'navigate', url: `${engine.site.url}/t/${c.page}` } as StepInput,
    ...c.steps.map((s) => ({ ...s, id: `c${i}-${s.id}` }) as StepInput),
  ]);
}

describe('gate by effect on TrapMart (property, server log is the oracle)', () => {
  it('random plans and answers: state changes reach the server only when approved, once each', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: ALL.length - 1 }), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        async (picks, approve) => {
          const cases = picks.map((i) => ALL[i] as EffectCase);
          engine.site.reset();
          const { outcome, asked } = await engine.run(planOf(cases), approve ? 'approve' : 'reject');
          // what the person's answers imply: with refusals the plan ends at the first trap
          const firstTrap = cases.findIndex((c) => c.changes > 0);
          const reached = approve || firstTrap < 0 ? cases : cases.slice(0, firstTrap + 1);
          const traps = reached.filter((c) => c.changes > 0);
          const changes = engine.site.changes();
          expect(changes.length, JSON.stringify(changes)).toBe(approve ? traps.reduce((n, c) => n + c.changes, 0) : 0);
          // benign actions never ask; each trap asks (an approved trap whose request changed meanwhile asks again)
          if (approve) expect(asked).toBeGreaterThanOrEqual(traps.length);
          else expect(asked).toBe(traps.length);
          expect(outcome.status).toBe(!approve && traps.length ? 'rejected' : 'completed');
        },
      ),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 8) },
    );
  }, 180_000);
});
