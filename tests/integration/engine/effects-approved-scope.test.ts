import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlan } from '../../../src/main/plan/executor/index.ts';
import { type EffectsEngine, startEffectsEngine } from './effects-harness.ts';

/**
 * An approval covers the requests the person was shown, nothing else: when the approved run
 * sends something different (here, another item), it is held and the person is asked again.
 * The server's request log is the oracle; the stored approval shows what it covers.
 */
let engine: EffectsEngine;
beforeAll(async () => {
  engine = await startEffectsEngine();
}, 60_000);
afterAll(async () => {
  await engine?.close();
});

describe('an approved call sends only what was approved', () => {
  it('the item changed after approval: nothing reaches the server, and the person is asked again with the new request', async () => {
    const sessionId = 'scope-item';
    const steps = [
      { id: 'open', type: 'navigate' as const, url: `${engine.site.url}/t/item-changes` },
      { id: 'go', type: 'click' as const, target: { role: 'button', name: '담기 Add' } },
    ];
    const p = { plan_id: sessionId, intent: 'Test', created_at: new Date().toISOString(), steps };
    const opts = { runtime: engine.runtime, sessionId, approvals: 'return' as const, screenshots: false };
    engine.site.reset();
    const first = await runPlan(p, opts);
    expect(first.status).toBe('awaiting_approval');
    expect(engine.site.changes()).toEqual([]);
    const [asked] = engine.runtime.gate.pending(sessionId);
    // the stored approval names the request itself, not only a summary
    const shown = asked?.what.requests as Array<{ method: string; url: string; fields: Record<string, string> }>;
    expect(shown).toHaveLength(1);
    expect(shown[0]?.method).toBe('POST');
    expect(shown[0]?.url).toBe(`${engine.site.url}/act/cart`);
    expect(shown[0]?.fields.item).toMatch(/^B-1-/);
    engine.runtime.gate.approve(asked?.id as string, 'person');
    const again = await runPlan(p, opts);
    expect(again.status).toBe('awaiting_approval');
    expect(engine.site.changes(), JSON.stringify(engine.site.log)).toEqual([]);
    const [askedAgain] = engine.runtime.gate.pending(sessionId);
    expect(askedAgain?.id).not.toBe(asked?.id);
    const items = ((askedAgain?.what.requests ?? []) as Array<{ fields: Record<string, string> }>).map((r) => r.fields.item);
    expect(items.some((i) => /^B-2-/.test(String(i)))).toBe(true);
  }, 60_000);
});
