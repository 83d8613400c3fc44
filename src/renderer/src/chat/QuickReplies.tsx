import type { z } from 'zod';
import type { QuickReply } from '../../../shared/ipc/index.ts';
import { useT } from '../i18n/use-t.ts';

type Reply = z.infer<typeof QuickReply>;

/** Yes/no and choice buttons the engine offers; picking one sends its text as the person's reply. */
export function QuickReplies({ replies, onPick, disabled }: { replies: Reply[]; onPick: (r: Reply) => void; disabled: boolean }) {
  const t = useT();
  return (
    <fieldset className="quick-replies">
      <legend className="visually-hidden">{t('chat.quickReplies')}</legend>
      {replies.map((r) => (
        <button key={r.id} type="button" onClick={() => onPick(r)} disabled={disabled}>
          {r.label}
        </button>
      ))}
    </fieldset>
  );
}
