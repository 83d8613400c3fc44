/**
 * `cdt plan run` end to end: the real CLI process, its own Chromium (or one attached with
 * --browser-endpoint), the real SQLite store under STEWARD_HOME, and a fixture shop whose request
 * log is the oracle for what reached the server.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlanCommand } from '../../../src/cli/plan/command.ts';
import { chromiumFlags, findChromium } from '../../../src/main/browser/chromium-path.ts';
import { openStore } from '../../../src/main/store/index.ts';
import { startPlanSite } from './fixtures/plan-site.ts';
import { CDT, NODE } from './helpers.ts';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  // biome-ignore lint/suspicious/noExplicitAny: the parsed envelope, checked field by field
  json: any;
}

const home = mkdtempSync(join(tmpdir(), 'cdt-plan-'));
const profile = mkdtempSync(join(tmpdir(), 'cdt-plan-ext-'));
let site: Awaited<ReturnType<typeof startPlanSite>>;
let browser: ChildProcess;
let endpoint: string;

/** Runs cdt with STEWARD_HOME=home; stdin is a pipe (not a terminal) that gets `input`, then ends. */
function cdtPlan(args: string[], input = ''): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(
      NODE,
      [CDT, 'plan', ...args],
      { env: { ...process.env, STEWARD_HOME: home }, timeout: 90_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        let json: unknown;
        try {
          json = JSON.parse(stdout);
        } catch {}
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr, json });
      },
    );
    child.stdin?.end(input);
  });
}

function planFile(name: string, plan: Record<string, unknown>): string {
  const path = join(home, `${name}.json`);
  writeFileSync(path, JSON.stringify(plan));
  return path;
}

const base = { intent: 'Test', created_at: '2026-12-01T09:00:00+09:00' };
const searchPlan = () => ({
  ...base,
  plan_id: 'search-lamps',
  steps: [
    { id: 'open', type: 'navigate', url: `${site.url}/` },
    { id: 'query', type: 'fill', target: { role: 'searchbox', name: 'Search' }, value: 'lamp' },
    { id: 'search', type: 'click', target: { role: 'button', name: 'Search' } },
    { id: 'shown', type: 'wait', text: 'results for' },
  ],
});
const requestPlan = () => ({
  ...base,
  plan_id: 'request-lamp',
  steps: [
    { id: 'open', type: 'navigate', url: `${site.url}/item?id=lamp-1` },
    { id: 'qty', type: 'fill', target: { label: 'Quantity' }, value: '2' },
    { id: 'send', type: 'click', target: { role: 'button', name: 'Submit request 신청하기' } },
    { id: 'shown', type: 'wait', text: 'received' },
  ],
});

const continuePlan = () => ({
  ...base,
  plan_id: 'quick-mug',
  steps: [
    { id: 'open', type: 'navigate', url: `${site.url}/quick?id=mug-1` },
    { id: 'go', type: 'click', target: { role: 'button', name: 'Continue' } },
    { id: 'shown', type: 'wait', text: 'received' },
  ],
});

beforeAll(async () => {
  site = await startPlanSite();
  browser = spawn(findChromium() as string, [...chromiumFlags({ userDataDir: profile }), '--remote-debugging-port=0', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  endpoint = await new Promise<string>((resolve, reject) => {
    let buf = '';
    browser.stderr?.setEncoding('utf8');
    browser.stderr?.on('data', (c: string) => {
      buf += c;
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(buf);
      if (m) resolve(m[1] as string);
    });
    browser.once('exit', () => reject(new Error(`chromium exited: ${buf}`)));
  });
});
afterAll(async () => {
  browser?.kill('SIGKILL');
  await site?.close();
  rmSync(home, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}, 60_000);

describe('cdt plan run', () => {
  it('refuses a bad plan before any browser starts: exit 2 naming the field paths', async () => {
    const bad = planFile('bad', {
      ...base,
      plan_id: 'bad',
      steps: [
        { id: 'x', type: 'click' },
        { id: 'y', type: 'navigate', url: 'nope' },
      ],
    });
    const r = await cdtPlan(['run', bad]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.json.ok).toBe(false);
    expect(r.json.error.code).toBe('VALIDATION_ERROR');
    expect(r.json.error.details.paths).toEqual(expect.arrayContaining(['steps.0.target', 'steps.1.url']));
    expect(r.json.error.suggestions.join(' ')).toContain('steps.0.target');

    const missing = await cdtPlan(['run', join(home, 'no-such-plan.json')]);
    expect([missing.code, missing.json.error.code]).toEqual([2, 'USAGE_ERROR']);
    const notJson = join(home, 'broken.json');
    writeFileSync(notJson, '{"plan_id": ');
    const broken = await cdtPlan(['run', notJson]);
    expect([broken.code, broken.json.error.code]).toEqual([2, 'USAGE_ERROR']);
    expect(broken.json.error.message).toContain('not valid JSON');
    const flag = await cdtPlan(['run', notJson, '--approve', 'maybe']);
    expect([flag.code, flag.json.error.code]).toEqual([2, 'USAGE_ERROR']);
    expect(site.log).toEqual([]);
  });

  it('runs a plan without gated steps in an attached browser: completed, exit 0, the tab shows the results', async () => {
    const r = await cdtPlan(['run', planFile('search', searchPlan()), '--browser-endpoint', endpoint]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toMatchObject({ ok: true, data: { status: 'completed', approvals: [], browser: { endpoint } } });
    expect(r.json.data.steps.map((s: { status: string }) => s.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded']);
    expect(r.stdout.trim().split('\n')).toHaveLength(1); // progress went to stderr
    expect(r.stderr).toContain('completed');
    expect(site.log.map((l) => `${l.method} ${l.path}`)).toContain('GET /search?q=lamp');
    // the oracle is the page itself, read over a separate CDP connection
    const pw = await chromium.connectOverCDP(endpoint);
    try {
      const tab = pw
        .contexts()
        .flatMap((c) => c.pages())
        .find((p) => p.url().includes('/search?q=lamp'));
      expect(await tab?.locator('#count').textContent()).toBe('2 results for lamp');
      expect(await tab?.locator('#results li a').allTextContents()).toEqual(['Desk lamp', 'Floor lamp']);
    } finally {
      await pw.close().catch(() => undefined);
    }
  });

  it('with approvals refused (--approve never, the non-terminal default, or unanswered) the gated POST never reaches the server', async () => {
    const file = planFile('request', requestPlan());
    const never = await cdtPlan(['run', file, '--approve', 'never']);
    expect(never.code, never.stderr).toBe(5);
    expect(never.json).toMatchObject({ ok: false, error: { code: 'APPROVAL_DENIED' }, data: { status: 'rejected', stopped_at: 'send' } });
    expect(never.json.data.approvals).toMatchObject([{ step_id: 'send', status: 'denied', decided_by: 'cli:--approve never' }]);
    expect(never.json.data.steps.map((s: { status: string }) => s.status)).toEqual(['succeeded', 'succeeded', 'denied', 'not_run']);

    const byDefault = await cdtPlan(['run', file, '--browser-endpoint', endpoint]);
    expect(byDefault.code, byDefault.stderr).toBe(5);
    expect(byDefault.json.data).toMatchObject({ status: 'rejected', approve: 'never', approve_defaulted: true });

    const unanswered = await cdtPlan(['run', file, '--approve', 'ask', '--browser-endpoint', endpoint]);
    expect(unanswered.code, unanswered.stderr).toBe(5);
    expect(unanswered.json).toMatchObject({
      error: { code: 'APPROVAL_REQUIRED' },
      data: { status: 'awaiting_approval', stopped_at: 'send' },
    });
    expect(unanswered.json.data.approvals).toMatchObject([{ step_id: 'send', status: 'pending' }]);
    expect(unanswered.stderr).toContain('Approve?');

    expect(site.log.filter((l) => l.path.startsWith('/item'))).toHaveLength(3); // each run got as far as the page
    expect(site.stateChanges()).toEqual([]);
  });

  it('--approve all never grants a hand-over: the run stops awaiting the person', async () => {
    const plan = {
      ...base,
      plan_id: 'pay-by-hand',
      steps: [{ id: 'pay', type: 'approve', kind: 'payment', summary: 'Pay ₩39,000', approval: { kind: 'payment', mode: 'hand_over' } }],
    };
    const r = await cdtPlan(['run', planFile('pay', plan), '--approve', 'all', '--browser-endpoint', endpoint]);
    expect(r.code, r.stderr).toBe(5);
    expect(r.json).toMatchObject({ error: { code: 'APPROVAL_REQUIRED' }, data: { status: 'awaiting_approval', stopped_at: 'pay' } });
    expect(r.json.data.approvals).toMatchObject([{ step_id: 'pay', mode: 'hand_over', status: 'pending', decided_by: null }]);
  });

  it('asks on the terminal by default when stdin is one; the answer "no <reason>" is recorded and nothing is sent', async () => {
    const before = site.stateChanges().length;
    const stdin = Object.assign(new PassThrough(), { isTTY: true });
    stdin.end('no not today\n');
    const [stdout, stderr] = [new PassThrough(), new PassThrough()];
    let [out, err] = ['', ''];
    stdout.on('data', (c: Buffer) => (out += c.toString()));
    stderr.on('data', (c: Buffer) => (err += c.toString()));
    const file = planFile('request', requestPlan());
    const code = await runPlanCommand(['run', file, '--store', join(home, 'steward.db'), '--browser-endpoint', endpoint], {
      stdin,
      stdout,
      stderr,
    });
    const env = JSON.parse(out);
    expect(code, err).toBe(5);
    expect(env.data).toMatchObject({ status: 'rejected', approve: 'ask', approve_defaulted: true });
    expect(env.data.approvals).toMatchObject([{ step_id: 'send', decided_by: 'cli:terminal', reason: 'not today', status: 'denied' }]);
    expect(err).toContain('Approve?');
    expect(site.stateChanges().length).toBe(before);
  });

  it('--approve all sends the request exactly once and records the approval; a bundle of that run replays with an answer on stdin', async () => {
    const before = site.stateChanges().length;
    const r = await cdtPlan(['run', planFile('request', requestPlan()), '--approve', 'all']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.data.status).toBe('completed');
    expect(site.stateChanges().slice(before)).toEqual([{ method: 'POST', path: '/request', body: 'item=lamp-1&qty=2' }]);

    const store = openStore(join(home, 'steward.db'));
    let bundlePath: string;
    try {
      const approvals = store.runs.approvals(r.json.data.session_id);
      expect(approvals).toMatchObject([{ step_id: 'send', action: 'submission', decided_by: 'cli:--approve all', status: 'completed' }]);
      // what the log explorer's export writes
      bundlePath = join(home, `steward-session-${r.json.data.session_id}.json`);
      writeFileSync(bundlePath, JSON.stringify(store.exportSessionBundle(r.json.data.session_id)));
    } finally {
      store.close();
    }

    const replay = await cdtPlan(['run', '--bundle', bundlePath, '--plan-id', r.json.data.plan_id, '--approve', 'ask'], 'yes\n');
    expect(replay.code, replay.stderr).toBe(0);
    expect(replay.json.data).toMatchObject({ status: 'completed', source: { kind: 'bundle', plan_id: r.json.data.plan_id } });
    expect(replay.json.data.plan_id).not.toBe(r.json.data.plan_id); // a fresh run, not a resume of the exported one
    expect(replay.json.data.approvals).toMatchObject([{ step_id: 'send', decided_by: 'cli:terminal', status: 'completed' }]);
    expect(site.stateChanges().slice(before)).toHaveLength(2);
  });

  it('a step labelled "Continue" that submits a form is gated by what it does: refused, nothing arrives; granted, it arrives once', async () => {
    const file = planFile('quick', continuePlan());
    const before = site.stateChanges().length;
    const never = await cdtPlan(['run', file, '--approve', 'never', '--browser-endpoint', endpoint]);
    expect(never.code, never.stderr).toBe(5);
    expect(never.json.data.status).toBe('rejected');
    expect(site.stateChanges().length).toBe(before);
    const all = await cdtPlan(['run', file, '--approve', 'all', '--browser-endpoint', endpoint]);
    expect(all.code, all.stderr).toBe(0);
    expect(all.json.data.approvals.map((a: { decided_by: string }) => a.decided_by)).toContain('cli:--approve all');
    expect(site.stateChanges().slice(before)).toEqual([{ method: 'POST', path: '/request', body: 'item=mug-1&qty=1' }]);
  });
});
