/**
 * The broker daemon's entry (`node src/cli/daemon/main.ts`, started detached by the first call).
 * One per user (CDT_HOME): a second one finds the lock held by a live daemon and exits; a lock
 * left by a dead process, or holding a pid that now names another program, is taken over.
 * Whatever a crashed predecessor left — socket, pid file, lock, contexts with their Chromium — is cleaned first.
 * Everything the daemon and its browsers write under CDT_HOME is private (umask 077: 0700/0600).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Broker } from './broker.ts';
import { stillHolds, takeDaemonLock } from './daemon-lock.ts';
import { readJson, writeJsonAtomic } from './files.ts';
import { LeaseManager, leaseOptionsFromEnv } from './lease-manager.ts';
import { unlock } from './lock.ts';
import { cdtPaths, ensurePrivateTree } from './paths.ts';
import { killProfileProcesses } from './processes.ts';
import { serveSocket } from './server.ts';
import { slotSizing } from './slot/sizing.ts';

const log = (msg: string) => process.stderr.write(`[${new Date().toISOString()}] daemon ${process.pid}: ${msg}\n`);

process.umask(0o077);
const paths = cdtPaths();
ensurePrivateTree(paths);

const nonce = randomBytes(12).toString('hex');
const lock = await takeDaemonLock(paths, nonce);
if (!lock.taken) {
  log(`another cdt daemon holds the lock (${lock.why}); exiting`);
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

const sizing = slotSizing();
let stopping = false;
const leaseOptions = leaseOptionsFromEnv();
const broker = new Broker({ paths, sizing, nonce, leases: leaseOptions, requestStop: () => void stop('cdt daemon stop') });
const leases = new LeaseManager(broker, leaseOptions, () => void stop('idle with no browsers'));
const server = await serveSocket(paths.socket, (req, signal) => broker.handle(req, signal));
if (!stillHolds(paths, nonce)) {
  log('lost the lock to another daemon while starting; exiting');
  server.close();
  process.exit(5);
}
writeJsonAtomic(paths.pidFile, process.pid);
await broker.saveState();
leases.start();
log(`listening on ${paths.socket} (max ${sizing.maxSlots} slots: ${sizing.source === 'memory' ? sizing.formula : 'CDT_MAX_SLOTS'})`);

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
