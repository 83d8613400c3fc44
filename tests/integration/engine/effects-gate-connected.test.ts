import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepInput } from '../../../src/shared/plan.ts';
import { launchWithPort } from '../browser/conformance.ts';
import { type EffectCase, TRAP_CASES } from './effects-cases.ts';
import { type EffectsEngine, startEffectsEngine } from './effects-harness.ts';

/**
 * The same gate when the engine attaches to a running browser over its WebSocket endpoint
 * (cdt --browser-endpoint, a user's Chrome): a slice of TrapMart, the server's log as the oracle.
 */
let running: Awaited<ReturnType<typeof launchWithPort>>;
let engine: EffectsEngine;
beforeAll(async () => {
  running = await launchWithPort();
  engine = await startEffectsEngine({ connect: `ws://127.0.0.1:${running.port}${running.browserPath}` });
}, 60_000);
afterAll(async () => {
  // the browser first: the fixture server's close waits for that browser's open connections
  await running?.browser.session.close();
  await engine?.close();
});

const plan = (c: EffectCase): StepInput[] => [{ id: 'open', type: 'navigate', url: `${engine.site.url}/t/${c.page}` }, ...c.steps];

describe('gate by effect on a browser reached over a WebSocket endpoint', () => {
  for (const page of ['div-fetch', 'continue-pays', 'token-then-post', 'enter-submits']) {
    const c = TRAP_CASES.find((x) => x.page === page);
    it(`${page}: refused, nothing reaches the server; approved, exactly once`, async () => {
      if (!c) throw new Error(`no TrapMart case ${page}`);
      engine.site.reset();
      const refused = await engine.run(plan(c), 'reject');
      if (c.lateMs) await new Promise((r) => setTimeout(r, c.lateMs));
      expect(engine.site.changes(), JSON.stringify(engine.site.log)).toEqual([]);
      expect(refused.outcome.status).toBe('rejected');
      engine.site.reset();
      const approved = await engine.run(plan(c), 'approve');
      expect(approved.outcome.status, JSON.stringify(approved.outcome.error)).toBe('completed');
      if (c.lateMs) await new Promise((r) => setTimeout(r, c.lateMs));
      expect(engine.site.changes().length).toBe(c.changes);
    }, 60_000);
  }
});
