/** Helpers for the cdt integration tests: a temp CDT_HOME per file, running cdt, and stopping its daemon. */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isAlive, pidsWithArg } from '../../../src/cli/daemon/processes.ts';

export const ROOT = new URL('../../../', import.meta.url).pathname;
export const NODE = process.execPath;
/** The installed launcher (runs src/cli/cdt.ts in-process on Node 24, with the compile cache). */
export const CDT = join(ROOT, 'bin/cdt.mjs');
export const CDT_TS = join(ROOT, 'src/cli/cdt.ts');
export const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;

export interface CdtRun {
  code: number;
  stdout: string;
  stderr: string;
  // biome-ignore lint/suspicious/noExplicitAny: parsed JSON envelope, checked by each test
  json: any;
}

export function makeHome(): string {
  // Short path: Unix socket paths are limited to ~108 bytes.
  return mkdtempSync(join(tmpdir(), 'cdt-t-'));
}

/** The environment of a test caller: its own CDT_HOME, no inherited context id, quick lease sweeps. */
export function cdtEnv(home: string, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CDT_HOME: home, CDT_SWEEP_MS: '300', ...extra };
  delete env.CDT_CONTEXT_ID;
  if (extra.CDT_CONTEXT_ID) env.CDT_CONTEXT_ID = extra.CDT_CONTEXT_ID;
  return env;
}

export function cdt(home: string, args: string[], extra: Record<string, string | undefined> = {}, timeoutMs = 90_000): Promise<CdtRun> {
  return new Promise((resolve) => {
    execFile(
      NODE,
      [CDT, ...args],
      { env: cdtEnv(home, extra), timeout: timeoutMs, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        let json: unknown;
        try {
          json = JSON.parse(stdout);
        } catch {
          json = undefined;
        }
        resolve({ code, stdout, stderr, json });
      },
    );
  });
}

export function daemonPid(home: string): number | undefined {
  const file = join(home, 'broker', 'daemon.pid');
  if (!existsSync(file)) return undefined;
  const n = Number(readFileSync(file, 'utf8').trim());
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** Chromium (or any) processes started with a profile under this CDT_HOME. */
export function browsersUnder(home: string): number[] {
  return pidsWithArg(`--user-data-dir=${home}/`);
}

export async function waitFor<T>(what: string, fn: () => T | Promise<T>, timeoutMs = 30_000): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < until) {
    last = await fn();
    if (last) return last as NonNullable<T>;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
}

const agents = new Set<ChildProcess>();

/** Stops the daemon of this home (politely, then SIGKILL), kills any browser and agent left, removes the home. */
export async function stopDaemon(home: string): Promise<void> {
  for (const a of agents) a.kill('SIGKILL');
  const pid = daemonPid(home);
  if (pid && isAlive(pid)) {
    await cdt(home, ['daemon', 'stop'], {}, 20_000);
    await waitFor('daemon exit', () => !isAlive(pid), 15_000).catch(() => {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {}
    });
  }
  for (const b of browsersUnder(home)) {
    try {
      process.kill(b, 'SIGKILL');
    } catch {}
  }
  rmSync(home, { recursive: true, force: true });
}

/** Starts a long-lived "agent" process that runs cdt commands in turn, prints their JSON lines, then idles until killed. */
export function startAgent(home: string, commands: string[][], extra: Record<string, string | undefined> = {}) {
  const script = `
    const { execFileSync } = require('node:child_process');
    let all = '';
    for (const args of ${JSON.stringify(commands)}) {
      try { all += execFileSync(${JSON.stringify(NODE)}, [${JSON.stringify(CDT)}, ...args], { encoding: 'utf8' }); }
      catch (e) { all += e.stdout; }
    }
    process.stdout.write(all + 'END\\n');
    setInterval(() => {}, 1000);`;
  const child = spawn(NODE, ['-e', script], { env: cdtEnv(home, extra), stdio: ['ignore', 'pipe', 'inherit'] });
  agents.add(child);
  child.on('exit', () => agents.delete(child));
  const output = new Promise<string>((resolve) => {
    let buf = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c: string) => {
      buf += c;
      if (buf.includes('END\n')) resolve(buf.replace('END\n', ''));
    });
  });
  return { child, output };
}

/**
 * A long-lived "agent" process that runs one cdt command each time it is asked (its stdin gets a
 * JSON argv per line, its stdout a JSON answer per line): several of them interleave calls in the
 * order a test chooses, each as its own caller.
 */
export function startInteractiveAgent(home: string, extra: Record<string, string | undefined> = {}) {
  const script = `
    const { execFileSync } = require('node:child_process');
    require('node:readline').createInterface({ input: process.stdin }).on('line', (line) => {
      let out;
      try { out = execFileSync(${JSON.stringify(NODE)}, [${JSON.stringify(CDT)}, ...JSON.parse(line)], { encoding: 'utf8' }); }
      catch (e) { out = e.stdout || JSON.stringify({ ok: false, error: { message: String(e.message) } }); }
      process.stdout.write(out.trim().split('\\n').join(' ') + '\\n');
    });`;
  const child = spawn(NODE, ['-e', script], { env: cdtEnv(home, extra), stdio: ['pipe', 'pipe', 'inherit'] });
  agents.add(child);
  child.on('exit', () => agents.delete(child));
  child.stdout.setEncoding('utf8');
  let buf = '';
  const waiting: Array<(line: string) => void> = [];
  child.stdout.on('data', (c: string) => {
    buf += c;
    for (let nl = buf.indexOf('\n'); nl !== -1; nl = buf.indexOf('\n')) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      waiting.shift()?.(line);
    }
  });
  return {
    child,
    // biome-ignore lint/suspicious/noExplicitAny: parsed JSON envelope, checked by each test
    run(args: string[]): Promise<any> {
      return new Promise((resolve) => {
        waiting.push((line) => resolve(JSON.parse(line)));
        child.stdin.write(`${JSON.stringify(args)}\n`);
      });
    },
  };
}
