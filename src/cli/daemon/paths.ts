/** Where the broker keeps its files: one tree per user under CDT_HOME (default ~/.cdt). Light (client uses it). */
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface CdtPaths {
  home: string;
  brokerDir: string;
  pidFile: string;
  socket: string;
  lockFile: string;
  logFile: string;
  stateFile: string;
  contextsDir: string;
  locksDir: string;
}

export function cdtPaths(env: NodeJS.ProcessEnv = process.env): CdtPaths {
  const home = env.CDT_HOME?.trim() || join(homedir(), '.cdt');
  const brokerDir = join(home, 'broker');
  return {
    home,
    brokerDir,
    pidFile: join(brokerDir, 'daemon.pid'),
    socket: join(brokerDir, 'daemon.sock'),
    lockFile: join(brokerDir, 'daemon.lock'),
    logFile: join(brokerDir, 'daemon.log'),
    stateFile: join(brokerDir, 'state.json'),
    contextsDir: join(home, 'contexts'),
    locksDir: join(home, 'locks'),
  };
}

export function contextDir(paths: CdtPaths, id: string): string {
  return join(paths.contextsDir, id);
}

/**
 * Creates a directory of the tree readable by its owner only (0700), or tightens one that exists
 * with group or other access (a tree left by an older version). Nothing else may read it: the
 * socket drives browsers and the profiles hold cookies.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    if (statSync(dir).mode & 0o077) chmodSync(dir, 0o700);
  } catch {}
}

/** The broker's directories, private, before anything is written in them. */
export function ensurePrivateTree(paths: CdtPaths): void {
  ensurePrivateDir(paths.home);
  for (const dir of [paths.brokerDir, paths.contextsDir, paths.locksDir]) ensurePrivateDir(dir);
}
