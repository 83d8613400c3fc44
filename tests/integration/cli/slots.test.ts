/**
 * Browser slots: callers beyond the limit wait in line and get a slot as one is freed (a small
 * limit here, four callers); a wait that runs out says how long it waited and what to do; the
 * default limit comes from the machine's memory and `cdt session status` shows how; and the tree
 * under CDT_HOME, browsers' profiles included, is readable by its owner only.
 */
import { spawn } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CDT, cdt, cdtEnv, makeHome, NODE, stopDaemon, waitFor } from './helpers.ts';

const home = makeHome();
const env = { CDT_MAX_SLOTS: '2' };
afterAll(() => stopDaemon(home), 60_000);

async function daemonStatus() {
  return (await cdt(home, ['daemon', 'status'])).json.data;
}

/** Every path under `dir` (symlinks not followed) whose mode lets group or others in. */
function openToOthers(dir: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(p);
    } catch {
      return; // removed while walking (a browser's temporary file)
    }
    if (st.isSymbolicLink()) return;
    if (st.mode & 0o077) out.push(`${p} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const name of readdirSync(p)) walk(join(p, name));
  };
  walk(dir);
  return out;
}

describe('waiting for a browser slot', () => {
  it('four callers on two slots: two wait in line and run when slots are freed', async () => {
    const calls = [0, 1, 2, 3].map((i) => cdt(home, ['page', 'list', '--timeout', '120000'], { ...env, CDT_CONTEXT_ID: `c${i}` }));
    const queued = await waitFor('two running, two waiting', async () => {
      const d = await daemonStatus();
      return d.daemon && d.contexts.length === 2 && d.daemon.waitingForSlot === 2 ? d : undefined;
    });
    expect(queued.daemon.maxSlots).toBe(2);
    // Free both slots; the two waiting calls then get them.
    for (const c of queued.contexts as Array<{ label: string }>) {
      const id = c.label.replace('CDT_CONTEXT_ID=', '');
      expect((await cdt(home, ['session', 'stop'], { ...env, CDT_CONTEXT_ID: id })).code).toBe(0);
    }
    const results = await Promise.all(calls);
    for (const r of results) expect(r.code, r.stdout + r.stderr).toBe(0);
    const after = await daemonStatus();
    expect(after.contexts).toHaveLength(2);
    expect(after.daemon.waitingForSlot).toBe(0);
  }, 180_000);

  it('a wait that runs out says how long it waited and what to do', async () => {
    expect((await daemonStatus()).contexts).toHaveLength(2);
    const r = await cdt(home, ['page', 'list', '--timeout', '1500'], { ...env, CDT_CONTEXT_ID: 'late' });
    expect(r.code).toBe(5);
    expect(r.json.error.code).toBe('SLOT_LIMIT_REACHED');
    expect(r.json.error.message).toMatch(/^Waited \d+\.\d s for a browser slot; all 2 stayed in use/);
    expect(r.json.error.details.waitedMs).toBeGreaterThanOrEqual(1500);
    expect(r.json.error.suggestions).toEqual(expect.arrayContaining(['cdt session status --all', 'cdt session stop --context-id <id>']));
    expect(r.json.error.suggestions.some((s: string) => s.includes('--timeout'))).toBe(true);
  }, 60_000);

  it('a caller that goes away leaves the line', async () => {
    const child = spawn(NODE, [CDT, 'page', 'list', '--timeout', '120000'], {
      env: cdtEnv(home, { CDT_CONTEXT_ID: 'quitter' }),
      stdio: 'ignore',
    });
    await waitFor('the caller waits', async () => (await daemonStatus()).daemon.waitingForSlot === 1);
    child.kill('SIGKILL');
    await waitFor('the line is empty', async () => (await daemonStatus()).daemon.waitingForSlot === 0);
  }, 60_000);

  it('everything under CDT_HOME, browser profiles included, is private (0700 directories, 0600 files)', () => {
    expect(readdirSync(join(home, 'contexts')).length).toBe(2);
    expect(openToOthers(home)).toEqual([]);
  });
});

describe('the default number of slots', () => {
  it('comes from the machine memory and is shown by cdt session status', async () => {
    const other = makeHome();
    try {
      const r = await cdt(other, ['session', 'status'], { CDT_CONTEXT_ID: 'sizing' });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      const { maxSlots, slotSizing } = r.json.data.daemon;
      const mb = totalmem() / 1024 / 1024;
      expect(slotSizing).toMatchObject({ source: 'memory', perSlotMb: 256, totalMemoryMb: Math.round(mb) });
      expect(slotSizing.formula).toContain('total memory');
      expect(maxSlots).toBe(Math.min(64, Math.max(4, Math.floor((mb * 0.5) / 256))));
      // Ten agents at once fit by default on any machine with 5 GB or more.
      if (mb >= 5 * 1024) expect(maxSlots).toBeGreaterThanOrEqual(10);
    } finally {
      await stopDaemon(other);
    }
  });

  it('CDT_MAX_SLOTS overrides it, and says so', async () => {
    const s = (await cdt(home, ['session', 'status'], { CDT_CONTEXT_ID: 'c0' })).json.data.daemon;
    expect(s.slotSizing.source).toBe('CDT_MAX_SLOTS');
    expect(s.maxSlots).toBe(2);
  });
});

describe('a CDT_HOME the first call creates', () => {
  it('is private from the start, before the daemon runs', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'cdt-p-'));
    const fresh = join(parent, '.cdt');
    try {
      const r = await cdt(fresh, ['session', 'status'], { CDT_CONTEXT_ID: 'fresh' });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(openToOthers(fresh)).toEqual([]);
    } finally {
      await stopDaemon(fresh);
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
