import { List } from './Sections.tsx';
import { useCampaignT } from './texts.ts';
import type { CampaignRunView } from './view-model.ts';

type Pkg = CampaignRunView['package'];

export function CreativeSection({ assets }: { assets: NonNullable<Pkg['creative_assets']> }) {
  const t = useCampaignT();
  const c = assets.creative;
  const v = c.video_prompt_package;
  return (
    <>
      <section aria-label={t('copies', { n: c.ad_copies.length })}>
        <h4>{t('copies', { n: c.ad_copies.length })}</h4>
        {assets.warnings.map((w) => (
          <p key={w} className="campaign-warning">
            {w}
          </p>
        ))}
        <ol className="campaign-copies">
          {c.ad_copies.map((a) => (
            <li key={a.id}>{a.text}</li>
          ))}
        </ol>
      </section>
      <section aria-label={t('posters')}>
        <h4>{t('posters')}</h4>
        {c.poster_specs.map((p) => (
          <div key={p.id} className="campaign-poster">
            <strong>{p.headline}</strong>
            <p>{p.subheadline}</p>
            <p>
              {p.visual_keywords.map((k) => (
                <span key={k} className="chip">
                  {k}
                </span>
              ))}
            </p>
          </div>
        ))}
      </section>
      <section aria-label={t('video')}>
        <h4>{t('video')}</h4>
        <p>
          <code>{t('duration', { n: v.duration_sec, size: v.size })}</code>
        </p>
        <p>{v.prompt}</p>
        <List title={t('shots')} items={v.shots} />
      </section>
    </>
  );
}

export function VoiceSection({ assets }: { assets: NonNullable<Pkg['voice_assets']> }) {
  const t = useCampaignT();
  const v = assets.voice;
  const audio = assets.audio;
  return (
    <section aria-label={t('voice')}>
      <h4>{t('voice')}</h4>
      <dl className="campaign-brief">
        <div>
          <dt>{t('short')}</dt>
          <dd>{v.voiceover_script_short}</dd>
        </div>
        <div>
          <dt>{t('long')}</dt>
          <dd>{v.voiceover_script_long}</dd>
        </div>
      </dl>
      <table className="campaign-timing" aria-label={t('timing')}>
        <caption>{t('timing')}</caption>
        <thead>
          <tr>
            <th>{t('from')}</th>
            <th>{t('to')}</th>
            <th>{t('purpose')}</th>
            <th>{t('text')}</th>
          </tr>
        </thead>
        <tbody>
          {v.timing_map.map((s) => (
            <tr key={`${s.start}-${s.end}`}>
              <td>{s.start.toFixed(1)}s</td>
              <td>{s.end.toFixed(1)}s</td>
              <td>{s.purpose}</td>
              <td>{s.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <List title={t('subtitles')} items={v.subtitle_lines.map((l) => `${l.start.toFixed(1)}–${l.end.toFixed(1)}s ${l.text}`)} />
      <p>
        <code>{t('tts', { model: v.tts_config.model, voice: v.tts_config.voice, format: v.tts_config.format })}</code>
      </p>
      <p data-testid="campaign-audio">
        {t('audio')}:{' '}
        {audio.status === 'READY'
          ? t('audioReady', { file: audio.file ?? '' })
          : t('notMade', { reason: audio.error?.message ?? audio.status })}
      </p>
    </section>
  );
}
