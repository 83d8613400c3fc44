/**
 * CLI part: the warm round trip of `cdt page list` (daemon and browser already up) against the bare
 * start of the same Node (`node -e 0`) in the same run; then 10 contexts doing 50 operations each,
 * concurrently, through the broker with the default number of slots (sized from memory): total
 * time, slot refusals and peak memory (daemon + every Chromium process); then a 50 MB request line
 * against the daemon while another client pings it (cli-socket.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CallerInfo } from '../src/cli/caller.ts';
import { callDaemon } from '../src/cli/daemon/client.ts';
import { isAlive } from '../src/cli/daemon/processes.ts';
import { hostileLine, lineReaderSpeed } from './cli-socket.ts';
import { type Metrics, median, metric, percentile } from './report.ts';

const ROOT = new URL('../', import.meta.url).pathname;
const CDT = join(ROOT, 'bin/cdt.mjs');
const CDT_TS = join(ROOT, 'src/cli/cdt.ts');

function spawnTimed(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(performance.now() - t) : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

async function timeRuns(n: number, args: string[], env: NodeJS.ProcessEnv): Promise<number[]> {
  await spawnTimed(args, env);
  const times: number[] = [];
  for (let i = 0; i < n; i++) times.push(await spawnTimed(args, env));
  return times;
}

/**
 * Memory in bytes of a process and all its descendants (Linux /proc): PSS (shared pages split
 * between the processes sharing them) and the plain RSS sum (which counts shared pages many times).
 */
function treeMemory(root: number): { pss: number; rss: number } {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {}
  }
  const total = { pss: 0, rss: 0 };
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop() as number;
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      total.pss += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024;
      total.rss += Number(/^Rss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024;
    } catch {}
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

function caller(contextId: string): CallerInfo {
  return { envContextId: contextId, cliPid: process.pid, parentPid: process.ppid, cwd: process.cwd() };
}

export async function runBench(): Promise<Metrics> {
  const home = mkdtempSync(join(tmpdir(), 'cdt-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env, CDT_HOME: home, CDT_CONTEXT_ID: 'bench-warm' };
  delete env.CDT_MAX_SLOTS;
  try {
    // Warm: the first call starts the daemon and this context's Chromium.
    await spawnTimed([CDT, 'page', 'list'], env);
    const bare = await timeRuns(15, ['-e', '0'], env);
    const warm = await timeRuns(15, [CDT, 'page', 'list'], env);
    const warmTs = await timeRuns(7, [CDT_TS, 'page', 'list'], env);
    const daemonPid = Number(readFileSync(join(home, 'broker', 'daemon.pid'), 'utf8'));

    // 10 contexts × 50 operations, all contexts at once, each context's operations in order.
    const contexts = Array.from({ length: 10 }, (_, i) => `bench-${i}`);
    const url = `data:text/html,${encodeURIComponent('<title>bench</title><h1>bench</h1><input aria-label="q"><button>Go</button><script>console.log("hi")</script>')}`;
    const ops: Array<[string, string, Record<string, string | true>]> = [
      ['page', 'navigate', { type: 'url', url }],
      ['capture', 'snapshot', {}],
      ['runtime', 'eval', { function: '() => document.title' }],
      ['page', 'list', {}],
      ['console', 'list', {}],
    ];
    const peak = treeMemory(daemonPid);
    const sample = () => {
      const m = treeMemory(daemonPid);
      peak.pss = Math.max(peak.pss, m.pss);
      peak.rss = Math.max(peak.rss, m.rss);
    };
    const sampler = setInterval(sample, 200);
    const opTimes: number[] = [];
    let failures = 0;
    let slotRefusals = 0;
    const t0 = performance.now();
    await Promise.all(
      contexts.map(async (ctx) => {
        for (let i = 0; i < 50; i++) {
          const [resource, verb, flags] = ops[i % ops.length] as (typeof ops)[number];
          const t = performance.now();
          const res = await callDaemon(
            { id: `${ctx}-${i}`, op: 'call', caller: caller(ctx), call: { resource, verb, flags } },
            { env, timeoutMs: 120_000 },
          );
          opTimes.push(performance.now() - t);
          if (!res.envelope.ok) failures++;
          if (!res.envelope.ok && res.envelope.error.code === 'SLOT_LIMIT_REACHED') slotRefusals++;
        }
      }),
    );
    const total = performance.now() - t0;
    clearInterval(sampler);
    sample();
    const mb = (b: number) => b / 1024 / 1024;
    const status = await callDaemon(
      { id: 'status', op: 'call', caller: caller('bench-warm'), call: { resource: 'daemon', verb: 'status', flags: {} } },
      { env, timeoutMs: 30_000 },
    );
    const sizing = status.envelope.ok
      ? (status.envelope.data as { daemon: { maxSlots: number; slotSizing: { formula: string } } }).daemon
      : undefined;
    const hostile = await hostileLine(join(home, 'broker', 'daemon.sock'), daemonPid);
    return {
      ...hostile,
      ...lineReaderSpeed(),
      default_max_slots: metric(sizing?.maxSlots ?? 0, 'slots', null, sizing?.slotSizing.formula),
      contexts10_slot_refusals: metric(slotRefusals, 'calls', null, 'SLOT_LIMIT_REACHED among the 500 calls, default slot count'),
      node_bare_start: metric(median(bare), 'ms'),
      cdt_page_list_warm: metric(median(warm), 'ms', median(bare), 'bin/cdt.mjs (compile cache); baseline: bare `node -e 0`, same Node'),
      cdt_page_list_warm_ts_entry: metric(
        median(warmTs),
        'ms',
        median(bare),
        'node src/cli/cdt.ts (no compile cache: the type stripper loads)',
      ),
      contexts10_ops50_total: metric(total, 'ms', null, `500 operations through the daemon socket, ${failures} failed`),
      contexts10_op_p50: metric(median(opTimes), 'ms'),
      contexts10_op_p95: metric(percentile(opTimes, 95), 'ms'),
      contexts10_peak_pss: metric(mb(peak.pss), 'MB', null, 'daemon + its 11 Chromium process trees, proportional set size'),
      contexts10_peak_rss_sum: metric(mb(peak.rss), 'MB', null, 'same processes, RSS summed (shared pages counted once per process)'),
    };
  } finally {
    await callDaemon(
      { id: 'stop', op: 'call', caller: caller('bench-warm'), call: { resource: 'daemon', verb: 'stop', flags: {} } },
      { env, timeoutMs: 60_000, start: false },
    ).catch(() => undefined);
    const pidFile = join(home, 'broker', 'daemon.pid');
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : 0;
    for (let i = 0; i < 150 && pid && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    rmSync(home, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
}

export { runBench as run };
