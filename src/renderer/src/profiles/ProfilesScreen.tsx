import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FormProfile, SettingsView } from '../../../shared/ipc/index.ts';
import { call, EngineError } from '../api/client.ts';
import { ErrorBox } from '../common/ErrorBox.tsx';
import { useT } from '../i18n/use-t.ts';
import { ProfileForm } from './ProfileForm.tsx';
import { sameName } from './profile-fields.ts';
import './profiles.css';

type Profile = FormProfile;

const blank = (): Profile => ({ id: `p${Date.now().toString(36)}`, name: '', fields: {} });

/** The person's saved details for forms: several named profiles, each a form of labelled fields. */
export function ProfilesScreen() {
  const t = useT();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['settings'], queryFn: () => call('settings.get', {}) });
  const [editing, setEditing] = useState<Profile>(blank);
  const [problem, setProblem] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const save = useMutation({
    mutationFn: (formProfiles: Profile[]) => call('settings.update', { formProfiles }),
    onSuccess: (v: SettingsView) => qc.setQueryData(['settings'], v),
  });
  if (q.error instanceof EngineError) return <ErrorBox error={q.error.value} />;
  if (!q.data) return <p className="muted">{t('common.loading')}</p>;
  const profiles = q.data.formProfiles;
  const onSave = (p: Profile) => {
    setSaved(undefined);
    if (!p.name) return setProblem(t('profiles.nameMissing'));
    // a second profile with the same name would be a silent duplicate: refuse it and say why
    const same = profiles.find((o) => o.id !== p.id && sameName(o.name, p.name));
    if (same) return setProblem(t('profiles.duplicate', { name: same.name }));
    setProblem(undefined);
    const next = profiles.some((o) => o.id === p.id) ? profiles.map((o) => (o.id === p.id ? p : o)) : [...profiles, p];
    save.mutate(next, {
      onSuccess: () => {
        setSaved(t('profiles.savedOk', { name: p.name }));
        setEditing(blank());
      },
    });
  };
  return (
    <main className="profiles pane" aria-labelledby="profiles-title">
      <h2 id="profiles-title">{t('profiles.region')}</h2>
      <p className="muted">{t('profiles.intro')}</p>
      <section aria-labelledby="profiles-saved">
        <h3 id="profiles-saved">{t('profiles.saved')}</h3>
        {profiles.length === 0 && <p className="muted">{t('profiles.none')}</p>}
        <ul className="profile-list">
          {profiles.map((p) => (
            <li key={p.id} data-testid="profile-item">
              <strong>{p.name}</strong> <span className="muted">{t('profiles.fieldsCount', { n: Object.keys(p.fields).length })}</span>
              <button type="button" aria-label={`${t('profiles.edit')}: ${p.name}`} onClick={() => setEditing(p)}>
                {t('profiles.edit')}
              </button>
              <button
                type="button"
                className="danger"
                aria-label={`${t('profiles.delete')}: ${p.name}`}
                onClick={() => save.mutate(profiles.filter((o) => o.id !== p.id))}
              >
                {t('profiles.delete')}
              </button>
            </li>
          ))}
        </ul>
      </section>
      {saved && (
        <p role="status" className="ok">
          {saved}
        </p>
      )}
      {save.error instanceof EngineError && <ErrorBox error={save.error.value} />}
      <ProfileForm
        key={editing.id}
        initial={editing}
        busy={save.isPending}
        {...(problem ? { problem } : {})}
        onSave={onSave}
        {...(editing.name ? { onCancel: () => setEditing(blank()) } : {})}
      />
    </main>
  );
}
