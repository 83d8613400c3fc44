/**
 * Gate part of `npm run bench`: what the gate by effect costs and what it lets through, on TrapMart.
 *  - benign plan time (median of the eight benign plans × BENCH_GATE_ROUNDS) with the gate, against
 *    the same plans with it off (baseline);
 *  - state-changing requests that reached the server while every approval was refused (must be 0),
 *    over every disguised state change.
 */
import { BENIGN_CASES, type EffectCase, TRAP_CASES } from '../tests/integration/engine/effects-cases.ts';
import { type EffectsEngine, startEffectsEngine } from '../tests/integration/engine/effects-harness.ts';
import { type Metrics, median, metric } from './report.ts';

const ROUNDS = Number(process.env.BENCH_GATE_ROUNDS ?? 3);

async function timed(engine: EffectsEngine, c: EffectCase): Promise<number> {
  const t0 = performance.now();
  await engine.run([{ id: 'open', type: 'navigate', url: `${engine.site.url}/t/${c.page}` }, ...c.steps], 'reject');
  return performance.now() - t0;
}

async function benignTimes(gate: boolean): Promise<number[]> {
  const before = process.env.NO_EFFECTS;
  process.env.NO_EFFECTS = gate ? '0' : '1';
  const engine = await startEffectsEngine();
  try {
    const times: number[] = [];
    for (let r = 0; r < ROUNDS; r++) for (const c of BENIGN_CASES) times.push(await timed(engine, c));
    return times;
  } finally {
    await engine.close();
    process.env.NO_EFFECTS = before;
  }
}

export async function run(): Promise<Metrics> {
  const off = median(await benignTimes(false));
  const on = median(await benignTimes(true));
  const engine = await startEffectsEngine();
  let leaked = 0;
  try {
    for (const c of TRAP_CASES) {
      engine.site.reset();
      await engine.run([{ id: 'open', type: 'navigate', url: `${engine.site.url}/t/${c.page}` }, ...c.steps], 'reject');
      leaked += engine.site.changes().length;
    }
  } finally {
    await engine.close();
  }
  return {
    benign_plan_median: metric(Math.round(on), 'ms', Math.round(off), 'TrapMart benign plans; baseline: the gate by effect off'),
    refused_changes_reaching_server: metric(leaked, 'requests', 0, `${TRAP_CASES.length} disguised state changes, every approval refused`),
  };
}
