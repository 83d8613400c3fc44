import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type LaunchedBrowser, launchChromium } from '../../../src/main/browser/transport/launch.ts';
import { openStore } from '../../../src/main/store/index.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';

/** A Chromium any process can connect to (its WebSocket endpoint), for tests that kill the engine process. */
export async function launchSharedChromium(): Promise<{ browser: LaunchedBrowser; ws: string }> {
  const browser = launchChromium({ extraArgs: ['--remote-debugging-port=0'] });
  for (let i = 0; i < 400; i++) {
    const [port, path] = (await readFile(join(browser.userDataDir, 'DevToolsActivePort'), 'utf8').catch(() => '')).split('\n');
    if (port && path) return { browser, ws: `ws://127.0.0.1:${port}${path}` };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('Chromium did not publish its DevTools port');
}

export interface ChildRun {
  acked: string[];
  /** `DONE <status> <code> <message>` without the DONE. */
  done?: string;
  killed: boolean;
  fault?: string;
  /** ms from the first acknowledged event to the exit. */
  ackSpanMs?: number;
}

const NODE = join(process.cwd(), 'node_modules/.bin/node');

/**
 * Runs tests/integration/engine/engine-child.ts; `fault` = `<point>:<step id>` stops it there with
 * SIGKILL, `killAfterMs` kills it after that time, `killAfterFirstAckMs` that long after its first
 * acknowledged event (a kill at a random point of the plan).
 */
export function runEngineChild(
  args: string[],
  opts: { fault?: string; approvals?: 'return'; killAfterMs?: number; killAfterAcks?: number; killAfterFirstAckMs?: number } = {},
): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      ...(opts.fault ? { STEWARD_FAULT: opts.fault } : {}),
      ...(opts.approvals ? { STEWARD_APPROVALS: opts.approvals } : {}),
    };
    const child: ChildProcess = spawn(NODE, [join(process.cwd(), 'tests/integration/engine/engine-child.ts'), ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    const out: ChildRun = { acked: [], killed: false };
    let buf = '';
    let stderr = '';
    let firstAck: number | undefined;
    let timer = opts.killAfterMs !== undefined ? setTimeout(() => child.kill('SIGKILL'), opts.killAfterMs) : undefined;
    child.stderr?.on('data', (d) => {
      stderr += String(d);
    });
    child.stdout?.on('data', (d) => {
      buf += String(d);
      let nl = buf.indexOf('\n');
      while (nl >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line.startsWith('ACK ')) {
          out.acked.push(line.split(' ')[1] as string);
          if (out.acked.length === 1) firstAck = performance.now();
          if (out.acked.length === 1 && opts.killAfterFirstAckMs !== undefined)
            timer = setTimeout(() => child.kill('SIGKILL'), opts.killAfterFirstAckMs);
        }
        if (line.startsWith('DONE ')) out.done = line.slice(5);
        if (line.startsWith('FAULT ')) out.fault = line.slice(6);
        if (opts.killAfterAcks !== undefined && out.acked.length >= opts.killAfterAcks && child.exitCode === null) child.kill('SIGKILL');
        nl = buf.indexOf('\n');
      }
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      clearTimeout(timer);
      out.killed = signal === 'SIGKILL';
      if (firstAck !== undefined) out.ackSpanMs = performance.now() - firstAck;
      if (!out.done && !out.killed) reject(new Error(`engine child failed: ${stderr.slice(-2000)}`));
      else resolve(out);
    });
  });
}

/**
 * Runs the engine child (with `fault`, if any) as a person would see it through: when the plan
 * stops for an approval to act (the gate held a request that changes server state), the person
 * approves it and the plan runs again. Questions to the person (hand-overs) are left open.
 */
export async function runApproving(args: string[], sessionId: string, opts: { fault?: string } = {}): Promise<ChildRun> {
  const db = args[0] as string;
  for (let i = 0; ; i++) {
    const r = await runEngineChild(args, { ...opts, approvals: 'return' });
    if (!r.done?.startsWith('awaiting_approval') || i >= 8) return r;
    const store = openStore(db);
    try {
      const runtime = new ToolRuntime({ store });
      const pending = store.runs.approvals(sessionId).filter((a) => a.status === 'pending' && a.mode === 'execute');
      if (!pending.length) return r;
      for (const a of pending) runtime.gate.approve(a.id, 'person');
    } finally {
      store.close();
    }
  }
}
