import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlan } from '../../../src/main/plan/executor/index.ts';
import { type Engine, startEngine } from './engine-harness.ts';
import { type FaultSite, startFaultSite } from './fault-site.ts';
import { plan } from './site-plans.ts';

/**
 * The step journal records a state-changing request only once it left the browser: a POST the
 * approval gate failed in the browser is not "sent" (a resume would otherwise skip a step that
 * never happened); once approved and sent, it is.
 */
let site: FaultSite;
let engine: Engine;
beforeAll(async () => {
  site = await startFaultSite();
  engine = await startEngine();
});
afterAll(async () => {
  await engine?.close();
  await site?.close();
});

describe('the step journal', () => {
  it('records the POST an action set off only when it reached the wire', async () => {
    const p = plan(
      'Test',
      [
        { id: 'open', type: 'navigate', url: `${site.url}/list` },
        { id: 'item', type: 'fill', target: { label: 'Item' }, value: 'fig' },
        { id: 'add', type: 'click', target: { role: 'button', name: 'Add' } },
        { id: 'shown', type: 'wait', text: '1 items' },
      ],
      [],
      'journal-1',
    );
    const opts = { runtime: engine.runtime, sessionId: 'journal-1', screenshots: false, approvals: 'return' as const };
    const requests = () => engine.store.journal.entries('journal-1', 'add').filter((e) => e.kind === 'request');
    const first = await runPlan(p, opts);
    // the gate held the POST in the browser (by its effect): nothing reached the server, and the journal does not say it was sent
    expect(first.status).toBe('awaiting_approval');
    expect(site.posts('/api/add')).toHaveLength(0);
    expect(requests()).toHaveLength(0);
    engine.runtime.gate.approve(first.approval_id as string, 'person');
    expect((await runPlan(p, opts)).status).toBe('completed');
    // the oracle: one POST at the server, and the journal names it
    expect(site.posts('/api/add').map((r) => r.body)).toEqual(['fig']);
    expect(requests().map((e) => `${e.method} ${new URL(e.url ?? '').pathname}`)).toEqual(['POST /api/add']);
  }, 60_000);
});
