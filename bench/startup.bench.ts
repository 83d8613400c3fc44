/** Foundation part: how long the pinned Node takes to start, against itself with type stripping of one module. */
import { spawnSync } from 'node:child_process';
import { type Metrics, median, metric } from './report.ts';

function timeCmd(args: string[], runs = 7): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    spawnSync(process.execPath, args, { stdio: 'ignore' });
    times.push(performance.now() - t);
  }
  return median(times);
}

export async function run(): Promise<Metrics> {
  const bare = timeCmd(['-e', '0']);
  const shared = timeCmd(['--input-type=module', '-e', "await import('./src/shared/errors.ts')"]);
  return {
    node_start: metric(bare, 'ms'),
    import_shared_errors: metric(shared, 'ms', bare, 'baseline: bare `node -e 0`'),
  };
}
