import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { z } from 'zod';
import { StewardError } from '../../../shared/errors.ts';
import { Settings } from '../../../shared/ipc/index.ts';

/** Where settings live: electron-store in the desktop app, a JSON file on the headless host. */
export interface SettingsStore {
  read(): Settings;
  /** Written as parsed: fields added later (sites) take their defaults. */
  write(settings: z.input<typeof Settings>): void;
}

/** Where API keys live: safeStorage-encrypted in the desktop app; a 0600 file (with a warning) on the host. */
export interface SecretStore {
  readonly encrypted: boolean;
  readonly warning?: string;
  set(provider: string, key: string): void;
  get(provider: string): string | undefined;
  has(provider: string): boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  language: 'ko',
  provider: { name: 'offline', model: '' },
  formProfiles: [],
  mcpServers: [],
  policyOverrides: [],
  sites: [],
  places: [],
  tts: {},
};

function readJson(path: string): unknown {
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new StewardError('FILE_ACCESS', `Settings file ${path} is not valid JSON.`, {
      cause: e,
      suggestions: ['Fix or delete the file; defaults are used when it is missing.'],
    });
  }
}

function writeJsonAtomically(path: string, value: unknown, mode = 0o600): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`, { mode });
  renameSync(tmp, path);
}

/** Settings in a JSON file (headless host). A file that no longer matches the schema falls back field by field to defaults. */
export function jsonSettingsStore(path: string): SettingsStore {
  return {
    read() {
      const raw = readJson(path);
      const merged = { ...DEFAULT_SETTINGS, ...(raw && typeof raw === 'object' ? raw : {}) };
      const parsed = Settings.safeParse(merged);
      return parsed.success ? parsed.data : DEFAULT_SETTINGS;
    },
    write(settings) {
      writeJsonAtomically(path, Settings.parse(settings));
    },
  };
}

/**
 * API keys in a file only the user can read. There is no OS secret store on a headless host,
 * so this says so: the UI shows the warning next to the key field.
 */
export function fileSecretStore(path: string): SecretStore {
  const load = (): Record<string, string> => {
    const raw = readJson(path);
    return raw && typeof raw === 'object' ? (raw as Record<string, string>) : {};
  };
  return {
    encrypted: false,
    warning: 'No OS secret store on this host: API keys are kept unencrypted in a file only your user can read.',
    set(provider, key) {
      writeJsonAtomically(path, { ...load(), [provider]: key });
      chmodSync(path, 0o600);
    },
    get: (provider) => load()[provider],
    has: (provider) => typeof load()[provider] === 'string',
  };
}
