import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const guard = resolve(import.meta.dirname, '../../../../src/cli/host/crash-guard.ts');

describe('the host crash guard', () => {
  it('logs an uncaught error and an unhandled rejection and keeps the process serving', () => {
    const script = `
      import { EventEmitter } from 'node:events';
      import { installCrashGuard } from ${JSON.stringify(guard)};
      installCrashGuard((line) => process.stderr.write(line + '\\n'));
      setTimeout(() => new EventEmitter().emit('error', new Error('socket blew up')), 10);
      setTimeout(() => Promise.reject(new Error('nobody awaited me')), 20);
      setTimeout(() => { process.stdout.write('still serving'); }, 80);
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('still serving');
    expect(r.stderr).toMatch(/uncaught exception \(kept running\): Error: socket blew up/);
    expect(r.stderr).toMatch(/unhandled rejection \(kept running\): Error: nobody awaited me/);
  });
});
