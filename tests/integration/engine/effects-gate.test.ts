import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlan } from '../../../src/main/plan/executor/index.ts';
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
      if (c.lateMs) await new Promise((r) => setTimeout(r, c.lateMs));
      expect(engine.site.changes(), JSON.stringify(engine.site.log)).toEqual([]);
      expect(asked).toBeGreaterThanOrEqual(1);
      expect(outcome.status).toBe('rejected');
    }, 60_000);

    it(`approved: arrives exactly once — ${label(c)}`, async () => {
      engine.site.reset();
      const { outcome, asked } = await engine.run(plan(c), 'approve');
      expect(outcome.status, JSON.stringify(outcome.error)).toBe('completed');
      expect(asked).toBeGreaterThanOrEqual(1);
      if (c.lateMs) await new Promise((r) => setTimeout(r, c.lateMs));
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

describe('an approval answered later (approvals: return), then the plan resumed', () => {
  for (const page of ['continue-pays', 'div-fetch']) {
    it(`${page}: waits with nothing sent; approved, the resumed plan sends it exactly once`, async () => {
      const c = TRAP_CASES.find((x) => x.page === page) as EffectCase;
      const sessionId = `later-${page}`;
      const p = { plan_id: sessionId, intent: 'Test', created_at: new Date().toISOString(), steps: plan(c) };
      const opts = { runtime: engine.runtime, sessionId, approvals: 'return' as const, screenshots: false };
      engine.site.reset();
      const first = await runPlan(p, opts);
      expect(first.status).toBe('awaiting_approval');
      expect(first.step_id).toBe('go');
      expect(engine.site.changes()).toEqual([]);
      const pending = engine.runtime.gate.pending(sessionId);
      expect(pending).toHaveLength(1);
      engine.runtime.gate.approve(pending[0]?.id as string, 'person');
      const again = await runPlan(p, opts);
      expect(again.status, JSON.stringify(again.error)).toBe('completed');
      expect(engine.site.changes()).toHaveLength(1);
      // running the finished plan again sends nothing more
      await runPlan(p, opts);
      expect(engine.site.changes()).toHaveLength(1);
    }, 60_000);
  }
});
