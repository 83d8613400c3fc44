import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runBrowserTool } from '../../../src/main/browser/tools/index.ts';
import { assertStep } from '../../../src/main/plan/executor/actions.ts';
import { runPlan } from '../../../src/main/plan/executor/index.ts';
import { completionHolds } from '../../../src/main/plan/executor/page.ts';
import { type Engine, startEngine } from './engine-harness.ts';
import { type FaultSite, startFaultSite } from './fault-site.ts';
import { plan } from './site-plans.ts';

/**
 * The completion check, `assert {text}` and `wait {text}` read the page the same way: a plain
 * text paragraph ("Application received #1") is seen by all three. A page that moves to another
 * site while a field is filled is brought back and the fill tried again, with an error value
 * (CONTEXT_LOST), never a raw protocol error.
 */
let site: FaultSite;
let engine: Engine;
let n = 0;
beforeAll(async () => {
  site = await startFaultSite();
  engine = await startEngine();
});
afterAll(async () => {
  await engine?.close();
  await site?.close();
});
beforeEach(() => site.reset());

const io = (sessionId: string) => ({
  runtime: engine.runtime,
  ctx: { session_id: sessionId, plan_id: sessionId },
  artifactsDir: engine.artifactsDir,
});

describe('one reading of the page for completion, assert and wait', () => {
  it('sees a plain text line the same way in all three', async () => {
    const ctx = { driver: engine.driver, artifactsDir: engine.artifactsDir, timeoutMs: 10_000 };
    await runBrowserTool(ctx, 'navigate_page', { type: 'url', url: `${site.url}/apply` });
    await runBrowserTool(ctx, 'evaluate_script', { function: "() => document.getElementById('submit').click()" });
    await runBrowserTool(ctx, 'wait_for', { text: 'Application received #1' });
    // the oracle: one submission at the server, and the page's own text
    expect(site.posts('/api/apply')).toHaveLength(1);
    const shown = await runBrowserTool(ctx, 'evaluate_script', { function: "() => document.getElementById('out').textContent" });
    expect(shown.data.result).toBe('Application received #1');

    const sid = `read-${++n}`;
    engine.store.records.createSession({ id: sid });
    expect(await completionHolds(io(sid), { text: 'Application received' })).toBe(true);
    await expect(assertStep(io(sid), { id: 'a', type: 'assert', text: 'application received #1' })).resolves.toBeDefined();
    const waited = await runPlan(
      plan('Test', [{ id: 'w', type: 'wait', text: 'Application received #1', timeout_ms: 2000 }], [], `${sid}-wait`),
      { runtime: engine.runtime, sessionId: sid, screenshots: false },
    );
    expect(waited.status).toBe('completed');
    // and none of them sees what the page does not show
    expect(await completionHolds(io(sid), { text: 'Application refused' })).toBe(false);
    await expect(assertStep(io(sid), { id: 'b', type: 'assert', text: 'Application refused' })).rejects.toThrow(/not on the page/);
    const notShown = await runPlan(
      plan('Test', [{ id: 'w', type: 'wait', text: 'Application refused', timeout_ms: 600 }], [], `${sid}-wait-no`),
      { runtime: engine.runtime, sessionId: sid, screenshots: false },
    );
    expect(notShown.status).toBe('failed');
  }, 60_000);
});

describe('a navigation to another site in the middle of a fill', () => {
  it('is a CONTEXT_LOST value, and the page is brought back and the fill done', async () => {
    const sid = `trap-${++n}`;
    const out = await runPlan(
      plan(
        'Test',
        [
          { id: 'open', type: 'navigate', url: `${site.url}/trap` },
          { id: 'city', type: 'fill', target: { label: 'City' }, value: 'Seoul' },
          { id: 'zip', type: 'fill', target: { label: 'Postcode' }, value: '04524' },
          { id: 'check-city', type: 'assert', target: { label: 'City' }, value: 'Seoul' },
          { id: 'check-zip', type: 'assert', target: { label: 'Postcode' }, value: '04524' },
        ],
        [],
        sid,
      ),
      { runtime: engine.runtime, sessionId: sid, screenshots: false },
    );
    const events = engine.store.events.forSession(sid);
    expect(out.error?.code ?? null, JSON.stringify(out.error)).toBe(null);
    expect(out.status).toBe('completed');
    // the tab did go to the other site (the page was really lost), and came back to the form
    const retried = events.find((e) => e.type === 'step_retried');
    expect(retried?.data.step_id).toBe('city');
    // the fill's call into the vanished document failed as CONTEXT_LOST (the runtime's own record says so)
    const failed = events.filter((e) => e.type === 'TOOL_FAILED').map((e) => (e.data.error as { code: string }).code);
    expect(failed[0]).toBe('CONTEXT_LOST');
    expect(String(retried?.data.seen)).toContain(site.otherUrl);
    expect(events.some((e) => JSON.stringify(e.data).includes('PROTOCOL_ERROR'))).toBe(false);
    expect(site.log.filter((r) => r.path === '/trap').length).toBe(2);
  }, 60_000);
});
