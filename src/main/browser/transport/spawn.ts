import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumFlags, findChromium } from '../chromium-path.ts';

export interface SpawnOptions {
  executablePath?: string;
  headless?: boolean;
  /** A profile directory to use; by default a fresh temporary one that is removed when the browser exits. */
  userDataDir?: string;
  extraArgs?: string[];
  /** Name start of the temporary profile made when no userDataDir is given. */
  profilePrefix?: string;
}

/** A Chromium process started with --remote-debugging-pipe, not yet spoken to. */
export interface SpawnedChromium {
  process: ChildProcess;
  executable: string;
  userDataDir: string;
  /** The profile was made for this browser and goes with it. */
  ownsProfile: boolean;
  /** Set when the process could not be started (reported by launch.ts). */
  error?: Error;
}

/**
 * Starts the Chromium process only. This module needs nothing but Node's own modules, so a
 * caller can start the browser before it loads the rest of the engine and let the two overlap:
 * the pipe holds what the browser writes until the CDP side (launch.ts) starts reading.
 * Undefined when no Chromium is found (launchChromium reports that).
 */
export function spawnChromium(opts: SpawnOptions = {}): SpawnedChromium | undefined {
  const executable = opts.executablePath ?? findChromium();
  if (!executable) return undefined;
  const ownsProfile = !opts.userDataDir;
  const userDataDir = opts.userDataDir ?? mkdtempSync(join(tmpdir(), opts.profilePrefix ?? 'steward-chromium-'));
  const args = [
    ...chromiumFlags({ headless: opts.headless, userDataDir, extra: opts.extraArgs }),
    '--remote-debugging-pipe',
    'about:blank',
  ];
  const child = spawn(executable, args, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: false });
  child.stderr?.resume();
  const spawned: SpawnedChromium = { process: child, executable, userDataDir, ownsProfile };
  // kept until launch.ts listens: an unheard 'error' event would end the whole process
  child.on('error', (e) => {
    spawned.error = e;
  });
  return spawned;
}
