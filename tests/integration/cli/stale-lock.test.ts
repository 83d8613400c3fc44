/**
 * A daemon lock left behind whose pid now names an unrelated live process (pids are reused, e.g.
 * after a reboot, while CDT_HOME persists) does not brick cdt: the next call's daemon sees that the
 * holder is not a daemon (it does not answer a ping on the socket and is not the daemon program)
 * and takes the lock over, and the unrelated process is left alone. The holder here is a real
 * `sleep` child of the test.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readProcess } from '../../../src/cli/caller.ts';
import { isAlive } from '../../../src/cli/daemon/processes.ts';
import { cdt, cdtEnv, daemonPid, makeHome, NODE, ROOT, stopDaemon, waitFor } from './helpers.ts';

const homes: string[] = [];
const sleepers: ChildProcess[] = [];
afterEach(() => {
  for (const s of sleepers.splice(0)) s.kill('SIGKILL');
});
afterAll(async () => {
  for (const h of homes) await stopDaemon(h);
}, 60_000);

function freshHome(): string {
  const h = makeHome();
  homes.push(h);
  return h;
}

function sleeper(): number {
  const s = spawn('sleep', ['600'], { stdio: 'ignore' });
  sleepers.push(s);
  return s.pid as number;
}

/** Daemon processes (the daemon program) whose environment names this CDT_HOME. */
function daemonsOf(home: string): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      const env = readFileSync(`/proc/${name}/environ`, 'utf8').split('\0');
      if (cmd.includes('daemon/main.ts') && env.includes(`CDT_HOME=${home}`)) out.push(Number(name));
    } catch {}
  }
  return out;
}

/** Leaves a crashed daemon's files: a lock naming `pid` (as `text`) and a dead socket file. */
function plantLock(home: string, text: string): void {
  writeFileSync(join(home, 'broker', 'daemon.lock'), text);
  writeFileSync(join(home, 'broker', 'daemon.sock'), '');
}

async function firstDaemon(home: string): Promise<number> {
  const r = await cdt(home, ['session', 'status'], { CDT_CONTEXT_ID: 'lock' });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  const pid = r.json.data.daemon.pid as number;
  await cdt(home, ['daemon', 'stop']);
  await waitFor('daemon stopped', () => !isAlive(pid));
  return pid;
}

describe('a daemon lock holding the pid of an unrelated live process', () => {
  it('a pid-only lock (as older versions wrote) is taken over; the process is left running', async () => {
    const home = freshHome();
    await firstDaemon(home);
    const pid = sleeper();
    plantLock(home, String(pid));
    const r = await cdt(home, ['session', 'status'], { CDT_CONTEXT_ID: 'lock' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.json.data.daemon.pid).not.toBe(pid);
    expect(isAlive(pid)).toBe(true);
    expect(readFileSync(join(home, 'broker', 'daemon.lock'), 'utf8').split(' ')[0]).toBe(String(r.json.data.daemon.pid));
  }, 60_000);

  it('a lock with the pid and its true start time is taken over too (the holder is not a daemon)', async () => {
    const home = freshHome();
    await firstDaemon(home);
    const pid = sleeper();
    await waitFor('sleep started', () => readProcess(pid)?.comm === 'sleep');
    plantLock(home, `${pid} ${readProcess(pid)?.startTime} 0123456789abcdef\n`);
    const status = await cdt(home, ['session', 'status'], { CDT_CONTEXT_ID: 'lock' });
    expect(status.code, status.stdout + status.stderr).toBe(0);
    expect(status.json.data.daemon.pid).toBe(daemonPid(home));
    expect(isAlive(pid)).toBe(true);
  }, 60_000);

  it('five first calls at once over such a lock start exactly one daemon', async () => {
    const home = freshHome();
    await firstDaemon(home);
    plantLock(home, String(sleeper()));
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => cdt(home, ['session', 'status'], { CDT_CONTEXT_ID: `race${i}` })),
    );
    for (const r of results) expect(r.code, r.stdout + r.stderr).toBe(0);
    const pids = new Set(results.map((r) => r.json.data.daemon.pid));
    expect(pids.size).toBe(1);
    // Any daemon that lost the race has exited: one daemon process for this home.
    await waitFor('one daemon left', () => daemonsOf(home).length === 1);
    expect(daemonsOf(home)).toEqual([...pids]);
  }, 90_000);

  it("a pid-only lock naming another CDT_HOME's daemon is taken over, and that daemon keeps running", async () => {
    const home = freshHome();
    const other = freshHome();
    await firstDaemon(home);
    const theirs = (await cdt(other, ['session', 'status'], { CDT_CONTEXT_ID: 'other' })).json.data.daemon.pid as number;
    plantLock(home, String(theirs));
    const r = await cdt(home, ['session', 'status'], { CDT_CONTEXT_ID: 'lock' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.json.data.daemon.pid).not.toBe(theirs);
    expect(isAlive(theirs)).toBe(true);
    expect((await cdt(other, ['session', 'status'], { CDT_CONTEXT_ID: 'other' })).json.data.daemon.pid).toBe(theirs);
  }, 60_000);

  it('a live daemon is never taken over: a second daemon program started by hand exits', async () => {
    const home = freshHome();
    const r = await cdt(home, ['session', 'status'], { CDT_CONTEXT_ID: 'lock' });
    const pid = r.json.data.daemon.pid as number;
    const second = spawnSync(NODE, [join(ROOT, 'src/cli/daemon/main.ts')], { env: cdtEnv(home), encoding: 'utf8', timeout: 30_000 });
    expect(second.status).toBe(5);
    expect(second.stderr).toMatch(/another cdt daemon holds the lock/);
    expect(isAlive(pid)).toBe(true);
    expect((await cdt(home, ['session', 'status'], { CDT_CONTEXT_ID: 'lock' })).json.data.daemon.pid).toBe(pid);
  }, 60_000);
});
