/**
 * `npm test`: Chromium, type checks, lint, unit + integration (Vitest), E2E (@playwright/test).
 * Runs every stage even if one fails, then prints one summary and exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.ts';

const chromium = ensureChromium();
process.env.CHROME_PATH ??= chromium;

const stages: Array<[string, string[]]> = [
  ['typecheck', ['npm', 'run', '-s', 'typecheck']],
  ['lint', ['npm', 'run', '-s', 'lint']],
  ['build', ['npm', 'run', '-s', 'build']],
  ['vitest', ['npx', 'vitest', 'run']],
  ['e2e', ['npx', 'playwright', 'test']],
];

const only = process.argv.slice(2);
const results: Array<{ name: string; ok: boolean; seconds: number }> = [];
for (const [name, cmd] of stages) {
  if (only.length && !only.includes(name)) continue;
  const started = Date.now();
  console.error(`\n[steward test] ── ${name}: ${cmd.join(' ')}`);
  const r = spawnSync(cmd[0] as string, cmd.slice(1), { stdio: 'inherit', env: process.env });
  results.push({ name, ok: r.status === 0, seconds: (Date.now() - started) / 1000 });
}
console.error('\n[steward test] summary');
for (const r of results) console.error(`  ${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(10)} ${r.seconds.toFixed(1)} s`);
const failed = results.filter((r) => !r.ok);
process.exit(failed.length ? 1 : 0);
