import { useCampaignT } from './texts.ts';
import type { CampaignRunView } from './view-model.ts';

type Pkg = CampaignRunView['package'];

export function BriefSection({ brief }: { brief: Pkg['brief_summary']['brief'] }) {
  const t = useCampaignT();
  const rows: Array<[string, string]> = [
    [t('product'), brief.product.name],
    [t('category'), brief.product.category],
    [t('features'), brief.product.features.join(', ')],
    [t('priceBand'), brief.product.price_band ?? ''],
    [t('target'), brief.target.who],
    [t('why'), brief.target.why],
    [t('channels'), brief.channel.channels.join(', ')],
    [t('goal'), brief.goal.weekly_goal],
  ];
  return (
    <section aria-label={t('brief')}>
      <h4>{t('brief')}</h4>
      <dl className="campaign-brief">
        {rows
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}

export function EvidenceSection({ snapshot }: { snapshot: Pkg['research_snapshot'] }) {
  const t = useCampaignT();
  const research = snapshot.research;
  return (
    <section aria-label={t('evidence')}>
      <h4>{t('evidence')}</h4>
      {snapshot.sources.length === 0 && <p>{t('noEvidence')}</p>}
      <ul className="campaign-evidence">
        {snapshot.sources.map((s) => (
          <li key={s.url}>
            <a href={s.url} target="_blank" rel="noreferrer noopener">
              {s.title || s.url}
            </a>{' '}
            <small>
              {t('seen', { date: s.observed_at })} · {s.via}
            </small>
            {s.excerpts[0] && <blockquote>{s.excerpts.slice(0, 3).join(' · ')}</blockquote>}
          </li>
        ))}
      </ul>
      {research && (
        <div className="campaign-columns">
          <List title={t('signals')} items={research.market_signals.map((m) => `${m.signal} (${m.impact})`)} />
          <List title={t('competitors')} items={research.competitor_notes.map((c) => `${c.brand}: ${c.positioning} · ${c.price_band}`)} />
          <List title={t('channelNotes')} items={research.channel_observations.map((c) => `${c.channel}: ${c.observation}`)} />
        </div>
      )}
      {snapshot.risk_flags.length > 0 && <List title={t('riskFlags')} items={snapshot.risk_flags} />}
    </section>
  );
}

export function StrategySection({ plan, selected }: { plan: NonNullable<Pkg['strategy_plan']>; selected: string | undefined }) {
  const t = useCampaignT();
  const a = plan.market_assessment;
  return (
    <section aria-label={t('strategy')}>
      <h4>{t('strategy')}</h4>
      <div className="campaign-columns">
        <List title={t('strengths')} items={a.strengths} />
        <List title={t('risks')} items={a.risks} />
        <List title={t('uncertainties')} items={a.uncertainties} />
      </div>
      <h5>{t('positioning')}</h5>
      <ul>
        {plan.positioning_options.map((p) => (
          <li key={p.id}>
            <strong>{p.title}</strong> — {p.message} {p.id === selected && <em>({t('selected')})</em>}
          </li>
        ))}
      </ul>
      <h5>{t('weeklyPlan')}</h5>
      <ol>
        {plan.weekly_plan.map((w) => (
          <li key={`${w.day}-${w.action}`}>
            <strong>{w.day}</strong> {w.action}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function List({ title, items }: { title: string; items: string[] }) {
  return (
    <div>
      <h5>{title}</h5>
      <ul>
        {items.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
    </div>
  );
}
