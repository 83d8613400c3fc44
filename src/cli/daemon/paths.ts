/** Where the broker keeps its files: one tree per user under CDT_HOME (default ~/.cdt). Light (client uses it). */
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
