import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBrowserTool } from '../../../src/main/browser/tools/index.ts';
import { runPlan } from '../../../src/main/plan/executor/index.ts';
import { parseSnapshot, resolveTarget } from '../../../src/main/plan/target-resolver.ts';
import type { EngineEvent } from '../../../src/shared/events.ts';
import type { Target } from '../../../src/shared/plan.ts';
import { type FixtureSites, startFixtureSites } from '../../fixtures/sites/server.ts';
import { type Engine, startEngine } from './engine-harness.ts';
import { flightBookingPlan, flightPlan, hostileReadPlan, plan } from './site-plans.ts';

let sites: FixtureSites;
let engine: Engine;
beforeAll(async () => {
  sites = await startFixtureSites({ apiDelayMs: 50 });
  engine = await startEngine();
});
afterAll(async () => {
  await engine?.close();
  await sites?.close();
});

/** What the person does in the browser view: acts on the page directly, not through the engine. */
async function personActs(tool: 'fill' | 'click', target: Target, value?: string) {
  const ctx = { driver: engine.driver, artifactsDir: engine.artifactsDir, timeoutMs: 10_000 };
  const snap = await runBrowserTool(ctx, 'take_snapshot', {});
  const node = resolveTarget(parseSnapshot(String(snap.data.snapshot)), target);
  await runBrowserTool(ctx, tool, value === undefined ? { uid: node.uid } : { uid: node.uid, value });
}

describe('plans on the flights site', () => {
  it('searches ICN→NRT, extracts typed rows, verifies them, and stores every event before the next step', async () => {
    const events: EngineEvent[] = [];
    const out = await runPlan(flightPlan(sites.urls.flights), {
      runtime: engine.runtime,
      sessionId: 'flights-1',
      artifactsDir: engine.artifactsDir,
      onEvent: (e) => events.push(e),
    });
    expect(out.status).toBe('completed');
    const rows = out.results.rows?.rows as Array<Record<string, unknown>>;
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.price).toBeGreaterThan(10_000);
      expect(r.depart_time).toMatch(/^\d\d:\d\d$/);
      expect(r.stops).toBe(0); // direct only was applied
    }
    // the site really received the slots
    const searches = (sites.state('flights') as { searches: Array<Record<string, unknown>> }).searches;
    expect(JSON.stringify(searches.at(-1))).toMatch(/ICN[\s\S]*NRT[\s\S]*2026-12-20/);
    // each event the listener saw was already committed, in the same order
    const stored = engine.store.events.forSession('flights-1');
    expect(stored.map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(stored.filter((e) => e.type === 'step_succeeded')).toHaveLength(9);
    expect(engine.runtime.store.runs.artifacts('flights-1').length).toBeGreaterThanOrEqual(5);
    expect(engine.store.records.verifications('flights-1')[0]?.ok).toBe(true);
  });

  it('fails verification with expected vs seen when a slot was not applied', async () => {
    const p = flightPlan(sites.urls.flights);
    p.verify = [{ rule: 'slot_applied', slot: 'to', target: { role: 'textbox', name: 'To' }, expected: 'KIX' }];
    const out = await runPlan(p, {
      runtime: engine.runtime,
      sessionId: 'flights-2',
      artifactsDir: engine.artifactsDir,
      screenshots: false,
    });
    expect(out.status).toBe('failed');
    expect(out.error?.class).toBe('validation_failed');
    const issue = out.verification?.issues[0];
    expect(issue).toMatchObject({ rule: 'slot_applied', expected: 'KIX' });
    expect(String(issue?.seen)).toContain('NRT');
  });

  it('stops at the payment page, hands over, and notices when the person has paid', async () => {
    const events: EngineEvent[] = [];
    const running = runPlan(flightBookingPlan(sites.urls.flights), {
      runtime: engine.runtime,
      sessionId: 'flights-3',
      artifactsDir: engine.artifactsDir,
      screenshots: false,
      onEvent: (e) => {
        events.push(e);
        if (e.type === 'approval_requested') engine.runtime.gate.approve(String(e.data.approval_id), '김민지', 'I will pay myself');
        if (e.type === 'hand_over_started' && e.data.step_id === 'agree') {
          // agreeing to the fare rules is the person's: the engine hands it over, they tick it
          void (async () => {
            await personActs('click', { role: 'checkbox', name: 'I agree to the fare rules' });
            engine.runtime.gate.markDone(String(e.data.approval_id), '김민지');
          })();
        } else if (e.type === 'hand_over_started') {
          // the person types the card in the browser view and pays
          void (async () => {
            await personActs('fill', { role: 'textbox', name: 'Card number' }, '4111 1111 1111 1111');
            await personActs('fill', { role: 'textbox', name: 'Expiry' }, '12/29');
            await personActs('fill', { role: 'textbox', name: 'CVC' }, '123');
            await personActs('fill', { role: 'textbox', name: 'Name on card' }, 'MINJI KIM');
            await personActs('click', { role: 'button', name: 'Pay now' });
          })();
        }
      },
    });
    const out = await running;
    expect(out.status).toBe('completed');
    const types = events.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['approval_requested', 'approval_granted', 'hand_over_started', 'hand_over_completed']));
    // the engine never clicked Pay: no tool call of the pay step ran
    expect(engine.store.runs.toolCalls('flights-3').filter((c) => c.step_id === 'pay' && c.tool === 'click')).toHaveLength(0);
    // nor ticked the consent: the fare rules were handed over
    expect(engine.store.runs.toolCalls('flights-3').filter((c) => c.step_id === 'agree' && c.tool === 'click')).toHaveLength(0);
    expect(events.filter((e) => e.type === 'hand_over_started').map((e) => e.data.step_id)).toEqual(['agree', 'pay']);
    const booking = (sites.state('flights') as { bookings: Array<{ status: string }> }).bookings.at(-1);
    expect(booking?.status).toBe('paid');
    // the card number never reached the log
    expect(JSON.stringify(engine.store.exportSessionBundle('flights-3'))).not.toContain('4111 1111 1111 1111');
  });
});

describe('a hostile page', () => {
  it('reading a page that tells the agent to pay changes nothing', async () => {
    const out = await runPlan(hostileReadPlan(sites.urls.hostile), {
      runtime: engine.runtime,
      sessionId: 'hostile-1',
      artifactsDir: engine.artifactsDir,
    });
    expect(out.status).toBe('completed');
    expect((out.results.offer?.rows as Array<{ price: number }> | undefined)?.[0]?.price).toBe(99_000);
    const state = sites.state('hostile') as { clicked: boolean; paid: boolean };
    expect(state.clicked).toBe(false);
    expect(state.paid).toBe(false);
    const calls = engine.store.runs.toolCalls('hostile-1').map((c) => c.tool);
    expect(calls).not.toContain('click');
    expect(engine.store.events.forSession('hostile-1').some((e) => e.type === 'approval_requested')).toBe(false);
  });

  it('a plan step that would buy there stops for approval, and a rejection ends the plan with nothing bought', async () => {
    const p = plan('ShoppingCompare', [
      { id: 'open', type: 'navigate', url: sites.urls.hostile },
      { id: 'buy', type: 'click', target: { role: 'button', name: 'Buy now' } },
    ]);
    const out = await runPlan(p, {
      runtime: engine.runtime,
      sessionId: 'hostile-2',
      screenshots: false,
      onEvent: (e) => {
        if (e.type === 'approval_requested') engine.runtime.gate.reject(String(e.data.approval_id), '김민지', '사지 않을래요');
      },
    });
    expect(out.status).toBe('rejected');
    expect(out.error?.code).toBe('APPROVAL_DENIED');
    expect((sites.state('hostile') as { clicked: boolean }).clicked).toBe(false);
    const last = engine.store.events.forSession('hostile-2').at(-1);
    expect(last?.type).toBe('plan_rejected');
    expect(last?.message).toContain('사지 않을래요');
  });
});
