/** What the person is told when a campaign run ends: what was made, what was not and why, what to do next. */
import { fill } from '../text.ts';
import type { Locale } from '../types.ts';
import type { CampaignRun } from './contracts/run-package.ts';
import { CAMPAIGN_TEXTS } from './texts.ts';

export function reportOf(run: CampaignRun, locale: Locale): string {
  const p = run.package;
  const flags = p.research_snapshot.sources.length ? [] : p.research_snapshot.risk_flags.slice(-1);
  if (run.status === 'needs_model')
    return [fill(CAMPAIGN_TEXTS.needsModel, locale, { count: p.research_snapshot.sources.length }), ...flags].join('\n');
  if (run.status === 'failed' && run.error) {
    const stage = String(run.error.details.stage ?? run.stages.at(-2)?.stage ?? run.stage);
    return fill(CAMPAIGN_TEXTS.failed, locale, {
      stage,
      code: run.error.code,
      message: run.error.message,
      next: run.error.suggestions[0] ?? '',
    });
  }
  const audio = p.voice_assets?.audio;
  const audioText = !audio
    ? ''
    : audio.status === 'READY'
      ? fill(CAMPAIGN_TEXTS.audioReady, locale)
      : fill(CAMPAIGN_TEXTS.audioFailed, locale, { message: audio.error?.message ?? '', next: audio.error?.suggestions[0] ?? '' });
  return [
    fill(CAMPAIGN_TEXTS.done, locale, {
      positions: p.strategy_plan?.positioning_options.length ?? 0,
      copies: p.creative_assets?.creative.ad_copies.length ?? 0,
      posters: p.creative_assets?.creative.poster_specs.length ?? 0,
      duration: p.creative_assets?.creative.video_prompt_package.duration_sec ?? 0,
      audio: audioText,
    }),
    ...flags,
  ].join('\n');
}
