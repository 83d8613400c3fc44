/**
 * The daemon's own lock (one daemon per CDT_HOME). A lock whose holder is dead or whose pid now
 * names another process is broken at once. A holder that is alive counts only if it is a daemon:
 * it answers a ping on the socket with its pid (and the nonce it wrote in the lock), or it is a
 * daemon process of this CDT_HOME that has not started listening yet. Any other live process — an unrelated
 * program that got the pid after a reboot — does not hold the lock, and it is taken over.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { callDaemon } from './client.ts';
import { breakLock, holderAlive, type LockHolder, readLock, tryLock } from './lock.ts';
import type { CdtPaths } from './paths.ts';
import { isDaemonProcess } from './processes.ts';

const PING_MS = 2000;

export type DaemonLockResult = { taken: true } | { taken: false; holder?: LockHolder; why: string };

/** Whether the daemon at the socket answers a ping as the holder of this lock. */
async function answersAs(holder: LockHolder, env: NodeJS.ProcessEnv): Promise<boolean> {
  try {
    const res = await callDaemon({ id: 'lock-check', op: 'ping' }, { env, timeoutMs: PING_MS, start: false });
    if (!res.envelope.ok) return false;
    const data = res.envelope.data as { pid?: unknown; nonce?: unknown };
    return data.pid === holder.pid && (holder.nonce === undefined || data.nonce === holder.nonce);
  } catch {
    return false;
  }
}

export async function takeDaemonLock(paths: CdtPaths, nonce: string, env: NodeJS.ProcessEnv = process.env): Promise<DaemonLockResult> {
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryLock(paths.lockFile, { nonce })) return { taken: true };
    const holder = readLock(paths.lockFile);
    if (!holder || !holderAlive(holder)) continue;
    if (await answersAs(holder, env)) return { taken: false, holder, why: `daemon ${holder.pid} answers on ${paths.socket}` };
    if (isDaemonProcess(holder.pid) && servesHome(holder.pid, paths.home)) {
      return { taken: false, holder, why: `daemon process ${holder.pid} holds the lock (starting, or not answering)` };
    }
    process.stderr.write(
      `[${new Date().toISOString()}] daemon ${process.pid}: lock held by pid ${holder.pid}, not a cdt daemon: taking it over\n`,
    );
    breakLock(paths.lockFile, holder.raw, attempt);
  }
  const holder = readLock(paths.lockFile);
  return { taken: false, holder, why: `the lock changed hands during five attempts (now ${holder?.pid ?? 'none'})` };
}

/** Whether a daemon process serves this CDT_HOME (from its environment; true when that cannot be read). */
function servesHome(pid: number, home: string): boolean {
  let environ: string;
  try {
    environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
  } catch {
    return true;
  }
  const env: NodeJS.ProcessEnv = {};
  for (const entry of environ.split('\0')) {
    const eq = entry.indexOf('=');
    if (eq > 0) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  const theirs = env.CDT_HOME?.trim() || (env.HOME ? join(env.HOME, '.cdt') : undefined);
  return theirs === undefined || resolve(theirs) === resolve(home);
}

/** After listening: is the lock still ours (a racing taker could have broken it in the same instant)? */
export function stillHolds(paths: CdtPaths, nonce: string): boolean {
  const h = readLock(paths.lockFile);
  return h?.pid === process.pid && h.nonce === nonce;
}
