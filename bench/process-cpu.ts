/** CPU time of a process and its descendants, read from Linux's /proc, for the start-up figures of the benches. */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (100 on Linux). */
const TICKS_PER_S = 100;

/**
 * CPU time (ms) used so far by a process and all its live descendants (the server, its browser and
 * the browser's helpers), from /proc; undefined where there is no /proc. Unlike wall time it hardly
 * moves with the machine's load, so start-ups on a busy shared machine still compare fairly.
 */
export function treeCpuMs(root: number): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return undefined;
  }
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const d of entries) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(f[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(d)]);
      ticks.set(Number(d), Number(f[11]) + Number(f[12]));
    } catch {
      // the process ended while the list was read
    }
  }
  if (!ticks.has(root)) return undefined;
  let sum = 0;
  for (const todo = [root]; todo.length; ) {
    const pid = todo.pop() as number;
    sum += ticks.get(pid) ?? 0;
    todo.push(...(children.get(pid) ?? []));
  }
  return (sum * 1000) / TICKS_PER_S;
}
