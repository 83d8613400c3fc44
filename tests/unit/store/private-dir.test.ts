import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ArtifactStore } from '../../../src/main/browser/artifacts.ts';
import { jsonSettingsStore } from '../../../src/main/services/settings/store.ts';
import { openStore } from '../../../src/main/store/index.ts';
import { preparePrivateHome } from '../../../src/main/store/private-dir.ts';

const root = mkdtempSync(join(tmpdir(), 'steward-home-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const mode = (p: string) => statSync(p).mode & 0o777;

describe('the data folder is owner-only from the start', () => {
  it('creates the folder 0700 and the store, its WAL, settings and screenshots 0600 (umask 022)', async () => {
    const old = process.umask(0o022);
    try {
      const home = join(root, 'fresh', '.steward');
      preparePrivateHome(home);
      const store = openStore(join(home, 'steward.db'));
      store.records.createSession({ id: 's' });
      jsonSettingsStore(join(home, 'settings.json')).write({
        language: 'en',
        provider: { name: 'offline', model: '' },
        formProfiles: [],
        mcpServers: [],
        policyOverrides: [],
      });
      await new ArtifactStore(join(home, 'artifacts')).write('screenshot', 'png', new Uint8Array([1, 2, 3]));
      expect(mode(home)).toBe(0o700);
      expect(mode(join(home, 'artifacts'))).toBe(0o700);
      for (const f of readdirSync(home)) if (f !== 'artifacts') expect(mode(join(home, f)), f).toBe(0o600);
      for (const f of readdirSync(join(home, 'artifacts'))) expect(mode(join(home, 'artifacts', f)), f).toBe(0o600);
      expect(readdirSync(home)).toEqual(expect.arrayContaining(['steward.db', 'steward.db-wal', 'settings.json']));
      store.close();
    } finally {
      process.umask(old);
    }
  });

  it('tightens a folder an older version left readable', () => {
    const home = join(root, 'old');
    mkdirSync(join(home, 'artifacts'), { recursive: true, mode: 0o755 });
    writeFileSync(join(home, 'steward.db'), '', { mode: 0o644 });
    writeFileSync(join(home, 'artifacts', 'screenshot.png'), '', { mode: 0o644 });
    chmodSync(home, 0o755);
    preparePrivateHome(home);
    expect([mode(home), mode(join(home, 'artifacts'))]).toEqual([0o700, 0o700]);
    expect([mode(join(home, 'steward.db')), mode(join(home, 'artifacts', 'screenshot.png'))]).toEqual([0o600, 0o600]);
  });
});
