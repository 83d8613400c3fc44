#!/usr/bin/env node
// `cdt` launcher in plain JavaScript, so any Node can start it. On a Node that strips TypeScript
// types it runs src/cli/cdt.ts in this process; on an older Node (e.g. the machine's Node 20) it
// re-executes itself with the project's pinned Node 24 (node_modules/node/bin/node).
// The compile cache (NODE_COMPILE_CACHE, default in the temp dir) keeps the stripped TypeScript,
// so a warm call does not load the type stripper at all.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../src/cli/cdt.ts', import.meta.url));
const argv = process.argv.slice(2);
const [major, minor] = process.versions.node.split('.').map(Number);
const modern = major > 22 || (major === 22 && minor >= 12);

if (modern && process.features?.typescript) {
  module.enableCompileCache?.();
  const { main } = await import(entry);
  const code = await main(argv);
  if (code >= 0) process.exitCode = code;
} else {
  const pinned = ['../node_modules/node/bin/node', '../node_modules/.bin/node']
    .map((p) => fileURLToPath(new URL(p, import.meta.url)))
    .find((p) => existsSync(p));
  const node = pinned ?? (modern ? process.execPath : undefined);
  if (!node) {
    process.stdout.write(
      `${JSON.stringify({
        ok: false,
        error: {
          code: 'BROWSER_LAUNCH_FAILED',
          message: `cdt needs Node >= 22.12 (this is ${process.version}) and the project's pinned Node was not found.`,
          details: { node: process.version },
          suggestions: ['npm install (installs the pinned Node 24)', 'Run with Node 24: npx -y node@24 bin/cdt.mjs --help'],
        },
        meta: { retryable: false },
      })}\n`,
    );
    process.exit(6);
  }
  const flags = pinned ? [] : ['--experimental-strip-types', '--no-warnings'];
  const child = spawn(node, [...flags, fileURLToPath(import.meta.url), ...argv], { stdio: 'inherit' });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}
