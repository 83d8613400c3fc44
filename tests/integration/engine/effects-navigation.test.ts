import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatePlan } from '../../../src/shared/plan.ts';
import { type EffectsEngine, startEffectsEngine } from './effects-harness.ts';

/**
 * Navigation under the gate: only http(s) pages are opened, a page-supplied link that leaves the
 * origin the person chose asks first, and a raw navigate_page carrying script is refused —
 * with TrapMart's request log as the oracle.
 */
let engine: EffectsEngine;
beforeAll(async () => {
  engine = await startEffectsEngine();
}, 60_000);
afterAll(async () => {
  await engine?.close();
});

const planOf = (steps: unknown[]) => ({ plan_id: 'nav', intent: 'Test', created_at: new Date().toISOString(), steps });

describe('navigation rules', () => {
  it('a navigate step accepts only http: and https: URLs', () => {
    for (const url of [
      'javascript:document.forms[0].submit()',
      'data:text/html,<form method=post>',
      'file:///etc/passwd',
      'chrome://settings',
    ]) {
      const v = validatePlan(planOf([{ id: 'go', type: 'navigate', url }]));
      expect(v.ok, url).toBe(false);
    }
    expect(validatePlan(planOf([{ id: 'go', type: 'navigate', url: 'https://example.com/' }])).ok).toBe(true);
  });

  it('navigate_page with a javascript: URL is refused by the runtime and submits nothing', async () => {
    engine.site.reset();
    await engine.run([{ id: 'open', type: 'navigate', url: `${engine.site.url}/t/continue-pays` }], 'reject');
    const call = engine.runtime.call(
      'navigate_page',
      { type: 'url', url: "javascript:document.querySelector('form').submit()" },
      { session_id: 'nav-raw' },
    );
    await expect(call).rejects.toMatchObject({ code: 'POLICY_FORBIDDEN' });
    expect(engine.site.changes()).toEqual([]);
  });

  it('a page-supplied link that leaves the chosen origin asks; refused, the page is never opened', async () => {
    engine.site.reset();
    const away = `${engine.site.otherOrigin}/t/tabs`;
    const { outcome, asked } = await engine.run([{ id: 'open', type: 'navigate', url: away, stay_on: engine.site.url }], 'reject');
    expect(asked).toBe(1);
    expect(outcome.status).toBe('rejected');
    expect(engine.site.log.filter((r) => r.path === '/t/tabs')).toEqual([]);
  });

  it('a page-supplied link on the chosen origin runs without asking', async () => {
    engine.site.reset();
    const { outcome, asked } = await engine.run(
      [{ id: 'open', type: 'navigate', url: `${engine.site.url}/t/tabs`, stay_on: `${engine.site.url}/` }],
      'reject',
    );
    expect(outcome.status).toBe('completed');
    expect(asked).toBe(0);
    expect(engine.site.log.filter((r) => r.path === '/t/tabs')).toHaveLength(1);
  });
});
