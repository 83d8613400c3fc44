import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { settingsHandlers } from '../../../src/main/services/settings/service.ts';
import { fileSecretStore, jsonSettingsStore } from '../../../src/main/services/settings/store.ts';
import { INVOKE } from '../../../src/shared/ipc/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'steward-sites-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sites the person saves per task', () => {
  it('are stored by the engine with their name and address, edited and removed by writing the list again', async () => {
    const path = join(dir, 'settings.json');
    const h = settingsHandlers(jsonSettingsStore(path), fileSecretStore(join(dir, 'secrets.json')));
    expect((await h['settings.get']({})).sites).toEqual([]);
    const saved = await h['settings.update']({
      sites: [
        { pack: 'flights', name: 'JetPath', url: 'https://jetpath.example/' },
        { pack: 'hotels', name: '네스틀리', url: 'http://127.0.0.1:9/nestly/' },
      ],
    });
    expect(saved.sites.map((s) => s.name)).toEqual(['JetPath', '네스틀리']);
    // a fresh store over the same file reads them back
    expect(jsonSettingsStore(path).read().sites).toHaveLength(2);
    const edited = await h['settings.update']({ sites: [{ pack: 'flights', name: 'JetPath KR', url: 'https://kr.jetpath.example/' }] });
    expect(edited.sites).toEqual([{ pack: 'flights', name: 'JetPath KR', url: 'https://kr.jetpath.example/' }]);
  });

  it('an address that is not http(s) is refused at the channel', () => {
    const input = INVOKE['settings.update'].input;
    expect(input.safeParse({ sites: [{ pack: 'forms', name: 'x', url: 'file:///etc/passwd' }] }).success).toBe(false);
    expect(input.safeParse({ sites: [{ pack: 'forms', name: 'x', url: 'javascript:alert(1)' }] }).success).toBe(false);
    expect(input.safeParse({ sites: [{ pack: 'forms', name: 'x', url: 'https://ok.example/' }] }).success).toBe(true);
  });

  it('a settings file written before sites existed reads with no sites', () => {
    const path = join(dir, 'old.json');
    writeFileSync(
      path,
      JSON.stringify({ language: 'en', provider: { name: 'offline', model: '' }, formProfiles: [], mcpServers: [], policyOverrides: [] }),
    );
    const read = jsonSettingsStore(path).read();
    expect(read.language).toBe('en');
    expect(read.sites).toEqual([]);
  });
});
