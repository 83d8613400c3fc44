/**
 * `npm run bench [part…]`: runs each bench part (a module in bench/ exporting `run()`),
 * prints its table and writes bench-results/<part>.json.
 */
import { readdirSync } from 'node:fs';
import { type Metrics, writeResults } from '../bench/report.ts';

const available = readdirSync(new URL('../bench/', import.meta.url))
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .sort();

const asked = process.argv.slice(2);
if (asked.includes('--help') || asked.includes('-h')) {
  console.log(`usage: npm run bench [part …]\nparts: ${available.join(', ')}\nWith no part, every part runs.`);
  process.exit(0);
}
const unknown = asked.filter((p) => !available.includes(p));
if (unknown.length) {
  console.error(`Unknown bench part: ${unknown.join(', ')}. Parts: ${available.join(', ')}.`);
  process.exit(2);
}
let failed = false;
for (const part of asked.length ? asked : available) {
  try {
    const mod = (await import(`../bench/${part}.bench.ts`)) as { run: () => Promise<Metrics> };
    writeResults(part, await mod.run());
  } catch (e) {
    failed = true;
    console.error(`bench ${part} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }
}
process.exit(failed ? 1 : 0);
