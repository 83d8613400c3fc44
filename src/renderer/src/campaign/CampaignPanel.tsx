import { useMutation, useQuery } from '@tanstack/react-query';
import { call, EngineError } from '../api/client.ts';
import { ErrorBox } from '../common/ErrorBox.tsx';
import './campaign.css';
import { CreativeSection, VoiceSection } from './Creatives.tsx';
import { BriefSection, EvidenceSection, StrategySection } from './Sections.tsx';
import { useCampaignT } from './texts.ts';
import { CampaignRunView } from './view-model.ts';

/** One campaign run package: brief, evidence with links, strategy, copies, posters, video prompt, voice script with its timing map; exportable as a file. */
export function CampaignPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useCampaignT();
  const run = useQuery({
    queryKey: ['output', 'campaign', id],
    queryFn: async () => CampaignRunView.parse((await call('outputs.get', { packId: 'campaign', id })).data),
  });
  const exported = useMutation({
    mutationFn: () => call('outputs.export', { packId: 'campaign', id }),
    onSuccess: ({ fileName, content }) => {
      const url = URL.createObjectURL(new Blob([content], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      a.click();
      URL.revokeObjectURL(url);
    },
  });
  const r = run.data;
  const error = run.error ?? exported.error;
  return (
    <section className="campaign-package" aria-labelledby="campaign-title" data-testid="campaign-package">
      <div className="pane-head">
        <h3 id="campaign-title">{t('title')}</h3>
        <button type="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      {error instanceof EngineError && <ErrorBox error={error.value} />}
      {error && !(error instanceof EngineError) && <p role="alert">{String(error)}</p>}
      {r && (
        <>
          <p className="campaign-status">
            {t('status')}: <strong data-testid="campaign-status">{t(`status.${r.status}`)}</strong> · {t('stage')}: <code>{r.stage}</code> ·{' '}
            <code>{r.run_id}</code>
          </p>
          {r.error && <ErrorBox error={r.error} />}
          <BriefSection brief={r.package.brief_summary.brief} />
          <EvidenceSection snapshot={r.package.research_snapshot} />
          {r.package.strategy_plan && (
            <StrategySection plan={r.package.strategy_plan} selected={r.package.creative_assets?.positioning_selected} />
          )}
          {r.package.creative_assets && <CreativeSection assets={r.package.creative_assets} />}
          {r.package.voice_assets && <VoiceSection assets={r.package.voice_assets} />}
          {r.package.kpi_next_actions.pending.length > 0 && (
            <section aria-label={t('pending')}>
              <h4>{t('pending')}</h4>
              <ul className="campaign-pending">
                {r.package.kpi_next_actions.pending.map((p) => (
                  <li key={p.part}>
                    <strong>{isPart(p.part) ? t(`part.${p.part}`) : p.part}</strong>: {p.reason} — {p.how}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="row">
            <button type="button" onClick={() => exported.mutate()} disabled={exported.isPending}>
              {t('export')}
            </button>
            {exported.data && <span role="status">{t('exported', { path: exported.data.path })}</span>}
          </div>
        </>
      )}
    </section>
  );
}

const PARTS = ['research_summary', 'strategy', 'creatives', 'voice', 'audio'] as const;
function isPart(p: string): p is (typeof PARTS)[number] {
  return (PARTS as readonly string[]).includes(p);
}
