/**
 * Research: market, competitor and channel findings from the pages the browser visited. The
 * model may cite only those pages (URL and the date they were seen); an empty evidence list
 * must carry its reason in risk_flags.
 */
import { z } from 'zod';
import type { ModelContract } from '../../../llm/runner.ts';
import { BriefNormalized } from './brief.ts';
import { CampaignMeta, Confidence, IsoDate, NonEmpty, withCampaignMeta } from './meta.ts';

/** One page the browser read for the research: where, when, and what it said. */
export const SourcePage = z.strictObject({
  url: z.url({ protocol: /^https?$/ }),
  title: z.string().trim(),
  observed_at: IsoDate,
  /** How the page was reached: named by the person, a search page, or a result of that search. */
  via: z.enum(['named', 'search', 'search_result']),
  excerpts: z.array(NonEmpty),
});
export type SourcePage = z.infer<typeof SourcePage>;

export const ResearchInput = CampaignMeta.extend({
  session_id: NonEmpty,
  brief_normalized: BriefNormalized,
  locale: z.enum(['ko-KR', 'en-US']),
  sources: z.array(SourcePage),
  /** Why a source could not be read (shown to the model so an empty evidence list names its cause). */
  collection_notes: z.array(NonEmpty),
}).strict();
export type ResearchInput = z.infer<typeof ResearchInput>;

export const Evidence = z.strictObject({
  source: z.literal('web'),
  title: NonEmpty,
  url: z.url({ protocol: /^https?$/ }),
  observed_at: IsoDate,
  confidence: Confidence,
});
export type Evidence = z.infer<typeof Evidence>;

export const ResearchBody = z
  .strictObject({
    market_signals: z.array(z.strictObject({ signal: NonEmpty, impact: z.enum(['high', 'medium', 'low']) })).min(1),
    competitor_notes: z.array(z.strictObject({ brand: NonEmpty, positioning: NonEmpty, price_band: NonEmpty })).min(1),
    channel_observations: z.array(z.strictObject({ channel: NonEmpty, observation: NonEmpty })).min(1),
    evidence: z.array(Evidence),
    risk_flags: z.array(NonEmpty),
  })
  .superRefine((o, ctx) => {
    if (!o.evidence.length && !o.risk_flags.length)
      ctx.addIssue({ code: 'custom', path: ['risk_flags'], message: 'an empty evidence list needs its reason in risk_flags' });
  });
export type ResearchBody = z.infer<typeof ResearchBody>;
export const ResearchOutput = withCampaignMeta(ResearchBody);

/** Evidence that names a page the browser did not read, or another date than it was read, is refused. */
export function checkCitations(sources: SourcePage[], evidence: Evidence[]): string[] {
  const seen = new Map(sources.map((s) => [s.url, s.observed_at]));
  const problems: string[] = [];
  evidence.forEach((e, i) => {
    const when = seen.get(e.url);
    if (!when) problems.push(`evidence.${i}.url ${e.url} is not one of the pages read (sources)`);
    else if (when !== e.observed_at) problems.push(`evidence.${i}.observed_at must be ${when}, the date the page was read`);
  });
  return problems;
}

export const research: ModelContract<typeof ResearchInput, typeof ResearchBody, 'research'> = {
  role: 'research',
  input: ResearchInput,
  body: ResearchBody,
  system: [
    'You summarise market signals, competitor notes and channel observations for the brief, from the sources only.',
    'Cite each page you use in evidence with its exact url and observed_at from sources; never cite a page not in sources.',
    'Anything not supported by a source goes into risk_flags as uncertain, not stated as fact. If evidence is empty,',
    'risk_flags must say why (use collection_notes). Return only the JSON object: no markdown, no extra keys.',
  ].join('\n'),
  check: (input, output) => checkCitations(input.sources, output.evidence),
};
