import { ProviderName, Settings, type SettingsView } from '../../shared/ipc.ts';
import type { Handlers } from './dispatch.ts';
import { checkPolicyOverrides } from './policy-overrides.ts';
import { requireConfirmed, riskyChanges } from './settings-risk.ts';
import type { SecretStore, SettingsStore } from './settings-store.ts';

/** settings.* channels: read, patch and store an API key; the key itself never goes back to a UI. */
export function settingsHandlers(
  store: SettingsStore,
  secrets: SecretStore,
): Pick<Handlers, 'settings.get' | 'settings.update' | 'settings.setApiKey'> {
  const view = (): SettingsView => ({
    ...store.read(),
    apiKeys: Object.fromEntries(ProviderName.options.filter((p) => p !== 'offline').map((p) => [p, secrets.has(p)])),
    secretStore: { encrypted: secrets.encrypted, ...(secrets.warning ? { warning: secrets.warning } : {}) },
  });
  return {
    'settings.get': async () => view(),
    'settings.update': async ({ confirmed, ...patch }) => {
      if (patch.policyOverrides) checkPolicyOverrides(patch.policyOverrides);
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
