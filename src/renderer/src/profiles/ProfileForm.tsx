import { type FormEvent, useId, useState } from 'react';
import { useT } from '../i18n/use-t.ts';
import { fieldLabelKey, PROFILE_GROUPS, type ProfileField, PURPOSES, SEXES } from './profile-fields.ts';

type Profile = { id: string; name: string; fields: Record<string, string> };

/** One profile as a form of labelled fields; empty fields are not stored. */
export function ProfileForm({
  initial,
  problem,
  busy,
  onSave,
  onCancel,
}: {
  initial: Profile;
  problem?: string;
  busy: boolean;
  onSave: (p: Profile) => void;
  onCancel?: () => void;
}) {
  const t = useT();
  const base = useId();
  const [name, setName] = useState(initial.name);
  const [fields, setFields] = useState<Record<string, string>>(initial.fields);
  const set = (key: string, value: string) => setFields((f) => ({ ...f, [key]: value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const kept = Object.fromEntries(
      Object.entries(fields)
        .filter(([, v]) => v.trim() !== '')
        .map(([k, v]) => [k, v.trim()]),
    );
    onSave({ id: initial.id, name: name.trim(), fields: kept });
  };
  const control = (f: ProfileField) => {
    const id = `${base}-${f.key}`;
    const hintId = f.hint ? `${id}-hint` : undefined;
    const value = fields[f.key] ?? '';
    const common = { id, value, 'aria-describedby': hintId };
    return (
      <div className="field" key={f.key}>
        <label htmlFor={id}>{t(fieldLabelKey(f.key))}</label>
        {f.kind === 'sex' ? (
          <select {...common} onChange={(e) => set(f.key, e.target.value)}>
            <option value="">{t('profiles.sex.none')}</option>
            {SEXES.map((s) => (
              <option key={s} value={s}>
                {t(`profiles.sex.${s}`)}
              </option>
            ))}
          </select>
        ) : f.kind === 'purpose' ? (
          <select {...common} onChange={(e) => set(f.key, e.target.value)}>
            <option value="">{t('profiles.sex.none')}</option>
            {PURPOSES.map((p) => (
              <option key={p} value={p}>
                {t(`profiles.purpose.${p}`)}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...common}
            type={f.kind === 'number' ? 'number' : f.kind}
            min={f.kind === 'number' ? 1 : undefined}
            autoComplete={f.autoComplete ?? 'off'}
            maxLength={1000}
            onChange={(e) => set(f.key, e.target.value)}
          />
        )}
        {hintId && f.hint && (
          <small id={hintId} className="muted">
            {t(f.hint)}
          </small>
        )}
      </div>
    );
  };
  return (
    <form className="profile-form" onSubmit={submit} aria-labelledby={`${base}-title`}>
      <h3 id={`${base}-title`}>{initial.name ? t('profiles.editing', { name: initial.name }) : t('profiles.new')}</h3>
      <div className="field">
        <label htmlFor={`${base}-name`}>{t('profiles.name')}</label>
        <input
          id={`${base}-name`}
          value={name}
          required
          maxLength={100}
          placeholder={t('profiles.nameHint')}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${base}-problem` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      {problem && (
        <p id={`${base}-problem`} className="warning" role="alert">
          {problem}
        </p>
      )}
      {PROFILE_GROUPS.map((g) => (
        <fieldset key={g.id} className="profile-group">
          <legend>{t(`profiles.group.${g.id}`)}</legend>
          <div className="profile-grid">{g.fields.map(control)}</div>
        </fieldset>
      ))}
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {t('profiles.save')}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            {t('profiles.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
