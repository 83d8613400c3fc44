/** The files of one context under CDT_HOME (lease.json, owner.json) and --debug stack traces on stderr. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdt, daemonPid, makeHome, stopDaemon } from './helpers.ts';

const home = makeHome();
const env = { CDT_CONTEXT_ID: 'files', CDT_IDLE_MS: '600000' };
afterAll(() => stopDaemon(home), 60_000);
const mode = (p: string) => statSync(p).mode & 0o777;
const json = (p: string) => JSON.parse(readFileSync(p, 'utf8')) as Record<string, unknown>;

describe('a context on disk', () => {
  let dir: string;
  beforeAll(async () => {
    const r = await cdt(home, ['page', 'list'], env);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const [hash] = readdirSync(join(home, 'contexts'));
    dir = join(home, 'contexts', hash as string);
  }, 120_000);

  it('holds lease.json and owner.json, owner-only', () => {
    expect(mode(dir)).toBe(0o700);
    for (const f of ['metadata.json', 'lease.json', 'owner.json']) expect(mode(join(dir, f)), f).toBe(0o600);
    const lease = json(join(dir, 'lease.json'));
    expect(lease.leaseMs).toBe(600_000);
    expect(Date.parse(lease.expiresAt as string) - Date.parse(lease.lastUsedAt as string)).toBe(600_000);
    const owner = json(join(dir, 'owner.json'));
    expect(owner.daemonPid).toBe(daemonPid(home));
  });

  it('a later call moves the lease on', async () => {
    const before = json(join(dir, 'lease.json')).lastUsedAt as string;
    const r = await cdt(home, ['page', 'list'], env);
    expect(r.code).toBe(0);
    expect(Date.parse(json(join(dir, 'lease.json')).lastUsedAt as string)).toBeGreaterThan(Date.parse(before));
  });

  it('files screenshots by day under artifacts/screenshots/YYYY-MM-DD/ and says when one was scaled down', async () => {
    const full = await cdt(home, ['capture', 'screenshot'], env);
    expect(full.code, full.stdout + full.stderr).toBe(0);
    const shot = (full.json as { data: { screenshot: { path: string; resized: boolean; createdAt: string } } }).data.screenshot;
    const day = shot.createdAt.slice(0, 10);
    expect(shot.path.startsWith(join(dir, 'artifacts', 'screenshots', day, 'screenshot-'))).toBe(true);
    expect(shot.resized).toBe(false);
    expect(mode(shot.path)).toBe(0o600);
    expect(mode(join(dir, 'artifacts', 'screenshots', day))).toBe(0o700);
    const small = await cdt(home, ['capture', 'screenshot', '--max-width', '40'], env);
    const s = (small.json as { data: { screenshot: { width: number; resized: boolean } } }).data.screenshot;
    expect(s.resized).toBe(true);
    expect(s.width).toBeLessThanOrEqual(40);
  });

  it('--debug prints the stack trace of a failure on stderr, and only with --debug', async () => {
    const plain = await cdt(home, ['page', 'select', '--page', 'nope'], env);
    expect(plain.code).not.toBe(0);
    expect(plain.stderr).not.toMatch(/stack: /);
    const debug = await cdt(home, ['page', 'select', '--page', 'nope', '--debug'], env);
    expect(debug.code).toBe(plain.code);
    expect(debug.stderr).toMatch(/stack: \w*Error: .*\n\s+at /);
    // stdout stays the one envelope
    expect((debug.json as { ok: boolean; error: { code: string } }).error.code).toBe(
      (plain.json as { error: { code: string } }).error.code,
    );
  });
});
