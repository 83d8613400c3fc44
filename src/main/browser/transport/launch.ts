import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { StewardError } from '../../../shared/errors.ts';
import { CHROMIUM_MISSING_MESSAGE, chromiumFlags, findChromium } from '../chromium-path.ts';
import { MessageRouter } from './message-router.ts';

export interface LaunchOptions {
  executablePath?: string;
  headless?: boolean;
  /** A profile directory to use; by default a fresh temporary one that is removed on close. */
  userDataDir?: string;
  extraArgs?: string[];
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
  const executable = opts.executablePath ?? findChromium();
  if (!executable) throw new StewardError('BROWSER_LAUNCH_FAILED', CHROMIUM_MISSING_MESSAGE);
  const ownsProfile = !opts.userDataDir;
  const userDataDir = opts.userDataDir ?? mkdtempSync(join(tmpdir(), 'steward-chromium-'));
  const args = [
    ...chromiumFlags({ headless: opts.headless, userDataDir, extra: opts.extraArgs }),
    '--remote-debugging-pipe',
    'about:blank',
  ];
  const child = spawn(executable, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: false });
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
  child.on('error', (e) => session.disconnected(`could not start ${executable}: ${e.message}`));
  child.on('exit', (code, signal) => {
    exited = true;
    session.disconnected(`browser exited (${signal ?? `code ${code}`})`);
    if (ownsProfile) rmSync(userDataDir, { recursive: true, force: true });
  });
  return { session, process: child, userDataDir };
}
