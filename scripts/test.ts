/**
 * `npm test`: Chromium, type checks, lint, unit + integration (Vitest), E2E (@playwright/test).
 * Runs every stage even if one fails, then prints one summary and exits non-zero on any failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.ts';

const chromium = ensureChromium();
process.env.CHROME_PATH ??= chromium;

const stages: Array<[string, string[]]> = [
  ['typecheck', ['npm', 'run', '-s', 'typecheck']],
  ['lint', ['npm', 'run', '-s', 'lint']],
  ['electronegativity', [process.execPath, 'scripts/electronegativity.ts']],
  ['build', ['npm', 'run', '-s', 'build']],
  ['vitest', ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json']],
  ['e2e', ['npx', 'playwright', 'test', '--reporter=list,json']],
];
mkdirSync('test-results', { recursive: true });
for (const f of ['test-results/vitest.json', 'test-results/e2e.json']) rmSync(f, { force: true });
process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = 'test-results/e2e.json';

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

/** Test counts from the Vitest and Playwright JSON reports, for one plain closing line. */
function counts(): { passed: number; failed: number; skipped: number } {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const read = (f: string): unknown => (existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : undefined);
  const v = read('test-results/vitest.json') as
    | { numPassedTests?: number; numFailedTests?: number; numPendingTests?: number; numTodoTests?: number }
    | undefined;
  if (v && ran('vitest')) {
    total.passed += v.numPassedTests ?? 0;
    total.failed += v.numFailedTests ?? 0;
    total.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  }
  const e = read('test-results/e2e.json') as
    | { stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number } }
    | undefined;
  if (e?.stats && ran('e2e')) {
    total.passed += (e.stats.expected ?? 0) + (e.stats.flaky ?? 0);
    total.failed += e.stats.unexpected ?? 0;
    total.skipped += e.stats.skipped ?? 0;
  }
  return total;
}
function ran(name: string): boolean {
  return results.some((r) => r.name === name);
}
/** The names of failed tests, so the closing lines of a long log say which ones failed. */
function failedNames(): string[] {
  const names: string[] = [];
  const read = (f: string): unknown => (existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : undefined);
  const v = read('test-results/vitest.json') as
    | { testResults?: Array<{ name?: string; assertionResults?: Array<{ status?: string; fullName?: string }> }> }
    | undefined;
  if (v && ran('vitest'))
    for (const file of v.testResults ?? [])
      for (const t of file.assertionResults ?? [])
        if (t.status === 'failed') names.push(`${(file.name ?? '').replace(`${process.cwd()}/`, '')} › ${t.fullName ?? ''}`);
  type Suite = { title?: string; file?: string; specs?: Array<{ title?: string; ok?: boolean }>; suites?: Suite[] };
  const e = read('test-results/e2e.json') as { suites?: Suite[] } | undefined;
  const walk = (s: Suite, file: string): void => {
    for (const spec of s.specs ?? []) if (spec.ok === false) names.push(`${file} › ${spec.title ?? ''}`);
    for (const child of s.suites ?? []) walk(child, s.file ?? file);
  };
  if (e && ran('e2e')) for (const s of e.suites ?? []) walk(s, s.file ?? '');
  return names;
}
const failed = results.filter((r) => !r.ok);
for (const name of failedNames()) console.error(`  failed: ${name}`);
const c = counts();
console.log(`tests: ${c.passed} passed, ${c.failed + (failed.length && !c.failed ? 1 : 0)} failed, ${c.skipped} skipped`);
process.exit(failed.length ? 1 : 0);
