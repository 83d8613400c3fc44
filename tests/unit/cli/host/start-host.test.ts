import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startHost } from '../../../../src/cli/host/start-host.ts';

const root = mkdtempSync(join(tmpdir(), 'steward-start-host-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const mode = (p: string) => statSync(p).mode & 0o777;

describe('startHost', () => {
  it('makes its data folder owner-only before use and prints a URL with a fresh secret', async () => {
    const old = process.umask(0o022);
    const home = join(root, 'home');
    const logs: string[] = [];
    // no browser at this endpoint: the host starts without one (and says so)
    const host = await startHost({ port: 0, dataDir: home, rendererDir: root, cdpUrl: 'ws://127.0.0.1:9/none', log: (l) => logs.push(l) });
    try {
      expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{32}$/);
      expect(host.url).toContain(host.secret);
      const res = await fetch(host.origin);
      expect(res.status).toBe(401);
      expect(mode(home)).toBe(0o700);
      for (const name of readdirSync(home)) {
        const path = join(home, name);
        expect(mode(path), name).toBe(statSync(path).isDirectory() ? 0o700 : 0o600);
      }
      expect(readdirSync(home)).toEqual(expect.arrayContaining(['artifacts', 'steward.db']));
      expect(logs.join('\n')).toMatch(/no browser/);
    } finally {
      process.umask(old);
      await host.close();
    }
    const second = await startHost({ port: 0, dataDir: home, rendererDir: root, cdpUrl: 'ws://127.0.0.1:9/none', log: () => undefined });
    expect(second.secret).not.toBe(host.secret);
    await second.close();
  });
});
