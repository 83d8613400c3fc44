/**
 * The agent API on a real host (startHost, as `npm run serve` runs it) with a launched Chromium:
 * what reached the fixture servers is the oracle for /execute and /approve.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost } from '../../../src/cli/host/start-host.ts';
import { type EffectsSite, startEffectsSite } from '../../fixtures/sites/effects/server.ts';
import { type FixtureSites, startFixtureSites } from '../../fixtures/sites/server.ts';

let root: string;
let host: Awaited<ReturnType<typeof startHost>>;
let sites: FixtureSites;
let effects: EffectsSite;

/** A reply's JSON, read field by field as the API documents it (the assertions check each shape). */
// biome-ignore lint/suspicious/noExplicitAny: response bodies are read by path in assertions
type Json = any;
interface Reply {
  status: number;
  body: Json;
}

async function post(route: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await fetch(new URL(`/api/agent/${route}`, host.origin), {
    method: 'POST',
    headers: { authorization: `Bearer ${host.secret}`, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'steward-agent-api-'));
  sites = await startFixtureSites({ apiDelayMs: 20 });
  effects = await startEffectsSite();
  host = await startHost({
    port: 0,
    dataDir: join(root, 'home'),
    rendererDir: root,
    sites: sites.urls as unknown as Record<string, string>,
    log: () => undefined,
  });
}, 60_000);

afterAll(async () => {
  await host?.close();
  await effects?.close();
  await sites?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the agent API behind the host secret', () => {
  it('refuses a call without the secret, from another origin, or without JSON', async () => {
    const bare = await fetch(new URL('/api/agent/intent', host.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"text":"hi"}',
    });
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { error: { code: string } }).error.code).toBe('PERMISSION_ERROR');
    expect((await post('intent', { text: 'hi' }, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await post('intent', 'text=hi', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await post('nothing', {})).status).toBe(404);
  });

  it('answers bad input with 400 and the field paths', async () => {
    const r = await post('intent', { text: 5, extra: true });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
    const paths = (r.body.error.details.issues as Array<{ path: string }>).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['text']));
    expect(r.body.error.suggestions.length).toBeGreaterThan(0);
    const p = await post('plan', { intent: 'Test', steps: [{ id: 'a', type: 'click' }] });
    expect(p.status).toBe(400);
    expect(p.body.error.details.issues[0].path).toMatch(/^steps\.0\b/);
    expect(
      (await post('plan', { intent: 'FlightSearch', slots: { from: 'ICN' } })).body.error.details.issues.map(
        (i: { path: string }) => i.path,
      ),
    ).toEqual(expect.arrayContaining(['slots.to', 'slots.date_start']));
    expect((await post('execute', { plan_id: 'no-such-plan' })).status).toBe(400);
    expect((await post('approve', { plan_id: 'x', action: 'maybe' })).body.error.details.issues[0].path).toBe('action');
  });

  it('intent → plan → execute → verify: the search reaches the flights site and the results are checked', async () => {
    const i = await post('intent', { text: '12월 20일 인천에서 나리타 가는 항공권 찾아줘', tz: 'Asia/Seoul' });
    expect(i.status).toBe(200);
    expect(i.body.intent).toBe('FlightSearch');
    expect(i.body.confidence).toBeGreaterThan(0.5);
    expect(i.body.slots).toMatchObject({ from: 'ICN', to: 'NRT' });
    const p = await post('plan', { intent: i.body.intent, slots: i.body.slots });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.plan_id).toEqual(expect.any(String));
    expect(p.body.steps.length).toBeGreaterThan(1);
    const before = await post('verify', { plan_id: p.body.plan_id });
    expect(before.body).toMatchObject({ ok: false, status: 'not_run' });
    sites.reset();
    const e = await post('execute', { plan_id: p.body.plan_id });
    expect(e.status).toBe(200);
    expect(e.body.status, JSON.stringify(e.body.error)).toBe('completed');
    expect(e.body.logs.length).toBeGreaterThan(0);
    const searches = (sites.state('flights') as { searches: Array<{ from: string; to: string; date: string }> }).searches;
    expect(searches.some((s) => s.from === 'ICN' && s.to === 'NRT' && s.date.endsWith('-12-20'))).toBe(true);
    const v = await post('verify', { plan_id: p.body.plan_id });
    expect(v.status).toBe(200);
    expect(v.body.ok, JSON.stringify(v.body.issues)).toBe(true);
    expect(v.body.issues).toEqual([]);
  }, 120_000);

  it('a gated step: execute stops with nothing sent; approve by its stored id sends it exactly once', async () => {
    const steps = [
      { id: 'open', type: 'navigate', url: `${effects.url}/t/div-fetch` },
      { id: 'go', type: 'click', target: { role: 'button', name: '자세히 Details' } },
    ];
    const p = await post('plan', { intent: 'Checkout', steps });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    effects.reset();
    const e = await post('execute', { plan_id: p.body.plan_id });
    expect(e.body.status).toBe('awaiting_approval');
    expect(e.body.approval).toMatchObject({ step_id: 'go', approval_id: expect.any(String) });
    expect(effects.changes()).toEqual([]);
    // running it again while the approval is pending still sends nothing
    expect((await post('execute', { plan_id: p.body.plan_id })).body.status).toBe('awaiting_approval');
    expect(effects.changes()).toEqual([]);
    const wrong = await post('approve', { plan_id: p.body.plan_id, action: 'approve', approval_id: 'not-an-approval' });
    expect(wrong.status).toBe(409);
    expect(effects.changes()).toEqual([]);
    const a = await post('approve', { plan_id: p.body.plan_id, action: 'approve', approval_id: e.body.approval.approval_id });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.status).toBe('completed');
    expect(effects.changes()).toHaveLength(1);
    // the approval is spent: approving again and running again send nothing more
    expect((await post('approve', { plan_id: p.body.plan_id, action: 'approve', approval_id: e.body.approval.approval_id })).status).toBe(
      409,
    );
    await post('execute', { plan_id: p.body.plan_id });
    expect(effects.changes()).toHaveLength(1);
  }, 120_000);

  it('a payment is handed to the person: the API cannot grant it, nothing is sent', async () => {
    const steps = [
      { id: 'open', type: 'navigate', url: `${effects.url}/t/continue-pays` },
      { id: 'go', type: 'click', target: { role: 'button', name: 'Continue' } },
    ];
    const p = await post('plan', { intent: 'Checkout', steps });
    effects.reset();
    const e = await post('execute', { plan_id: p.body.plan_id });
    expect(e.body.status).toBe('awaiting_approval');
    expect(e.body.approval).toMatchObject({ step_id: 'go', mode: 'hand_over' });
    const a = await post('approve', { plan_id: p.body.plan_id, action: 'approve' });
    expect(a.status).toBe(409);
    expect(a.body.error.code).toBe('APPROVAL_REQUIRED');
    expect(effects.changes()).toEqual([]);
  }, 120_000);

  it('a refused step never reaches the site', async () => {
    const steps = [
      { id: 'open', type: 'navigate', url: `${effects.url}/t/gyeolje-pays` },
      { id: 'go', type: 'click', target: { role: 'button', name: '결제' } },
    ];
    const p = await post('plan', { intent: 'Checkout', steps });
    effects.reset();
    const e = await post('execute', { plan_id: p.body.plan_id });
    expect(e.body.status).toBe('awaiting_approval');
    const r = await post('approve', { plan_id: p.body.plan_id, action: 'reject', reason: 'not now' });
    expect(r.body.status).toBe('rejected');
    expect(effects.changes()).toEqual([]);
    const v = await post('verify', { plan_id: p.body.plan_id });
    expect(v.body.ok).toBe(false);
  }, 120_000);
});
