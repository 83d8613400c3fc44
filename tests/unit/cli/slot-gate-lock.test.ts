/** Slot permits (first come, first served; timeout; leaving the line) and lock identity (pid plus start time). */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readProcess } from '../../../src/cli/caller.ts';
import { readLock, tryLock, unlock } from '../../../src/cli/daemon/lock.ts';
import { SlotGate } from '../../../src/cli/daemon/slot/gate.ts';
import { slotSizing, slotsForMemory } from '../../../src/cli/daemon/slot/sizing.ts';

describe('SlotGate', () => {
  const never = { waitMs: 60_000, onTimeout: () => new Error('timeout') };

  it('grants at once up to capacity, then in arrival order as permits are released', async () => {
    const gate = new SlotGate(2);
    const a = await gate.acquire(never);
    await gate.acquire(never);
    const order: string[] = [];
    const c = gate.acquire(never).then((r) => {
      order.push('c');
      return r;
    });
    const d = gate.acquire(never).then((r) => {
      order.push('d');
      return r;
    });
    expect(gate.waiting).toBe(2);
    a();
    a(); // a second release of the same permit frees nothing more
    const releaseC = await c;
    expect(order).toEqual(['c']);
    expect(gate.used).toBe(2);
    releaseC();
    await d;
    expect(order).toEqual(['c', 'd']);
    expect(gate.waiting).toBe(0);
  });

  it('a wait that runs out fails with the error it was given, told how long it waited', async () => {
    const gate = new SlotGate(1);
    await gate.acquire(never);
    const e = await gate.acquire({ waitMs: 30, onTimeout: (ms) => new Error(`waited ${ms >= 30 ? 'enough' : ms}`) }).catch((x) => x);
    expect((e as Error).message).toBe('waited enough');
    expect(gate.waiting).toBe(0);
  });

  it('an aborted waiter leaves the line', async () => {
    const gate = new SlotGate(1);
    const first = await gate.acquire(never);
    const abort = new AbortController();
    const left = gate.acquire({ ...never, signal: abort.signal }).catch(() => 'left');
    const next = gate.acquire(never);
    abort.abort();
    expect(await left).toBe('left');
    first();
    await next;
    expect(gate.used).toBe(1);
  });
});

describe('slot sizing', () => {
  it('half the memory at 256 MB a slot, between 4 and 64; CDT_MAX_SLOTS overrides', () => {
    const gb = 1024 ** 3;
    expect(slotsForMemory(1 * gb)).toBe(4);
    expect(slotsForMemory(8 * gb)).toBe(16);
    expect(slotsForMemory(24 * gb)).toBe(48);
    expect(slotsForMemory(256 * gb)).toBe(64);
    expect(slotSizing({}, 8 * gb)).toMatchObject({ maxSlots: 16, source: 'memory', totalMemoryMb: 8192 });
    expect(slotSizing({ CDT_MAX_SLOTS: '3' }, 8 * gb)).toMatchObject({ maxSlots: 3, source: 'CDT_MAX_SLOTS' });
  });
});

describe('lock identity', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cdt-lock-'));
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  const live = async () => {
    const c = spawn('sleep', ['60'], { stdio: 'ignore' });
    children.push(c);
    const pid = c.pid as number;
    for (let i = 0; i < 50 && readProcess(pid)?.comm !== 'sleep'; i++) await new Promise((r) => setTimeout(r, 20));
    return pid;
  };

  it('writes pid, start time and nonce; unlock removes only its own lock', () => {
    const path = join(dir, 'own.lock');
    expect(tryLock(path, { nonce: 'n1' })).toBe(true);
    const h = readLock(path);
    expect(h).toMatchObject({ pid: process.pid, startTime: readProcess(process.pid)?.startTime, nonce: 'n1' });
    unlock(path, process.pid + 1);
    expect(readLock(path)).toBeDefined();
    unlock(path);
    expect(readLock(path)).toBeUndefined();
  });

  it('a live holder with its true start time keeps the lock', async () => {
    const pid = await live();
    const path = join(dir, 'held.lock');
    writeFileSync(path, `${pid} ${readProcess(pid)?.startTime} x\n`);
    expect(tryLock(path)).toBe(false);
    expect(readFileSync(path, 'utf8').startsWith(`${pid} `)).toBe(true);
  });

  it('a live pid with another start time (a reused pid) does not hold it', async () => {
    const pid = await live();
    const path = join(dir, 'reused.lock');
    writeFileSync(path, `${pid} 1 x\n`);
    expect(tryLock(path)).toBe(true);
    expect(readLock(path)?.pid).toBe(process.pid);
  });

  it('a pid-only lock written before its pid started does not hold it', async () => {
    const path = join(dir, 'old.lock');
    const pid = await live();
    writeFileSync(path, String(pid));
    utimesSync(path, new Date(Date.now() - 3600_000), new Date(Date.now() - 3600_000));
    expect(tryLock(path)).toBe(true);
  });
});
