import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import type { SlotChip } from '../../../shared/ipc/index.ts';
import { call } from '../api/client.ts';
import { valueWords } from '../common/text.tsx';
import { useT } from '../i18n/use-t.ts';
import { useUi } from '../state/ui-store.ts';

type Slot = z.infer<typeof SlotChip>;

/** The slots the conversation holds, as chips; each can be edited in place (Enter saves, Escape cancels). */
export function SlotChips({ conversationId, slots }: { conversationId: string; slots: Slot[] }) {
  const t = useT();
  const language = useUi((st) => st.language);
  const [editing, setEditing] = useState<string>();
  const [draft, setDraft] = useState('');
  const [counts, setCounts] = useState<Record<string, number>>({});
  const save = useMutation({
    mutationFn: (v: { name: string; value: string | Record<string, number> }) => call('conversation.setSlot', { conversationId, ...v }),
    onSuccess: () => setEditing(undefined),
  });
  const submit = (e: FormEvent, s: Slot) => {
    e.preventDefault();
    save.mutate({ name: s.name, value: s.counts ? counts : draft });
  };
  return (
    <div className="slots">
      <h3>{t('chat.slots')}</h3>
      <ul className="chips">
        {slots.map((s) =>
          editing === s.name ? (
            <li key={s.name} className="chip editing">
              <form onSubmit={(e) => submit(e, s)}>
                {s.counts ? (
                  <CountsEditor
                    legend={s.label}
                    counts={s.counts}
                    values={counts}
                    onChange={setCounts}
                    onEscape={() => setEditing(undefined)}
                  />
                ) : (
                  <label htmlFor={`slot-${s.name}`}>{s.label}</label>
                )}
                {s.counts ? null : s.choices ? (
                  <select
                    id={`slot-${s.name}`}
                    value={draft}
                    // biome-ignore lint/a11y/noAutofocus: the person just asked to edit this chip
                    autoFocus
                    onChange={(e) => setDraft(e.target.value)}
                    onKeyDown={(e) => e.key === 'Escape' && setEditing(undefined)}
                  >
                    {s.choices.map((c) => (
                      <option key={c.value} value={c.value}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={`slot-${s.name}`}
                    value={draft}
                    // biome-ignore lint/a11y/noAutofocus: the person just asked to edit this chip
                    autoFocus
                    onChange={(e) => setDraft(e.target.value)}
                    onKeyDown={(e) => e.key === 'Escape' && setEditing(undefined)}
                  />
                )}
                <button type="submit">{t('chat.slotSave')}</button>
              </form>
            </li>
          ) : (
            <li key={s.name} className={`chip${s.value === undefined ? ' missing' : ''}`} data-testid="slot-chip">
              <button
                type="button"
                onClick={() => {
                  // a choice chip starts at the chosen entry (its value is the entry's label)
                  const current = s.choices?.find((c) => c.label === s.value)?.value ?? s.choices?.[0]?.value;
                  setDraft(current ?? s.held ?? s.value ?? '');
                  setCounts(Object.fromEntries((s.counts ?? []).map((c) => [c.key, c.value])));
                  setEditing(s.name);
                }}
              >
                <span className="chip-label">{s.label}</span>{' '}
                <span className="chip-value">{s.value === undefined ? t('chat.slotMissing') : valueWords(s.value, t, language)}</span>
                <span className="visually-hidden"> {t('chat.slotEdit')}</span>
              </button>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}

/** A stepper row: the label, −, the number, + (kept in columns so the numbers line up). */
const ROW = {
  display: 'grid',
  gridTemplateColumns: 'minmax(4em, auto) 2.2em 2.5ch 2.2em',
  alignItems: 'center',
  gap: '0.4em',
  margin: '0.2em 0',
};

/** One stepper per count (−, the number, +), bounded by the count's minimum and 9. */
function CountsEditor({
  legend,
  counts,
  values,
  onChange,
  onEscape,
}: {
  legend: string;
  counts: NonNullable<Slot['counts']>;
  values: Record<string, number>;
  onChange: (v: Record<string, number>) => void;
  onEscape: () => void;
}) {
  const step = (key: string, by: number, min: number) =>
    onChange({ ...values, [key]: Math.min(9, Math.max(min, (values[key] ?? 0) + by)) });
  return (
    <fieldset className="counts" onKeyDown={(e) => e.key === 'Escape' && onEscape()}>
      <legend>{legend}</legend>
      {counts.map((c, i) => (
        <div key={c.key} className="count" data-testid={`count-${c.key}`} style={ROW}>
          <span id={`count-${c.key}`}>{c.label}</span>
          <button
            type="button"
            aria-label={`${c.label} −`}
            // biome-ignore lint/a11y/noAutofocus: the person just asked to edit this chip
            autoFocus={i === 0}
            disabled={(values[c.key] ?? 0) <= c.min}
            onClick={() => step(c.key, -1, c.min)}
          >
            −
          </button>
          <output aria-labelledby={`count-${c.key}`} style={{ textAlign: 'center' }}>
            {values[c.key] ?? 0}
          </output>
          <button type="button" aria-label={`${c.label} +`} disabled={(values[c.key] ?? 0) >= 9} onClick={() => step(c.key, 1, c.min)}>
            +
          </button>
        </div>
      ))}
    </fieldset>
  );
}
