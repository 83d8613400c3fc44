import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { StewardError } from '../../../shared/errors.ts';
import { CHROMIUM_MISSING_MESSAGE } from '../chromium-path.ts';
import { MessageRouter } from './message-router.ts';
import { type SpawnedChromium, type SpawnOptions, spawnChromium } from './spawn.ts';

export interface LaunchOptions extends SpawnOptions {
  /** A browser already started by spawnChromium (the other options are then ignored). */
  spawned?: SpawnedChromium;
}

export interface LaunchedBrowser {
  session: MessageRouter;
  process: ChildProcess;
  userDataDir: string;
}

/**
 * Launches Chromium speaking CDP over --remote-debugging-pipe (fd 3 in, fd 4 out; messages
 * end with NUL). The browser dies with its pipes, so a caller that dies leaves none behind.
 */
export function launchChromium(opts: LaunchOptions = {}): LaunchedBrowser {
  const spawned = opts.spawned ?? spawnChromium(opts);
  if (!spawned) throw new StewardError('BROWSER_LAUNCH_FAILED', CHROMIUM_MISSING_MESSAGE);
  const { process: child, executable, userDataDir, ownsProfile } = spawned;
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;

  let exited = false;
  const session = new MessageRouter(
    (message) => toBrowser.write(`${message}\0`),
    async () => {
      if (exited) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      session.send('Browser.close').catch(() => undefined);
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await gone;
      clearTimeout(timer);
    },
  );

  // Messages end with NUL. Only each new chunk is searched and a message is joined once, so a
  // multi-megabyte reply (a large accessibility tree) costs linear time, not quadratic.
  let pending: Buffer[] = [];
  fromBrowser.on('data', (chunk: Buffer) => {
    let start = 0;
    let end = chunk.indexOf(0);
    while (end !== -1) {
      pending.push(chunk.subarray(start, end));
      const message = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending);
      pending = [];
      session.receive(message.toString('utf8'));
      start = end + 1;
      end = chunk.indexOf(0, start);
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  });
  toBrowser.on('error', () => undefined);
  fromBrowser.on('error', () => undefined);
  child.stderr?.resume();
  const failed = (e: Error) => session.disconnected(`could not start ${executable}: ${e.message}`);
  if (spawned.error) queueMicrotask(() => failed(spawned.error as Error));
  child.on('error', failed);
  const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
    exited = true;
    session.disconnected(`browser exited (${signal ?? `code ${code}`})`);
    if (ownsProfile) rmSync(userDataDir, { recursive: true, force: true });
  };
  // a browser spawned earlier may have exited already
  if (child.exitCode !== null || child.signalCode !== null) queueMicrotask(() => onExit(child.exitCode, child.signalCode));
  else child.on('exit', onExit);
  return { session, process: child, userDataDir };
}
