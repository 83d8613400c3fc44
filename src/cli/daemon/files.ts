/** State files written atomically (write a temp file, then rename) and lock files that know their owner. */
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { isAlive } from './processes.ts';

export function writeJsonAtomic(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(tmp, path);
}

export function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

function readPid(path: string): number | undefined {
  try {
    const n = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isFinite(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes a lock file holding our pid (O_EXCL). A lock whose pid is dead is stale: it is moved aside
 * atomically (rename to a unique name), checked, and removed, then the take is retried.
 * Returns false when a live process holds it.
 */
export function tryLock(path: string, pid = process.pid): boolean {
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(pid));
      closeSync(fd);
      return true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const holder = readPid(path);
    if (holder === pid) return true;
    if (holder !== undefined && isAlive(holder)) return false;
    if (holder === undefined) {
      // A taker may be between create and write: give it a moment before calling the lock stale.
      const seen = Date.now();
      while (Date.now() - seen < 50) {}
      const again = readPid(path);
      if (again !== undefined && isAlive(again)) return false;
    }
    const aside = `${path}.stale.${pid}.${attempt}`;
    try {
      renameSync(path, aside);
    } catch {
      continue;
    }
    const moved = readPid(aside);
    if (moved !== undefined && moved !== holder && isAlive(moved)) {
      // We moved a fresh lock someone just took: put it back and give up.
      try {
        renameSync(aside, path);
      } catch {}
      return false;
    }
    rmSync(aside, { force: true });
  }
  return false;
}

export function unlock(path: string, pid = process.pid): void {
  if (readPid(path) === pid) rmSync(path, { force: true });
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
