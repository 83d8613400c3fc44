/**
 * The CLI side of the broker: connect to the Unix socket, start the daemon detached when nobody
 * answers, send one JSON line, read one JSON line. Light: node:net, node:fs and child_process only.
 */
import { spawn } from 'node:child_process';
import { openSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LineReader } from './line-reader.ts';
import { holderAlive, readLock, tryLock, unlock } from './lock.ts';
import { cdtPaths, ensurePrivateDir } from './paths.ts';
import type { DaemonRequest, DaemonResponse } from './protocol.ts';

export class DaemonConnectionError extends Error {
  readonly reason: string;
  constructor(message: string, reason: string) {
    super(message);
    this.reason = reason;
  }
}

const DAEMON_ENTRY = new URL('./main.ts', import.meta.url).pathname;

function openSocket(path: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(path);
    s.once('connect', () => {
      s.removeAllListeners('error');
      resolve(s);
    });
    s.once('error', reject);
  });
}

/** Starts the broker detached from this process (its output goes to CDT_HOME/broker/daemon.log). */
export function spawnDaemon(env: NodeJS.ProcessEnv = process.env): void {
  const paths = cdtPaths(env);
  ensurePrivateDir(paths.home);
  ensurePrivateDir(paths.brokerDir);
  const log = openSync(paths.logFile, 'a', 0o600);
  // NODE_COMPILE_CACHE: the daemon's (large) module graph is stripped and compiled once, not at every start.
  const childEnv = { ...env, NODE_COMPILE_CACHE: env.NODE_COMPILE_CACHE ?? join(tmpdir(), 'node-compile-cache') };
  const child = spawn(process.execPath, [DAEMON_ENTRY], { detached: true, stdio: ['ignore', log, log], env: childEnv });
  child.unref();
}

async function connectOrStart(env: NodeJS.ProcessEnv, waitMs: number, start: boolean): Promise<Socket> {
  const { socket } = cdtPaths(env);
  try {
    return await openSocket(socket);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ECONNREFUSED')
      throw new DaemonConnectionError(`cannot reach the cdt daemon at ${socket}: ${code}`, String(code));
    if (!start) throw new DaemonConnectionError(`no cdt daemon is running under ${cdtPaths(env).home}`, 'not-running');
  }
  // Only one waiting caller spawns (spawn.lock): a crowd of first calls starts one daemon, not a crowd
  // of daemons that would lose the daemon lock now and might win it later, after that daemon stopped.
  const paths = cdtPaths(env);
  const spawnLock = join(paths.brokerDir, 'spawn.lock');
  const until = Date.now() + waitMs;
  let spawned = false;
  let delay = 10;
  let last = '';
  try {
    while (Date.now() < until) {
      if (!spawned) {
        try {
          ensurePrivateDir(paths.home);
          ensurePrivateDir(paths.brokerDir);
          if (tryLock(spawnLock)) {
            spawned = true;
            spawnDaemon(env);
          }
        } catch (e) {
          throw new DaemonConnectionError(`cannot start the cdt daemon under ${paths.home}: ${(e as Error).message}`, 'spawn');
        }
      }
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 200);
      try {
        return await openSocket(socket);
      } catch (e) {
        last = String((e as NodeJS.ErrnoException).code ?? e);
      }
    }
  } finally {
    if (spawned) unlock(spawnLock);
  }
  // Name a holder that keeps the lock without answering (only a daemon process is let keep it).
  const holder = readLock(paths.lockFile);
  const stuck =
    holder && holderAlive(holder)
      ? `; daemon process ${holder.pid} holds ${paths.lockFile} but does not answer (if it is stuck: kill ${holder.pid})`
      : '';
  throw new DaemonConnectionError(`the cdt daemon did not start within ${waitMs} ms (${last})${stuck}; see ${paths.logFile}`, last);
}

/** Sends one request and waits for its answer. */
export async function callDaemon(
  req: DaemonRequest,
  opts: { env?: NodeJS.ProcessEnv; timeoutMs: number; startWaitMs?: number; start?: boolean },
): Promise<DaemonResponse> {
  const env = opts.env ?? process.env;
  const sock = await connectOrStart(env, opts.startWaitMs ?? 15_000, opts.start ?? true);
  return new Promise((resolve, reject) => {
    // Answers can be large (a snapshot): read in linear time, whatever the chunking.
    const reader = new LineReader(Number.MAX_SAFE_INTEGER);
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      sock.destroy();
      fn();
    };
    const timer = setTimeout(
      () => finish(() => reject(new DaemonConnectionError(`no answer from the cdt daemon within ${opts.timeoutMs} ms`, 'timeout'))),
      opts.timeoutMs,
    );
    sock.on('data', (chunk: Buffer) => {
      const line = reader.push(chunk).lines[0];
      if (line === undefined) return;
      finish(() => {
        try {
          resolve(JSON.parse(line) as DaemonResponse);
        } catch {
          reject(new DaemonConnectionError('the cdt daemon sent a line that is not JSON', 'protocol'));
        }
      });
    });
    sock.on('error', (e) => finish(() => reject(new DaemonConnectionError(`lost the cdt daemon: ${e.message}`, 'closed'))));
    sock.on('close', () =>
      finish(() => reject(new DaemonConnectionError('the cdt daemon closed the connection before answering', 'closed'))),
    );
    sock.write(`${JSON.stringify(req)}\n`);
  });
}
