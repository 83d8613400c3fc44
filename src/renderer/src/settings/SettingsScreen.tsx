import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { ProviderName, type Settings, type SettingsView } from '../../../shared/ipc/index.ts';
import { call, EngineError } from '../api/client.ts';
import { VoiceSettings } from '../campaign/VoiceSettings.tsx';
import { ErrorBox } from '../common/ErrorBox.tsx';
import { useT } from '../i18n/use-t.ts';
import { useUi } from '../state/ui-store.ts';
import { ListEditor } from './ListEditor.tsx';
import { PlacesEditor } from './PlacesEditor.tsx';
import { RiskyConfirm, riskyChangesOf } from './RiskyConfirm.tsx';
import { SitesEditor } from './SitesEditor.tsx';
import { useSettingsText } from './texts.ts';

/** Everything the person can set: language, model provider, its address and key, form profiles, sites per task, MCP servers, policy overrides. */
export function SettingsScreen() {
  const t = useT();
  const say = useSettingsText();
  const qc = useQueryClient();
  const setLanguage = useUi((s) => s.setLanguage);
  const language = useUi((s) => s.language);
  const q = useQuery({ queryKey: ['settings'], queryFn: () => call('settings.get', {}) });
  const [draft, setDraft] = useState<Settings>();
  const [key, setKey] = useState('');
  useEffect(() => {
    if (q.data && !draft) setDraft(q.data);
  }, [q.data, draft]);
  const save = useMutation({
    mutationFn: ({ s, confirmed }: { s: Settings; confirmed?: string[] }) =>
      call('settings.update', {
        provider: s.provider,
        formProfiles: s.formProfiles,
        mcpServers: s.mcpServers,
        policyOverrides: s.policyOverrides,
        sites: s.sites,
        places: s.places,
        ...(confirmed ? { confirmed } : {}),
      }),
    onSuccess: (v: SettingsView) => qc.setQueryData(['settings'], v),
  });
  const risky = save.error instanceof EngineError ? riskyChangesOf(save.error.value) : undefined;
  const storeKey = useMutation({
    mutationFn: () => call('settings.setApiKey', { provider: draft?.provider.name ?? 'openai', key }),
    onSuccess: (v) => {
      setKey('');
      qc.setQueryData(['settings'], v);
    },
  });
  if (q.error instanceof EngineError) return <ErrorBox error={q.error.value} />;
  if (!draft || !q.data) return <p className="muted">{t('common.loading')}</p>;
  const view = q.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ s: draft });
  };
  const provider = draft.provider.name;
  return (
    <main className="settings pane" aria-labelledby="settings-title">
      <h2 id="settings-title">{t('settings.region')}</h2>
      <form onSubmit={submit}>
        <div className="field">
          <label htmlFor="s-lang">{t('settings.language')}</label>
          <select
            id="s-lang"
            value={draft.language}
            onChange={(e) => setDraft({ ...draft, language: e.target.value as Settings['language'] })}
          >
            <option value="ko">한국어</option>
            <option value="en">English</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="s-provider">{t('settings.provider')}</label>
          <select
            id="s-provider"
            value={provider}
            onChange={(e) => setDraft({ ...draft, provider: { ...draft.provider, name: e.target.value as Settings['provider']['name'] } })}
          >
            {ProviderName.options.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="s-model">{t('settings.model')}</label>
          <input
            id="s-model"
            value={draft.provider.model}
            onChange={(e) => setDraft({ ...draft, provider: { ...draft.provider, model: e.target.value } })}
          />
        </div>
        {provider !== 'offline' && (
          <div className="field">
            <label htmlFor="s-base-url">{t('settings.baseUrl')}</label>
            <input
              id="s-base-url"
              type="url"
              value={draft.provider.baseUrl ?? ''}
              placeholder="https://"
              onChange={(e) => {
                const { baseUrl: _old, ...rest } = draft.provider;
                setDraft({ ...draft, provider: e.target.value ? { ...rest, baseUrl: e.target.value } : rest });
              }}
              aria-describedby="s-base-url-help"
            />
            <p className="muted" id="s-base-url-help">
              {say('baseUrlHelp')}
            </p>
          </div>
        )}
        <ListEditor
          title={t('settings.profiles')}
          items={draft.formProfiles.map((p) => ({ key: p.id, label: `${p.name} (${Object.keys(p.fields).length})` }))}
          fields={[
            { id: 'name', label: t('settings.profileName') },
            { id: 'fields', label: t('settings.profileFields'), multiline: true },
          ]}
          addLabel={t('settings.addProfile')}
          removeLabel={t('settings.remove')}
          onAdd={(v) => {
            const fields = Object.fromEntries(
              (v.fields ?? '')
                .split('\n')
                .map((l) => l.split('='))
                .filter((p) => p.length >= 2 && p[0]?.trim())
                .map(([k, ...rest]) => [String(k).trim(), rest.join('=').trim()]),
            );
            setDraft({ ...draft, formProfiles: [...draft.formProfiles, { id: `p${Date.now()}`, name: v.name ?? '', fields }] });
          }}
          onRemove={(k) => setDraft({ ...draft, formProfiles: draft.formProfiles.filter((p) => p.id !== k) })}
        />
        <ListEditor
          title={t('settings.mcp')}
          items={draft.mcpServers.map((m) => ({ key: m.name, label: `${m.name}: ${m.url ?? [m.command, ...m.args].join(' ')}` }))}
          fields={[
            { id: 'name', label: t('settings.mcpName') },
            { id: 'target', label: t('settings.mcpCommand') },
          ]}
          addLabel={t('settings.addMcp')}
          removeLabel={t('settings.remove')}
          onAdd={(v) => {
            const target = (v.target ?? '').trim();
            const isUrl = /^https?:\/\//.test(target);
            const [command, ...args] = target.split(/\s+/);
            const server = isUrl ? { name: v.name ?? '', url: target, args: [] } : { name: v.name ?? '', command, args };
            setDraft({ ...draft, mcpServers: [...draft.mcpServers, server] });
          }}
          onRemove={(k) => setDraft({ ...draft, mcpServers: draft.mcpServers.filter((m) => m.name !== k) })}
        />
        <p className="muted" data-testid="mcp-notice">
          {t('settings.mcpNotice')}
        </p>
        <SitesEditor sites={draft.sites} onChange={(sites) => setDraft({ ...draft, sites })} />
        <PlacesEditor places={draft.places} onChange={(places) => setDraft({ ...draft, places })} />
        <p className="muted" data-testid="policy-help">
          {say('policyHelp')}
        </p>
        <ListEditor
          title={t('settings.policy')}
          items={draft.policyOverrides.map((p) => ({ key: p.rule, label: `${p.rule} → ${p.effect}` }))}
          fields={[
            { id: 'rule', label: t('settings.policyRule') },
            { id: 'effect', label: t('settings.policyEffect'), options: ['require_approval', 'allow', 'forbid'] },
          ]}
          addLabel={t('settings.addPolicy')}
          removeLabel={t('settings.remove')}
          onAdd={(v) => {
            const effect = (v.effect ?? 'require_approval') as Settings['policyOverrides'][number]['effect'];
            setDraft({ ...draft, policyOverrides: [...draft.policyOverrides, { rule: v.rule ?? '', effect }] });
          }}
          onRemove={(k) => setDraft({ ...draft, policyOverrides: draft.policyOverrides.filter((p) => p.rule !== k) })}
        />
        <button type="submit" className="primary" disabled={save.isPending}>
          {t('settings.save')}
        </button>
        {save.isSuccess && <span role="status">{t('settings.saved')}</span>}
        {risky ? (
          <RiskyConfirm changes={risky} onConfirm={(keys) => save.mutate({ s: draft, confirmed: keys })} onCancel={() => save.reset()} />
        ) : (
          save.error instanceof EngineError && <ErrorBox error={save.error.value} />
        )}
      </form>
      {provider !== 'offline' && (
        <form
          className="api-key"
          onSubmit={(e) => {
            e.preventDefault();
            if (key) storeKey.mutate();
          }}
        >
          <div className="field">
            <label htmlFor="s-key">
              {t('settings.apiKey')} ({provider})
            </label>
            <input id="s-key" type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} />
          </div>
          <p className="muted">{view.apiKeys[provider] ? t('settings.apiKeyStored') : t('settings.apiKeyNone')}</p>
          {!view.secretStore.encrypted && (
            <p className="warning" title={view.secretStore.warning}>
              {t('settings.noSecretStore')}
            </p>
          )}
          <button type="submit">{t('settings.saveKey')}</button>
          {storeKey.error instanceof EngineError && <ErrorBox error={storeKey.error.value} />}
        </form>
      )}
      <VoiceSettings />
    </main>
  );
}
