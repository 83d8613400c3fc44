/**
 * Who is calling `cdt`: the facts the daemon's context resolver needs. The CLI process itself is
 * short-lived, so the fingerprint uses its stable ancestor: walk up from the parent past shells,
 * package runners and Node launchers (npm, npx, bin/cdt.mjs) to the agent process.
 * Light on purpose (no engine imports): runs on every call.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';

export interface ProcessFacts {
  pid: number;
  ppid: number;
  comm: string;
  /** Start time since boot in clock ticks (Linux), or a `ps` lstart string: with pid, names the process uniquely. */
  startTime: string;
  /** Controlling terminal number (0 = none). */
  tty: number;
  cmdline: string;
  /** The program's arguments (argv), when known. */
  args?: string[];
}

export interface CallerInfo {
  /** CDT_CONTEXT_ID from the environment, if set. */
  envContextId?: string;
  shareGroup?: string;
  /** --context-id (operator use). */
  contextId?: string;
  cliPid: number;
  /** The CLI's immediate parent (may be a shell). */
  parentPid: number;
  /** The stable ancestor (the agent), or undefined when none could be found. */
  owner?: { pid: number; startTime: string; comm: string; tty: number };
  cwd: string;
}

const SHELLS = new Set([
  'sh',
  'bash',
  'dash',
  'zsh',
  'fish',
  'ksh',
  'mksh',
  'tcsh',
  'csh',
  'busybox',
  'env',
  'npm',
  'npx',
  'pnpm',
  'yarn',
  'corepack',
  'timeout',
  'xargs',
  'nohup',
  'time',
  'sudo',
  'su',
  'setsid',
  'stdbuf',
  'nice',
  'tsx',
]);
const LAUNCHER_PATTERNS = [
  /npm-cli\.js/,
  /npx-cli\.js/,
  /\bbin\/(npm|npx|pnpm|yarn)\b/,
  /bin\/cdt(\.mjs)?\b/,
  /\.bin\/cdt\b/,
  /src\/cli\/cdt\.ts/,
  /corepack/,
  /\bnpm exec\b/,
];

export function readProcess(pid: number): ProcessFacts | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const rest = stat.slice(close + 2).split(' ');
    // rest[0]=state, [1]=ppid, [4]=tty_nr, [19]=starttime
    let args: string[] = [];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    } catch {}
    return { pid, ppid: Number(rest[1]), comm, startTime: rest[19] ?? '0', tty: Number(rest[4] ?? 0), cmdline: args.join(' '), args };
  } catch {
    return readProcessWithPs(pid);
  }
}

function readProcessWithPs(pid: number): ProcessFacts | undefined {
  if (process.platform === 'linux') return undefined;
  try {
    const out = execFileSync('ps', ['-o', 'ppid=,lstart=,command=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const m = /^(\d+)\s+(\w+\s+\w+\s+\d+\s+[\d:]+\s+\d+)\s+(.*)$/.exec(out);
    if (!m) return undefined;
    const cmdline = m[3] as string;
    const comm = (cmdline.split(' ')[0] ?? '').split('/').pop() ?? '';
    return { pid, ppid: Number(m[1]), comm, startTime: m[2] as string, tty: 0, cmdline };
  } catch {
    return undefined;
  }
}

/** A launcher or shell between the agent and this CLI process, skipped when fingerprinting. */
export function isPassThrough(p: ProcessFacts): boolean {
  if (SHELLS.has(p.comm) || /^(npm|npx|pnpm|yarn) /.test(p.comm)) return true;
  const args = p.args ?? p.cmdline.split(' ');
  const program = (args[0] ?? '').split('/').pop() ?? '';
  if (!/^node(\d+)?$/.test(program) && !/^node(\d+)?$|^MainThread$/.test(p.comm)) return false;
  // The script a Node process runs: its first argument that is not an option (`node -e …` has none).
  const script = args.slice(1).find((a) => !a.startsWith('-'));
  if (!script || args.slice(1).some((a) => a === '-e' || a === '--eval' || a === '-p' || a === '--print')) return false;
  return LAUNCHER_PATTERNS.some((re) => re.test(script));
}

/** Walks up from `startPid` to the first process that is not a shell or launcher. */
export function findStableAncestor(startPid: number): ProcessFacts | undefined {
  let pid = startPid;
  for (let depth = 0; depth < 16 && pid > 1; depth++) {
    const p = readProcess(pid);
    if (!p) return undefined;
    if (!isPassThrough(p)) return p;
    pid = p.ppid;
  }
  return undefined;
}

export function collectCaller(opts: { shareGroup?: string; contextId?: string }, env: NodeJS.ProcessEnv = process.env): CallerInfo {
  const owner = findStableAncestor(process.ppid);
  let cwd = process.cwd();
  try {
    cwd = readlinkSync(`/proc/${owner?.pid ?? process.ppid}/cwd`);
  } catch {}
  return {
    envContextId: env.CDT_CONTEXT_ID?.trim() || undefined,
    shareGroup: opts.shareGroup,
    contextId: opts.contextId,
    cliPid: process.pid,
    parentPid: process.ppid,
    owner: owner ? { pid: owner.pid, startTime: owner.startTime, comm: owner.comm, tty: owner.tty } : undefined,
    cwd,
  };
}
