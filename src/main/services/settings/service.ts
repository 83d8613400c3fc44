import { StewardError } from '../../../shared/errors.ts';
import { type FormProfile, ProviderName, Settings, type SettingsView } from '../../../shared/ipc/index.ts';
import type { Handlers } from '../dispatch.ts';
import { checkPolicyOverrides } from '../policy-overrides.ts';
import { requireConfirmed, riskyChanges } from './risk.ts';
import type { SecretStore, SettingsStore } from './store.ts';

/** Two profiles of one name would be a silent duplicate (which one does "회사 프로필" mean?): refused. */
function checkProfileNames(profiles: FormProfile[]): void {
  const seen = new Set<string>();
  for (const p of profiles) {
    const key = p.name.trim().toLowerCase();
    if (seen.has(key)) {
      throw new StewardError('VALIDATION_ERROR', `Two profiles are named "${p.name.trim()}".`, {
        details: { field: 'formProfiles', name: p.name.trim() },
        suggestions: ['Give each profile its own name, or edit the existing one.'],
      });
    }
    seen.add(key);
  }
}

/** settings.* channels: read, patch and store an API key; the key itself never goes back to a UI. */
export function settingsHandlers(
  store: SettingsStore,
  secrets: SecretStore,
): Pick<Handlers, 'settings.get' | 'settings.update' | 'settings.setApiKey'> {
  const view = (): SettingsView => ({
    ...store.read(),
    apiKeys: Object.fromEntries([...ProviderName.options.filter((p) => p !== 'offline'), 'tts'].map((p) => [p, secrets.has(p)])),
    secretStore: { encrypted: secrets.encrypted, ...(secrets.warning ? { warning: secrets.warning } : {}) },
  });
  return {
    'settings.get': async () => view(),
    'settings.update': async ({ confirmed, ...patch }) => {
      if (patch.policyOverrides) checkPolicyOverrides(patch.policyOverrides);
      if (patch.formProfiles) checkProfileNames(patch.formProfiles);
      const current = store.read();
      const next = Settings.parse({ ...current, ...patch });
      // a command to run or a new address for the API key is saved only once the person confirmed it
      requireConfirmed(riskyChanges(current, next), confirmed);
      store.write(next);
      return view();
    },
    'settings.setApiKey': async ({ provider, key }) => {
      secrets.set(provider, key);
      return view();
    },
  };
}
