import { safeStorage } from 'electron';
import ElectronStore from 'electron-store';
import { StewardError } from '../../shared/errors.ts';
import { Settings } from '../../shared/ipc/index.ts';
import { DEFAULT_SETTINGS, type SecretStore, type SettingsStore } from '../services/settings/store.ts';

/** Settings in electron-store (a JSON file in userData), checked against the schema on every read. */
export function electronSettingsStore(): SettingsStore {
  const store = new ElectronStore<{ settings: Settings }>({ name: 'settings', defaults: { settings: DEFAULT_SETTINGS } });
  return {
    read() {
      const parsed = Settings.safeParse({ ...DEFAULT_SETTINGS, ...store.get('settings') });
      return parsed.success ? parsed.data : DEFAULT_SETTINGS;
    },
    write(settings) {
      store.set('settings', Settings.parse(settings));
    },
  };
}

/**
 * API keys encrypted with safeStorage (Keychain, DPAPI, libsecret/kwallet) and kept as base64
 * ciphertext in electron-store. Where Linux has no secret service, Electron falls back to a
 * hard-coded key ('basic_text'): we still store, and say so.
 */
export function safeStorageSecretStore(): SecretStore {
  const store = new ElectronStore<{ keys: Record<string, string> }>({ name: 'secrets', defaults: { keys: {} } });
  const available = safeStorage.isEncryptionAvailable();
  const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os';
  const weak = !available || backend === 'basic_text' || backend === 'unknown';
  return {
    encrypted: !weak,
    ...(weak
      ? {
          warning:
            'This system has no OS secret store (keyring); API keys cannot be protected by the OS. Install and unlock a keyring, then store the key again.',
        }
      : {}),
    set(provider, key) {
      if (!available) {
        throw new StewardError('PERMISSION_ERROR', 'Encryption is not available on this system, so the key was not stored.', {
          suggestions: ['Install and unlock a keyring (GNOME Keyring or KWallet), then try again.'],
        });
      }
      store.set('keys', { ...store.get('keys'), [provider]: safeStorage.encryptString(key).toString('base64') });
    },
    get(provider) {
      const c = store.get('keys')[provider];
      return c && available ? safeStorage.decryptString(Buffer.from(c, 'base64')) : undefined;
    },
    has: (provider) => typeof store.get('keys')[provider] === 'string',
  };
}
