import { useState } from 'react';
import type { ConversationView } from '../../../shared/ipc/index.ts';
import { CampaignPanel } from './CampaignPanel.tsx';
import { useCampaignT } from './texts.ts';

/** The buttons that open what the conversation's campaign runs made; the open one shows below. */
export function OutputLinks({ outputs }: { outputs: NonNullable<ConversationView['outputs']> }) {
  const t = useCampaignT();
  const campaigns = outputs.filter((o) => o.packId === 'campaign');
  const [open, setOpen] = useState<string | undefined>(undefined);
  if (!campaigns.length) return null;
  return (
    <div className="campaign-outputs">
      <div className="row">
        {campaigns.map((o) => (
          <button key={o.id} type="button" aria-pressed={open === o.id} onClick={() => setOpen(open === o.id ? undefined : o.id)}>
            {t('open', { title: o.title })}
          </button>
        ))}
      </div>
      {open && <CampaignPanel id={open} onClose={() => setOpen(undefined)} />}
    </div>
  );
}
