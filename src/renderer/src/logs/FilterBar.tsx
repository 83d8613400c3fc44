import { type FormEvent, useState } from 'react';
import type { EventFilter } from '../../../shared/ipc/index.ts';
import { useT } from '../i18n/use-t.ts';

const toMs = (local: string) => (local ? new Date(local).getTime() : undefined);

/** Filters for sessions and events: time range, pack, event type, error class and free text. */
export function FilterBar({ value, onApply }: { value: EventFilter; onApply: (f: EventFilter) => void }) {
  const t = useT();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [pack, setPack] = useState(value.pack ?? '');
  const [type, setType] = useState(value.types?.[0] ?? '');
  const [errorClass, setErrorClass] = useState(value.errorClass ?? '');
  const [text, setText] = useState(value.text ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const f: EventFilter = {};
    const fromMs = toMs(from);
    const toMsValue = toMs(to);
    if (fromMs !== undefined) f.from = fromMs;
    if (toMsValue !== undefined) f.to = toMsValue;
    if (pack.trim()) f.pack = pack.trim();
    if (type.trim()) f.types = [type.trim()];
    if (errorClass.trim()) f.errorClass = errorClass.trim();
    if (text.trim()) f.text = text.trim();
    onApply(f);
  };
  const field = (id: string, label: string, v: string, set: (s: string) => void, kind = 'text') => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type={kind} value={v} onChange={(e) => set(e.target.value)} />
    </div>
  );
  return (
    <form className="filters" onSubmit={submit} aria-label={t('logs.filters')}>
      {field('f-from', t('logs.from'), from, setFrom, 'datetime-local')}
      {field('f-to', t('logs.to'), to, setTo, 'datetime-local')}
      {field('f-pack', t('logs.pack'), pack, setPack)}
      {field('f-type', t('logs.type'), type, setType)}
      {field('f-error', t('logs.errorClass'), errorClass, setErrorClass)}
      {field('f-text', t('logs.text'), text, setText, 'search')}
      <button type="submit">{t('logs.apply')}</button>
    </form>
  );
}
