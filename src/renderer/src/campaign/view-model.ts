/**
 * The campaign run as the screen reads it: the engine sends the stored run (already checked
 * against its contract there); this reads the parts shown and refuses anything else loudly.
 */
import { z } from 'zod';
import { ErrorValue } from '../../../shared/errors.ts';

const S = z.string();
const Items = z.array(S);
const Output = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape);

const Source = z.looseObject({ url: S, title: S, observed_at: S, via: S, excerpts: Items });
const Research = Output({
  market_signals: z.array(z.looseObject({ signal: S, impact: S })),
  competitor_notes: z.array(z.looseObject({ brand: S, positioning: S, price_band: S })),
  channel_observations: z.array(z.looseObject({ channel: S, observation: S })),
  evidence: z.array(z.looseObject({ title: S, url: S, observed_at: S, confidence: z.number() })),
  risk_flags: Items,
});
const Strategy = Output({
  market_assessment: z.looseObject({ strengths: Items, risks: Items, uncertainties: Items }),
  positioning_options: z.array(z.looseObject({ id: S, title: S, message: S })),
  weekly_plan: z.array(z.looseObject({ day: S, action: S })),
});
const Creative = Output({
  ad_copies: z.array(z.looseObject({ id: S, text: S })),
  poster_specs: z.array(z.looseObject({ id: S, headline: S, subheadline: S, visual_keywords: Items })),
  video_prompt_package: z.looseObject({ duration_sec: z.number(), size: S, prompt: S, shots: Items }),
});
const Span = { start: z.number(), end: z.number(), text: S };
const Voice = Output({
  voiceover_script_short: S,
  voiceover_script_long: S,
  timing_map: z.array(z.looseObject({ ...Span, purpose: S })),
  subtitle_lines: z.array(z.looseObject(Span)),
  tts_config: z.looseObject({ model: S, voice: S, format: S }),
});
const Maybe = S.nullable();

export const CampaignRunView = z.looseObject({
  run_id: S,
  stage: S,
  status: z.enum(['running', 'done', 'needs_model', 'failed']),
  error: ErrorValue.nullable(),
  package: z.looseObject({
    brief_summary: z.looseObject({
      brief: z.looseObject({
        product: z.looseObject({ name: S, category: S, features: Items, price_band: Maybe }),
        target: z.looseObject({ who: S, why: S }),
        channel: z.looseObject({ channels: Items }),
        goal: z.looseObject({ weekly_goal: S }),
      }),
    }),
    research_snapshot: z.looseObject({ sources: z.array(Source), research: Research.nullable(), risk_flags: Items }),
    strategy_plan: Strategy.nullable(),
    creative_assets: z.looseObject({ positioning_selected: S, creative: Creative, warnings: Items }).nullable(),
    voice_assets: z
      .looseObject({
        voice: Voice,
        audio: z.looseObject({ status: S, file: Maybe, error: z.looseObject({ message: S, suggestions: Items }).nullable() }),
      })
      .nullable(),
    kpi_next_actions: z.looseObject({ pending: z.array(z.looseObject({ part: S, reason: S, how: S })) }),
  }),
});
export type CampaignRunView = z.infer<typeof CampaignRunView>;
