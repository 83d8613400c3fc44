import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import type { SlotChip } from '../../../shared/ipc.ts';
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
  const save = useMutation({
    mutationFn: (v: { name: string; value: string }) => call('conversation.setSlot', { conversationId, ...v }),
    onSuccess: () => setEditing(undefined),
  });
  const submit = (e: FormEvent, name: string) => {
    e.preventDefault();
    save.mutate({ name, value: draft });
  };
  return (
    <div className="slots">
      <h3>{t('chat.slots')}</h3>
      <ul className="chips">
        {slots.map((s) =>
          editing === s.name ? (
            <li key={s.name} className="chip editing">
              <form onSubmit={(e) => submit(e, s.name)}>
                <label htmlFor={`slot-${s.name}`}>{s.label}</label>
                {s.choices ? (
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
                  setDraft(current ?? s.value ?? '');
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
