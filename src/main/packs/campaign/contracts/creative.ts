/** Creative: ad copies, poster specs and one video prompt package in the allowed lengths and sizes. */
import { z } from 'zod';
import type { ModelContract } from '../../../llm/runner.ts';
import { CampaignMeta, NonEmpty, withCampaignMeta } from './meta.ts';
import { ASSETS, PositioningOption } from './strategy.ts';

export const DURATIONS = [5, 10, 15, 20] as const;
export const SIZES = ['480x480', '480x854', '854x480', '720x720', '720x1280', '1280x720'] as const;
/** Fewer copies than this is accepted with a warning; fewer than the minimum fails. */
export const COPIES_RECOMMENDED = 10;
export const COPIES_MIN = 5;

export const CreativeInput = CampaignMeta.extend({
  session_id: NonEmpty,
  strategy: z.strictObject({
    positioning_selected: NonEmpty,
    required_assets: z.array(z.enum(ASSETS)),
    /** The chosen option's words, so the copy follows it. */
    positioning: PositioningOption,
  }),
  brand_tone: NonEmpty,
  locale: z.enum(['ko', 'en']),
}).strict();
export type CreativeInput = z.infer<typeof CreativeInput>;

export const CreativeBody = z.strictObject({
  ad_copies: z.array(z.strictObject({ id: NonEmpty, text: NonEmpty })).min(COPIES_MIN, `at least ${COPIES_MIN} ad copies`),
  poster_specs: z
    .array(z.strictObject({ id: NonEmpty, headline: NonEmpty, subheadline: NonEmpty, visual_keywords: z.array(NonEmpty).min(1) }))
    .min(1),
  video_prompt_package: z.strictObject({
    duration_sec: z.union(DURATIONS.map((d) => z.literal(d))),
    size: z.enum(SIZES),
    prompt: NonEmpty,
    shots: z.array(NonEmpty).min(1),
  }),
});
export type CreativeBody = z.infer<typeof CreativeBody>;
export const CreativeOutput = withCampaignMeta(CreativeBody);

export const creative: ModelContract<typeof CreativeInput, typeof CreativeBody, 'creative'> = {
  role: 'creative',
  input: CreativeInput,
  body: CreativeBody,
  system: [
    'You write campaign creatives for the selected positioning in the brand tone and locale given.',
    `Write ${COPIES_RECOMMENDED} ad copies (at least ${COPIES_MIN}; ids copy_1…), at least one poster spec, and one video prompt package`,
    `with duration_sec one of ${DURATIONS.join('|')} and size one of ${SIZES.join('|')}; shots say their time range.`,
    'Return only the JSON object: no markdown, no extra keys.',
  ].join('\n'),
};
