/** Process facts for the broker: is an owner still alive, and which Chromium runs on a given profile. */
import { readdirSync, readFileSync } from 'node:fs';
import { readProcess } from '../caller.ts';

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Alive and still the same process (pid not reused): compares the start time recorded at first sight. */
export function isSameProcessAlive(pid: number, startTime: string): boolean {
  if (!isAlive(pid)) return false;
  const p = readProcess(pid);
  if (!p) return true;
  if (p.comm === 'zombie' || readState(pid) === 'Z') return false;
  return p.startTime === startTime;
}

/** When a process started (ms since the epoch), from /proc (boot time + start ticks); undefined when unknown. */
export function processStartMs(pid: number): number | undefined {
  const p = readProcess(pid);
  if (!p) return undefined;
  if (/^\d+$/.test(p.startTime)) {
    const btime = bootTimeSec();
    // USER_HZ is 100 on every Linux the kernel ABI exposes to user space.
    return btime === undefined ? undefined : btime * 1000 + (Number(p.startTime) / 100) * 1000;
  }
  const t = Date.parse(p.startTime);
  return Number.isFinite(t) ? t : undefined;
}

let bootTime: number | undefined;
function bootTimeSec(): number | undefined {
  if (bootTime !== undefined) return bootTime;
  try {
    const m = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    bootTime = m ? Number(m[1]) : undefined;
  } catch {}
  return bootTime;
}

/** Is this process a cdt broker daemon (its program is the daemon entry, daemon/main.ts)? */
export function isDaemonProcess(pid: number): boolean {
  const p = readProcess(pid);
  if (!p) return false;
  const args = p.args ?? p.cmdline.split(' ');
  return args.some((a) => /(^|[/\\])cli[/\\]daemon[/\\]main\.(ts|js|mjs)$/.test(a));
}

function readState(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
}

/** Pids of processes whose command line mentions `needle` (e.g. `--user-data-dir=<profile>`). Linux only. */
export function pidsWithArg(needle: string): number[] {
  const out: number[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return out;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (cmd.includes(needle) && readState(Number(name)) !== 'Z') out.push(Number(name));
    } catch {}
  }
  return out;
}

/** Kills every process started with this profile directory (a Chromium left by a crashed daemon). */
export function killProfileProcesses(profileDir: string): number {
  const pids = pidsWithArg(`--user-data-dir=${profileDir}`);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  return pids.length;
}
