/**
 * Lock files that know their owner. A lock holds `<pid> <start time> <nonce>`: the pid alone is
 * not an identity (pids are reused, e.g. after a reboot, while CDT_HOME persists), the pid with the
 * process's start time is. A lock whose holder is gone — dead, or the pid now names another
 * process — is stale: it is moved aside atomically, checked, removed, and the take retried.
 * Locks written by older versions hold only a pid; such a holder counts only if it was already
 * running when the lock was written.
 */
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { readProcess } from '../caller.ts';
import { isAlive, isSameProcessAlive, processStartMs } from './processes.ts';

export interface LockHolder {
  pid: number;
  /** The holder's start time as `readProcess` reports it (absent in locks of older versions). */
  startTime?: string;
  nonce?: string;
  /** The file's exact text (to check that a lock moved aside is the one judged stale). */
  raw: string;
  /** When the lock was written (ms since the epoch). */
  writtenAt: number;
}

export function readLock(path: string): LockHolder | undefined {
  try {
    const raw = readFileSync(path, 'utf8');
    const [pidText, startTime, nonce] = raw.trim().split(/\s+/);
    const pid = Number.parseInt(pidText ?? '', 10);
    if (!Number.isFinite(pid) || pid <= 0) return undefined;
    const known = (v: string | undefined) => (v && v !== '-' ? v : undefined);
    return { pid, startTime: known(startTime), nonce: known(nonce), raw, writtenAt: statSync(path).mtimeMs };
  } catch {
    return undefined;
  }
}

/** Is the process that wrote this lock still running (same pid and the same process)? */
export function holderAlive(h: LockHolder): boolean {
  if (!isAlive(h.pid)) return false;
  if (h.startTime) return isSameProcessAlive(h.pid, h.startTime.replace(/_/g, ' '));
  // An old pid-only lock: a process that started after the lock was written cannot have written it.
  const started = processStartMs(h.pid);
  return started === undefined || started <= h.writtenAt + 1000;
}

function lockText(pid: number, nonce: string): string {
  const self = readProcess(pid);
  return `${pid} ${self?.startTime.replace(/\s+/g, '_') || '-'} ${nonce}\n`;
}

export interface LockOptions {
  pid?: number;
  /** Written into the lock so that a ping can prove the holder is the process that took it. */
  nonce?: string;
  /** Whether a holder still counts (default: `holderAlive`). */
  isLive?: (h: LockHolder) => boolean;
}

/** Takes the lock (O_EXCL) or returns false when a live holder has it; stale locks are broken first. */
export function tryLock(path: string, opts: LockOptions = {}): boolean {
  const pid = opts.pid ?? process.pid;
  const isLive = opts.isLive ?? holderAlive;
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, lockText(pid, opts.nonce ?? '-'));
      closeSync(fd);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    let holder = readLock(path);
    if (holder?.pid === pid) return true;
    if (holder === undefined) {
      // A taker may be between create and write: give it a moment before calling the lock stale.
      const seen = Date.now();
      while (Date.now() - seen < 50) {}
      holder = readLock(path);
    }
    if (holder !== undefined && isLive(holder)) return false;
    breakLock(path, holder?.raw, attempt);
  }
  return false;
}

/**
 * Removes a lock judged stale, but only if it still holds `expectedRaw` (undefined: an empty or
 * unreadable file): it is renamed aside first, and put back (without overwriting a newer lock)
 * when someone else's fresh lock was moved by mistake.
 */
export function breakLock(path: string, expectedRaw: string | undefined, attempt = 0): void {
  const aside = `${path}.stale.${process.pid}.${attempt}.${Math.random().toString(36).slice(2)}`;
  try {
    renameSync(path, aside);
  } catch {
    return;
  }
  let moved: string | undefined;
  try {
    moved = readFileSync(aside, 'utf8');
  } catch {}
  const fresh = expectedRaw === undefined ? Boolean(moved?.trim()) : moved !== expectedRaw;
  if (fresh) {
    try {
      linkSync(aside, path);
    } catch {}
  }
  rmSync(aside, { force: true });
}

export function unlock(path: string, pid = process.pid): void {
  if (readLock(path)?.pid === pid) rmSync(path, { force: true });
}

/** Runs `fn` holding the lock at `path`, waiting (spinning briefly) while another live process holds it. */
export async function withLock<T>(path: string, fn: () => Promise<T> | T, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (!tryLock(path)) {
    if (Date.now() > until) throw new Error(`lock ${path} is held by another process`);
    await new Promise((r) => setTimeout(r, 20));
  }
  try {
    return await fn();
  } finally {
    unlock(path);
  }
}
