import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readProcess } from '../../../src/cli/caller.ts';
import type { Broker } from '../../../src/cli/daemon/broker.ts';
import { LeaseManager } from '../../../src/cli/daemon/lease-manager.ts';
import { CommandQueue, withDeadline } from '../../../src/cli/daemon/queue.ts';

describe('per-context command queue', () => {
  it('runs mutating commands one at a time, in arrival order, even when earlier ones fail', async () => {
    const q = new CommandQueue();
    const log: string[] = [];
    let running = 0;
    const job = (name: string, ms: number, fail = false) =>
      q.serial(async () => {
        running++;
        expect(running).toBe(1);
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${name}`);
        running--;
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([job('a', 30), job('b', 1, true), job('c', 10)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(q.pending).toBe(0);
  });

  it('a command past its deadline frees the queue with the deadline error', async () => {
    const q = new CommandQueue();
    const stuck = q.serial(() => withDeadline(new Promise(() => undefined), 20, () => new Error('deadline')));
    await expect(stuck).rejects.toThrow('deadline');
    await expect(q.serial(async () => 'next')).resolves.toBe('next');
  });
});

describe('leases', () => {
  type FakeSlot = {
    opts: { id: string; shortLived: boolean; resolvedBy: string };
    queue: { pending: number };
    owners: Map<string, { pid: number; startTime: string }>;
    lastUsedAt: number;
  };
  function brokerWith(slots: FakeSlot[]) {
    const closed: Array<[string, string]> = [];
    const map = new Map(slots.map((s) => [s.opts.id, s]));
    const broker = {
      slots: map,
      lastActivity: 0,
      handled: 1,
      startedAt: 0,
      opts: { paths: { home: process.cwd() } },
      async closeSlot(id: string, reason: string) {
        closed.push([id, reason]);
        return map.delete(id);
      },
    };
    return { broker: broker as unknown as Broker, closed };
  }
  const slot = (
    id: string,
    resolvedBy: string,
    lastUsedAt: number,
    owners: Array<{ pid: number; startTime: string }> = [],
    shortLived = false,
  ): FakeSlot => ({
    opts: { id, shortLived, resolvedBy },
    queue: { pending: 0 },
    owners: new Map(owners.map((o) => [`${o.pid}:${o.startTime}`, o])),
    lastUsedAt,
  });

  it('closes idle slots after their lease, fallback ones sooner, and slots whose owner process is gone', async () => {
    const dead = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    const facts = readProcess(dead.pid as number);
    dead.kill('SIGKILL');
    await new Promise((r) => dead.once('exit', r));
    const me = readProcess(process.pid);
    const now = 1_000_000;
    const { broker, closed } = brokerWith([
      slot('fresh', 'env', now - 1000),
      slot('idle', 'env', now - 20_000),
      slot('fallback', 'fallback', now - 6000, [], true),
      slot('orphan', 'fingerprint', now, [{ pid: dead.pid as number, startTime: facts?.startTime ?? '0' }]),
      slot('owned', 'fingerprint', now, [{ pid: process.pid, startTime: me?.startTime ?? '0' }]),
      slot('env-owner-gone', 'env', now, [{ pid: dead.pid as number, startTime: facts?.startTime ?? '0' }]),
    ]);
    let daemonIdle = false;
    const leases = new LeaseManager(broker, { idleMs: 10_000, fallbackIdleMs: 5000, sweepMs: 1000, daemonIdleMs: 1 }, () => {
      daemonIdle = true;
    });
    await leases.sweep(now);
    expect(Object.fromEntries(closed)).toEqual({ idle: 'lease expired', fallback: 'lease expired', orphan: 'owner process gone' });
    expect(daemonIdle).toBe(false);
  });

  it('an idle daemon without slots asks to stop', async () => {
    const { broker } = brokerWith([]);
    let daemonIdle = false;
    await new LeaseManager(broker, { idleMs: 1, fallbackIdleMs: 1, sweepMs: 1000, daemonIdleMs: 10 }, () => {
      daemonIdle = true;
    }).sweep(Date.now());
    expect(daemonIdle).toBe(true);
  });
});
