import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBrowserTool } from '../../../src/main/browser/tools/index.ts';
import { runPlan } from '../../../src/main/plan/executor/index.ts';
import { parseSnapshot, resolveTarget } from '../../../src/main/plan/target-resolver.ts';
import type { EngineEvent } from '../../../src/shared/events.ts';
import { type FixtureSites, startFixtureSites } from '../../fixtures/sites/server.ts';
import { type Engine, startEngine } from './engine-harness.ts';
import { accountAddressPlan, accountLoginPlan, visaFormPlan } from './site-plans.ts';

let sites: FixtureSites;
let engine: Engine;
let photo: string;
// a 1×1 PNG
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  sites = await startFixtureSites({ apiDelayMs: 30 });
  engine = await startEngine();
  photo = join(engine.dir, 'photo.png');
  writeFileSync(photo, PNG);
});
afterAll(async () => {
  await engine?.close();
  await sites?.close();
});

const apps = () => (sites.state('form') as { applications: unknown[] }).applications;

/** The person finishes the open hand-over (its id from the store: event data is redacted). */
const handOverDone = (sessionId: string) => {
  for (const a of engine.store.runs.approvals(sessionId))
    if (a.mode === 'hand_over' && a.status !== 'completed') engine.runtime.gate.markDone(a.id, '김민지');
};

describe('the long application form', () => {
  it('fills 20 fields, hands the password to the person, and submits only after approval', async () => {
    const events: EngineEvent[] = [];
    const before = apps().length;
    const out = await runPlan(visaFormPlan(sites.urls.form, photo), {
      runtime: engine.runtime,
      sessionId: 'form-1',
      screenshots: false,
      onEvent: (e) => {
        events.push(e);
        if (e.type === 'approval_requested' && e.data.kind === 'submission')
          for (const a of engine.runtime.gate.pending(String(e.session_id))) engine.runtime.gate.approve(a.id, '김민지');
        if (e.type === 'hand_over_started') {
          void (async () => {
            const ctx = { driver: engine.driver, artifactsDir: engine.artifactsDir, timeoutMs: 10_000 };
            const snap = await runBrowserTool(ctx, 'take_snapshot', {});
            const nodes = parseSnapshot(String(snap.data.snapshot));
            if (e.data.step_id === 'declare') {
              // the declaration is the person's to give: the engine hands it over, the person ticks it
              const box = resolveTarget(nodes, { role: 'checkbox', name: 'I declare the information above is true' });
              await runBrowserTool(ctx, 'fill', { uid: box.uid, value: 'true' });
            } else {
              const node = resolveTarget(nodes, { role: 'textbox', name: 'Password to check' });
              await runBrowserTool(ctx, 'fill', { uid: node.uid, value: 'my-own-secret-9' });
            }
            handOverDone(String(e.session_id));
          })();
        }
      },
    });
    expect(out.status, JSON.stringify(out.error)).toBe('completed');
    expect(apps().length).toBe(before + 1);
    const grants = events.filter((e) => e.type === 'approval_granted').map((e) => e.data.step_id);
    expect(grants).toEqual(['submit', 'confirm']);
    expect(events.some((e) => e.type === 'hand_over_started' && e.data.step_id === 'password')).toBe(true);
    const calls = engine.store.runs.toolCalls('form-1');
    expect(calls.filter((c) => c.step_id === 'password' && c.status === 'ok' && c.tool === 'fill')).toHaveLength(0);
    expect(JSON.stringify(engine.store.exportSessionBundle('form-1'))).not.toContain('my-own-secret-9');
  });

  it('a rejected submission ends the plan cleanly and nothing is submitted', async () => {
    const before = apps().length;
    const out = await runPlan(visaFormPlan(sites.urls.form, photo), {
      runtime: engine.runtime,
      sessionId: 'form-2',
      screenshots: false,
      onEvent: (e) => {
        if (e.type === 'approval_requested' && e.data.kind === 'submission')
          for (const a of engine.runtime.gate.pending(String(e.session_id)))
            engine.runtime.gate.reject(a.id, '김민지', '여권 번호를 다시 확인할게요');
        if (e.type === 'hand_over_started') handOverDone(String(e.session_id));
      },
    });
    expect(out.status).toBe('rejected');
    expect(out.step_id).toBe('submit');
    expect(out.error?.message).toContain('여권 번호를 다시 확인할게요');
    expect(apps().length).toBe(before);
  });
});

describe('the shop account site', () => {
  it('signs in with phone + OTP and changes a shipping address after the person approves that exact change', async () => {
    // sending a code POSTs (the server sends an SMS): the gate by effect asks, whatever the button says
    const asked: string[] = [];
    const login = await runPlan(accountLoginPlan(sites.urls.account, '010-1234-5678'), {
      runtime: engine.runtime,
      sessionId: 'acct-1',
      screenshots: false,
      onEvent: (e) => {
        if (e.type === 'approval_requested') {
          asked.push(String(e.data.step_id));
          for (const a of engine.runtime.gate.pending(String(e.session_id))) engine.runtime.gate.approve(a.id, '김민지');
        }
      },
    });
    expect(login.status, JSON.stringify(login.error)).toBe('completed');
    expect(asked).toEqual(['send']);
    const code = sites.shop.inbox('01012345678')[0]?.code as string;
    const approvals: string[] = [];
    const out = await runPlan(accountAddressPlan(code, 'ORD-20261118-0001', '영동대로 513'), {
      runtime: engine.runtime,
      sessionId: 'acct-1',
      screenshots: false,
      onEvent: (e) => {
        if (e.type === 'approval_requested') {
          approvals.push(String(e.data.step_id));
          for (const a of engine.runtime.gate.pending(String(e.session_id))) engine.runtime.gate.approve(a.id, '김민지');
        }
      },
    });
    expect(out.status, JSON.stringify(out.error)).toBe('completed');
    expect(approvals).toContain('save');
    expect(approvals).toContain('verify');
    expect(JSON.stringify(sites.shop.order('ORD-20261118-0001')?.shipping)).toContain('영동대로 513');
    const logged = JSON.stringify(engine.store.exportSessionBundle('acct-1'));
    const at = logged.indexOf(code);
    expect(at, logged.slice(Math.max(0, at - 300), at + 50)).toBe(-1);
    expect(logged).not.toContain('010-1234-5678');
  });
});
