import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFile, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaunchedBrowser, launchChromium } from '../../../src/main/browser/transport/launch.ts';
import { openStore } from '../../../src/main/store/index.ts';
import { type FixtureSites, startFixtureSites } from '../../fixtures/sites/server.ts';
import { flightSearchSteps, plan } from './site-plans.ts';

const NODE = join(process.cwd(), 'node_modules/.bin/node');
const read = promisify(readFile);
let sites: FixtureSites;
let browser: LaunchedBrowser;
let ws: string;
let dir: string;

beforeAll(async () => {
  sites = await startFixtureSites({ apiDelayMs: 50 });
  browser = launchChromium({ extraArgs: ['--remote-debugging-port=0'] });
  for (let i = 0; i < 400 && !ws; i++) {
    const [port, path] = (await read(join(browser.userDataDir, 'DevToolsActivePort'), 'utf8').catch(() => '')).split('\n');
    if (port && path) ws = `ws://127.0.0.1:${port}${path}`;
    else await new Promise((r) => setTimeout(r, 50));
  }
  dir = mkdtempSync(join(tmpdir(), 'steward-kill-'));
});
afterAll(async () => {
  await browser?.session.close();
  await sites?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs the engine child; kills it with SIGKILL after `killAfter` acknowledged events (or lets it finish). */
function runChild(args: string[], killAfter?: number): Promise<{ acked: string[]; done?: string; killed: boolean }> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(NODE, ['tests/integration/engine/engine-child.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const acked: string[] = [];
    let done: string | undefined;
    let buf = '';
    let stderr = '';
    child.stderr?.on('data', (d) => {
      stderr += String(d);
    });
    child.stdout?.on('data', (d) => {
      buf += String(d);
      let nl = buf.indexOf('\n');
      while (nl >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line.startsWith('ACK ')) acked.push(line.split(' ')[1] as string);
        if (line.startsWith('DONE ')) done = line.slice(5);
        if (killAfter !== undefined && acked.length >= killAfter && child.exitCode === null) child.kill('SIGKILL');
        nl = buf.indexOf('\n');
      }
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (!done && signal !== 'SIGKILL') reject(new Error(`engine child failed: ${stderr.slice(-2000)}`));
      else resolve({ acked, ...(done ? { done } : {}), killed: signal === 'SIGKILL' });
    });
  });
}

describe('kill -9 of the engine during execution', () => {
  it('keeps the database intact, loses no acknowledged event, and resumes the session', async () => {
    const db = join(dir, 'steward.db');
    const planFile = join(dir, 'plan.json');
    const steps = flightSearchSteps(sites.urls.flights);
    writeFileSync(
      planFile,
      JSON.stringify(plan('FlightSearch', steps, [{ rule: 'results_exist', step: 'rows', min_rows: 1 }], 'plan-kill')),
    );
    const args = [db, ws, planFile, 'kill-session', join(dir, 'artifacts')];
    const acked: string[] = [];
    let kills = 0;
    // kill at different points, again and again, until the plan has finished
    for (let round = 0; round < 12; round++) {
      const r = await runChild(args, 2 + ((round * 5) % 7));
      acked.push(...r.acked);
      const store = openStore(db);
      try {
        expect(store.integrityCheck()).toBe('ok');
        const ids = new Set(store.events.forSession('kill-session').map((e) => e.id));
        for (const id of acked) expect(ids.has(id), `acknowledged event ${id} lost`).toBe(true);
      } finally {
        store.close();
      }
      if (r.killed) kills++;
      if (r.done) {
        expect(r.done).toMatch(/^completed/);
        break;
      }
    }
    expect(kills).toBeGreaterThanOrEqual(3);
    const final = await runChild(args); // running a finished plan again resumes past every step
    expect(final.done).toMatch(/^completed/);
    const store = openStore(db);
    try {
      const execs = store.runs.executions('plan-kill');
      expect(execs.map((e) => e.status)).toEqual(steps.map(() => 'succeeded'));
      const types = store.events.forSession('kill-session').map((e) => e.type);
      expect(types.filter((t) => t === 'plan_resumed').length).toBeGreaterThanOrEqual(kills);
      expect(store.records.verifications('kill-session').some((v) => v.ok)).toBe(true);
    } finally {
      store.close();
    }
  }, 300_000);
});
