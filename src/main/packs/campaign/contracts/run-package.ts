/**
 * The final run package: what a campaign run saved and exports — the brief, the research with
 * the pages read, the strategy, the creatives, the voice assets and the next actions. A part the
 * run did not reach is null; `kpi_next_actions.pending` says why and what to set up.
 */
import { z } from 'zod';
import { ErrorValue } from '../../../../shared/errors.ts';
import { BriefNormalized } from './brief.ts';
import { CreativeOutput } from './creative.ts';
import { NonEmpty } from './meta.ts';
import { ResearchOutput, SourcePage } from './research.ts';
import { DAYS, StrategyOutput } from './strategy.ts';
import { VoiceOutput } from './voice.ts';

export const CAMPAIGN_STAGES = [
  'CHAT_COLLECTING',
  'BRIEF_READY',
  'RUN_RESEARCH',
  'GEN_STRATEGY',
  'GEN_CREATIVES',
  'DONE',
  'FAILED',
] as const;
export const CampaignStage = z.enum(CAMPAIGN_STAGES);
export type CampaignStage = z.infer<typeof CampaignStage>;

/** done: every part made; needs_model: brief and evidence only (no model is set); failed: stopped with an error. */
export const RunStatus = z.enum(['running', 'done', 'needs_model', 'failed']);
export type RunStatus = z.infer<typeof RunStatus>;

export const AudioAsset = z.strictObject({
  status: z.enum(['READY', 'FAILED']),
  /** The audio file written, when READY. */
  file: z.string().nullable(),
  mime: z.string().nullable(),
  bytes: z.number().int().nonnegative().nullable(),
  error: ErrorValue.nullable(),
});
export type AudioAsset = z.infer<typeof AudioAsset>;

export const PendingPart = z.strictObject({
  part: z.enum(['research_summary', 'strategy', 'creatives', 'voice', 'audio']),
  reason: NonEmpty,
  how: NonEmpty,
});
export type PendingPart = z.infer<typeof PendingPart>;

export const RunPackage = z.strictObject({
  run_id: z.string().regex(/^run_[A-Za-z0-9]+$/),
  brief_summary: z.strictObject({ brief: BriefNormalized, locale: z.enum(['ko', 'en']), brand_tone: NonEmpty }),
  research_snapshot: z.strictObject({
    sources: z.array(SourcePage),
    collection_notes: z.array(NonEmpty),
    research: ResearchOutput.nullable(),
    risk_flags: z.array(NonEmpty),
  }),
  strategy_plan: StrategyOutput.nullable(),
  creative_assets: z.strictObject({ positioning_selected: NonEmpty, creative: CreativeOutput, warnings: z.array(NonEmpty) }).nullable(),
  voice_assets: z.strictObject({ voice: VoiceOutput, audio: AudioAsset }).nullable(),
  kpi_next_actions: z.strictObject({
    weekly_goal: NonEmpty,
    actions: z.array(z.strictObject({ day: z.enum(DAYS), action: NonEmpty })),
    pending: z.array(PendingPart),
  }),
});
export type RunPackage = z.infer<typeof RunPackage>;

/** A stored run: the package plus where it stands. */
export const CampaignRun = z.strictObject({
  run_id: z.string(),
  session_id: z.string(),
  stage: CampaignStage,
  status: RunStatus,
  error: ErrorValue.nullable(),
  stages: z.array(z.strictObject({ stage: CampaignStage, at: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
  package: RunPackage,
});
export type CampaignRun = z.infer<typeof CampaignRun>;
