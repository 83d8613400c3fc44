import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { settingsHandlers } from '../../../../src/main/services/settings/service.ts';
import { DEFAULT_SETTINGS, fileSecretStore, jsonSettingsStore } from '../../../../src/main/services/settings/store.ts';

const dir = mkdtempSync(join(tmpdir(), 'steward-settings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('settings on the headless host', () => {
  it('start from defaults, round-trip through the JSON file, and never return an API key', async () => {
    const h = settingsHandlers(jsonSettingsStore(join(dir, 'settings.json')), fileSecretStore(join(dir, 'secrets.json')));
    expect(await h['settings.get']({})).toMatchObject({ ...DEFAULT_SETTINGS, apiKeys: { openai: false } });
    const updated = await h['settings.update']({ language: 'en', provider: { name: 'anthropic', model: 'claude-x' } });
    expect(updated).toMatchObject({ language: 'en', provider: { name: 'anthropic', model: 'claude-x' } });
    const withKey = await h['settings.setApiKey']({ provider: 'anthropic', key: 'sk-secret-value' });
    expect(withKey.apiKeys.anthropic).toBe(true);
    expect(JSON.stringify(withKey)).not.toContain('sk-secret-value');
    expect(withKey.secretStore).toMatchObject({ encrypted: false });
    expect(withKey.secretStore.warning).toMatch(/secret store/);
    expect(statSync(join(dir, 'secrets.json')).mode & 0o077).toBe(0);
  });

  it('a settings file that no longer matches the schema falls back to defaults instead of crashing', () => {
    const path = join(dir, 'broken.json');
    writeFileSync(path, JSON.stringify({ language: 'fr', provider: 42 }));
    expect(jsonSettingsStore(path).read()).toEqual(DEFAULT_SETTINGS);
  });

  it('a file that is not JSON is a FILE_ACCESS error with a suggestion', () => {
    const path = join(dir, 'garbage.json');
    writeFileSync(path, '{nope');
    expect(() => jsonSettingsStore(path).read()).toThrow(/not valid JSON/);
  });
});

describe('STEWARD_SITES', () => {
  it('takes a JSON object of http(s) URLs and ignores anything else with one warning', async () => {
    const { parseSites } = await import('../../../../src/main/services/sites.ts');
    const warnings: string[] = [];
    const warn = (l: string) => warnings.push(l);
    expect(parseSites('{"flights":"http://127.0.0.1:1/","shopA":"javascript:alert(1)","n":3}', warn)).toEqual({
      flights: 'http://127.0.0.1:1/',
    });
    expect(parseSites('[1,2]', warn)).toEqual({});
    expect(parseSites('{nope', warn)).toEqual({});
    expect(parseSites(undefined, warn)).toEqual({});
    expect(warnings).toHaveLength(2);
  });
});
