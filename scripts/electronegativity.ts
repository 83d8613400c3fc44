/**
 * `npm test` stage: Electronegativity (@doyensec/electronegativity) over src/, failing on any
 * HIGH or MEDIUM finding. Its TypeScript parser (typescript-estree 4) needs the TypeScript 4
 * it ships with, not the project's TypeScript 7, so `typescript` is resolved to that copy here.
 */
import Module, { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
const pkgDir = resolve(import.meta.dirname, '../node_modules/@doyensec/electronegativity');
const nestedTs = require.resolve('typescript', { paths: [pkgDir] });
type Resolver = (request: string, ...rest: unknown[]) => string;
const M = Module as unknown as { _resolveFilename: Resolver };
const original = M._resolveFilename;
M._resolveFilename = (request, ...rest) => (request === 'typescript' ? nestedTs : original(request, ...rest));

interface Issue {
  id: string;
  file: string;
  location: { line: number; column: number };
  severity: { name: string; value: number };
  confidence: { name: string };
  description: string;
}
type Run = (o: Record<string, unknown>) => Promise<{ issues: Issue[]; errors: unknown[] }>;
const loaded = require(pkgDir) as Run | { default: Run };
const run = typeof loaded === 'function' ? loaded : loaded.default;
const input = resolve(import.meta.dirname, '../src');
const { issues } = await run({
  input,
  isRelative: true,
  electronVersionOverride: '45.0.0',
  severitySet: 'informational',
  confidenceSet: 'tentative',
  // Fetches Electron's release list from the internet, which this machine (and CI) may not reach.
  excludeFromScan: ['availablesecurityfixesglobalcheck'],
});
const serious = issues.filter((i) => ['HIGH', 'MEDIUM', 'CRITICAL'].includes(i.severity.name.toUpperCase()));
for (const i of issues) {
  console.error(`${i.severity.name.padEnd(13)} ${i.confidence.name.padEnd(10)} ${i.id}  ${i.file}:${i.location.line}:${i.location.column}`);
}
console.error(`electronegativity: ${issues.length} findings, ${serious.length} high/medium over src/`);
process.exit(serious.length ? 1 : 0);
