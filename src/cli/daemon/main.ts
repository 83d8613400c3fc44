/**
 * The broker daemon's entry (`node src/cli/daemon/main.ts`, started detached by the first call).
 * One per user (CDT_HOME): a second one finds the lock held by a live process and exits.
 * Whatever a crashed predecessor left — socket, pid file, lock, contexts with their Chromium — is cleaned first.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Broker } from './broker.ts';
import { readJson, tryLock, unlock, writeJsonAtomic } from './files.ts';
import { LeaseManager, leaseOptionsFromEnv } from './lease-manager.ts';
import { cdtPaths } from './paths.ts';
import { killProfileProcesses } from './processes.ts';
import { serveSocket } from './server.ts';

const log = (msg: string) => process.stderr.write(`[${new Date().toISOString()}] daemon ${process.pid}: ${msg}\n`);

const paths = cdtPaths();
mkdirSync(paths.brokerDir, { recursive: true, mode: 0o700 });
mkdirSync(paths.contextsDir, { recursive: true, mode: 0o700 });
mkdirSync(paths.locksDir, { recursive: true, mode: 0o700 });

if (!tryLock(paths.lockFile)) {
  log('another cdt daemon holds the lock; exiting');
  process.exit(5);
}

// We hold the lock, so any socket, pid file or context folder is left over from a crash.
rmSync(paths.socket, { force: true });
for (const name of existsSync(paths.contextsDir) ? readdirSync(paths.contextsDir) : []) {
  const dir = join(paths.contextsDir, name);
  const killed = killProfileProcesses(join(dir, 'chrome-profile'));
  const meta = readJson<{ daemonPid?: number }>(join(dir, 'metadata.json'));
  log(`removing orphan context ${name} (left by daemon ${meta?.daemonPid ?? '?'}, ${killed} browser processes killed)`);
  rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}
for (const name of readdirSync(paths.locksDir)) rmSync(join(paths.locksDir, name), { force: true });

const maxSlots = Number(process.env.CDT_MAX_SLOTS) > 0 ? Number(process.env.CDT_MAX_SLOTS) : 8;
let stopping = false;
const broker = new Broker({ paths, maxSlots, requestStop: () => void stop('cdt daemon stop') });
const leases = new LeaseManager(broker, leaseOptionsFromEnv(), () => void stop('idle with no browsers'));
const server = await serveSocket(paths.socket, (req) => broker.handle(req));
writeJsonAtomic(paths.pidFile, process.pid);
await broker.saveState();
leases.start();
log(`listening on ${paths.socket} (max ${maxSlots} slots)`);

async function stop(reason: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log(`stopping: ${reason}`);
  leases.stop();
  server.close();
  await broker.closeAll(reason);
  rmSync(paths.socket, { force: true });
  rmSync(paths.pidFile, { force: true });
  rmSync(paths.stateFile, { force: true });
  unlock(paths.lockFile);
  process.exit(0);
}

process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGHUP', () => undefined);
process.on('uncaughtException', (e) => log(`uncaught: ${e.stack ?? e.message}`));
process.on('unhandledRejection', (e) => log(`unhandled rejection: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
