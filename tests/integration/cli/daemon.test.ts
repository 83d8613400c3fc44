/** The broker daemon: started by the first call, one per CDT_HOME, and recovery after kill -9 (daemon and agent). */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../../src/cli/daemon/processes.ts';
import { browsersUnder, cdt, cdtEnv, daemonPid, makeHome, NODE, ROOT, startAgent, stopDaemon, waitFor } from './helpers.ts';

const home = makeHome();
afterAll(() => stopDaemon(home), 60_000);

describe('cdt broker daemon', () => {
  beforeAll(async () => {
    const r = await cdt(home, ['page', 'list'], { CDT_CONTEXT_ID: 'first' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
  });

  it('the first call started one daemon with its pid, socket and lock under CDT_HOME', () => {
    const pid = daemonPid(home);
    expect(pid && isAlive(pid)).toBe(true);
    for (const f of ['daemon.sock', 'daemon.lock', 'state.json']) expect(existsSync(join(home, 'broker', f))).toBe(true);
  });

  it('a second daemon cannot start while the first runs', () => {
    const r = spawnSync(NODE, [join(ROOT, 'src/cli/daemon/main.ts')], { env: cdtEnv(home), encoding: 'utf8', timeout: 30_000 });
    expect(r.status).toBe(5);
    expect(r.stderr).toMatch(/another cdt daemon/);
    expect(isAlive(daemonPid(home) as number)).toBe(true);
  });

  it('after kill -9 of the daemon the next call starts a new one, removes the orphan slot and leaves no Chromium', async () => {
    const old = daemonPid(home) as number;
    const before = await cdt(home, ['session', 'status'], { CDT_CONTEXT_ID: 'first' });
    const orphan = before.json.data.context.id as string;
    expect(existsSync(join(home, 'contexts', orphan))).toBe(true);
    process.kill(old, 'SIGKILL');
    await waitFor('daemon gone', () => !isAlive(old));
    // The crash leaves the socket, pid and lock files behind.
    expect(existsSync(join(home, 'broker', 'daemon.sock'))).toBe(true);

    const after = await cdt(home, ['page', 'list'], { CDT_CONTEXT_ID: 'second' });
    expect(after.code, after.stdout + after.stderr).toBe(0);
    const fresh = daemonPid(home) as number;
    expect(fresh).not.toBe(old);
    expect(existsSync(join(home, 'contexts', orphan))).toBe(false);
    const status = await cdt(home, ['session', 'status', '--all']);
    expect(status.json.data.contexts.map((c: { label: string }) => c.label)).toEqual(['CDT_CONTEXT_ID=second']);
    await waitFor('the orphan Chromium gone', () => !browsersUnder(home).some((p) => readCmd(p).includes(orphan)));
    expect(browsersUnder(home).length).toBeGreaterThan(0);
  });

  it('when an agent process is killed with -9 its slot is closed and its files removed', async () => {
    const agent = startAgent(home, [
      ['page', 'list'],
      ['session', 'status'],
    ]);
    const [list, status] = (await agent.output)
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(list.ok).toBe(true);
    expect(status.data.context.resolvedBy).toBe('fingerprint');
    expect(status.data.session.owners[0].pid).toBe(agent.child.pid);
    const id = status.data.context.id as string;
    expect(existsSync(join(home, 'contexts', id))).toBe(true);
    expect(browsersUnder(home).some((p) => readCmd(p).includes(id))).toBe(true);
    agent.child.kill('SIGKILL');
    await waitFor('agent slot closed', async () => {
      const s = await cdt(home, ['session', 'status', '--all']);
      return !s.json.data.contexts.some((c: { id: string }) => c.id === id);
    });
    await waitFor('agent files removed', () => !existsSync(join(home, 'contexts', id)));
    await waitFor('agent Chromium gone', () => !browsersUnder(home).some((p) => readCmd(p).includes(id)));
  });

  it('five first calls at once start exactly one daemon', async () => {
    const other = makeHome();
    try {
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) => cdt(other, ['session', 'status'], { CDT_CONTEXT_ID: `race${i}` })),
      );
      for (const r of results) expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(new Set(results.map((r) => r.json.data.daemon.pid)).size).toBe(1);
      expect(results[0]?.json.data.daemon.pid).toBe(daemonPid(other));
    } finally {
      await stopDaemon(other);
    }
  });

  it('a daemon whose CDT_HOME is removed stops without writing it back', async () => {
    const other = makeHome();
    const r = await cdt(other, ['session', 'status'], { CDT_CONTEXT_ID: 'gone' });
    expect(r.code).toBe(0);
    const pid = r.json.data.daemon.pid as number;
    rmSync(other, { recursive: true, force: true });
    await waitFor('daemon exit', () => !isAlive(pid));
    expect(existsSync(other)).toBe(false);
  });

  it('a stale lock with a dead pid does not stop a new daemon', async () => {
    await stopDaemonOnly();
    writeFileSync(join(home, 'broker', 'daemon.lock'), '999999');
    writeFileSync(join(home, 'broker', 'daemon.sock'), '');
    const r = await cdt(home, ['session', 'status'], { CDT_CONTEXT_ID: 'third' });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.json.data.running).toBe(false);
  });
});

function readCmd(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

async function stopDaemonOnly(): Promise<void> {
  const pid = daemonPid(home) as number;
  await cdt(home, ['daemon', 'stop']);
  await waitFor('daemon stopped', () => !isAlive(pid));
  expect(browsersUnder(home)).toEqual([]);
}
