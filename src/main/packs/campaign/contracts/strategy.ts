/** Strategy: an assessment, at least two positioning options, a weekly plan and the assets to make. */
import { z } from 'zod';
import type { ModelContract } from '../../../llm/runner.ts';
import { BriefNormalized } from './brief.ts';
import { CampaignMeta, NonEmpty, withCampaignMeta } from './meta.ts';
import { ResearchBody } from './research.ts';

export const ASSETS = ['ad_copy', 'poster', 'video_prompt', 'voiceover'] as const;
export const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export const StrategyInput = CampaignMeta.extend({
  session_id: NonEmpty,
  brief_normalized: BriefNormalized,
  research: z.strictObject({
    market_signals: ResearchBody.shape.market_signals,
    competitor_notes: ResearchBody.shape.competitor_notes,
    channel_observations: ResearchBody.shape.channel_observations,
    evidence: ResearchBody.shape.evidence,
  }),
  locale: z.enum(['ko', 'en']),
}).strict();
export type StrategyInput = z.infer<typeof StrategyInput>;

export const PositioningOption = z.strictObject({ id: NonEmpty, title: NonEmpty, message: NonEmpty });

export const StrategyBody = z
  .strictObject({
    market_assessment: z.strictObject({
      strengths: z.array(NonEmpty),
      risks: z.array(NonEmpty),
      uncertainties: z.array(NonEmpty),
    }),
    positioning_options: z.array(PositioningOption).min(2, 'at least 2 positioning options'),
    weekly_plan: z.array(z.strictObject({ day: z.enum(DAYS), action: NonEmpty })).min(3, 'at least 3 actions'),
    required_assets: z.array(z.enum(ASSETS)),
  })
  .superRefine((o, ctx) => {
    for (const a of ASSETS)
      if (!o.required_assets.includes(a)) ctx.addIssue({ code: 'custom', path: ['required_assets'], message: `must include ${a}` });
    const ids = o.positioning_options.map((p) => p.id);
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['positioning_options'], message: 'positioning ids must be unique' });
  });
export type StrategyBody = z.infer<typeof StrategyBody>;
export const StrategyOutput = withCampaignMeta(StrategyBody);

export const strategy: ModelContract<typeof StrategyInput, typeof StrategyBody, 'strategy'> = {
  role: 'strategy',
  input: StrategyInput,
  body: StrategyBody,
  system: [
    'You write a campaign strategy for the brief from the research given, in the locale given.',
    'Give at least two positioning options (unique ids pos_1, pos_2, …), a weekly plan of at least three actions (day Mon..Sun),',
    'and required_assets with ad_copy, poster, video_prompt and voiceover. Put what the research does not support into',
    'market_assessment.risks or uncertainties. Return only the JSON object: no markdown, no extra keys.',
  ].join('\n'),
};
