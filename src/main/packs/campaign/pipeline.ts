/**
 * One campaign run: brief → research in the browser → strategy → creatives → voice, each agent
 * through its contract (validated, retried once, then SCHEMA_VALIDATION_FAILED ends the run).
 * The run is saved at every stage. Without a model the run keeps the brief and the evidence and
 * ends `needs_model`, saying what needs a model and how to set one — it never writes sample text.
 */
import { randomUUID } from 'node:crypto';
import type { LanguageModel } from 'ai';
import { type ErrorValue, StewardError, toErrorValue } from '../../../shared/errors.ts';
import { runModelContract, type StampedOutput } from '../../llm/runner.ts';
import { fill } from '../text.ts';
import type { Locale } from '../types.ts';
import { type BriefNormalized, type BriefSlots, missingRequired, normaliseBrief } from './contracts/brief.ts';
import { COPIES_RECOMMENDED, type CreativeBody, creative } from './contracts/creative.ts';
import { type CampaignAgent, campaignMeta } from './contracts/meta.ts';
import { type ResearchBody, research, type SourcePage } from './contracts/research.ts';
import type { AudioAsset, CampaignRun, CampaignStage, PendingPart, RunPackage } from './contracts/run-package.ts';
import { type StrategyBody, strategy } from './contracts/strategy.ts';
import { type VoiceBody, voice } from './contracts/voice.ts';
import type { CampaignRuns } from './runs.ts';
import { move } from './stages.ts';
import { CAMPAIGN_TEXTS } from './texts.ts';
import { synthesize, type TtsSettings } from './voice/tts.ts';

/** Where the research reads: pages the person named, and/or a search page with the words to search. */
export interface ResearchSources {
  urls: string[];
  search?: { url: string; query: string };
}

/** What the browser brought back: the pages read, and why any named source could not be read. */
export interface Collected {
  sources: SourcePage[];
  notes: string[];
}

export type CollectEvidence = (req: {
  brief: BriefNormalized;
  locale: Locale;
  sources: ResearchSources;
  sessionId: string;
}) => Promise<Collected>;

export interface CampaignModel {
  model: LanguageModel;
  modelName?: string;
}

export interface CampaignDeps {
  runs: CampaignRuns;
  collect: CollectEvidence;
  /** The configured model; without one the run ends after the evidence (needs_model). */
  model?: CampaignModel;
  tts?: TtsSettings;
  /** Where audio files go. */
  artifactsDir: string;
  now?: () => Date;
  /** Told of every stage the run enters (the conversation logs and shows it). */
  onStage?: (stage: CampaignStage, run: CampaignRun) => void;
  signal?: AbortSignal;
}

export interface CampaignRequest {
  sessionId: string;
  brief: BriefSlots;
  locale: Locale;
  sources: ResearchSources;
  brandTone?: string;
  voicePreset?: string;
  /** The positioning option id to make creatives for (the first option when not given). */
  positioning?: string;
}

export async function runCampaign(deps: CampaignDeps, req: CampaignRequest): Promise<CampaignRun> {
  const now = deps.now ?? (() => new Date());
  const brief = normaliseBrief(req.brief);
  if (!brief)
    throw new StewardError('VALIDATION_ERROR', `The brief is not complete: ${missingRequired(req.brief).join(', ')}.`, {
      details: { missing_required: missingRequired(req.brief) },
      suggestions: ['Answer the questions for the missing parts of the brief, then start again.'],
    });
  const locale = req.locale;
  const brandTone = req.brandTone?.trim() || 'friendly';
  const traceId = `trc_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const at = now().toISOString();
  let run: CampaignRun = {
    run_id: `run_${randomUUID().replace(/-/g, '').slice(0, 12)}`,
    session_id: req.sessionId,
    stage: 'BRIEF_READY',
    status: 'running',
    error: null,
    stages: [
      { stage: 'CHAT_COLLECTING', at },
      { stage: 'BRIEF_READY', at },
    ],
    created_at: at,
    updated_at: at,
    package: {
      run_id: '',
      brief_summary: { brief, locale, brand_tone: brandTone },
      research_snapshot: { sources: [], collection_notes: [], research: null, risk_flags: [] },
      strategy_plan: null,
      creative_assets: null,
      voice_assets: null,
      kpi_next_actions: { weekly_goal: brief.goal.weekly_goal, actions: [], pending: [] },
    },
  };
  run.package.run_id = run.run_id;
  const save = (patch: Partial<CampaignRun> = {}) => {
    run = deps.runs.save({ ...run, ...patch, updated_at: now().toISOString() });
    return run;
  };
  const enter = (stage: CampaignStage) => {
    save({ stage: move(run.stage, stage), stages: [...run.stages, { stage, at: now().toISOString() }] });
    deps.onStage?.(stage, run);
  };
  const pkg = (p: Partial<RunPackage>) => save({ package: { ...run.package, ...p } });
  save();
  deps.onStage?.('BRIEF_READY', run);
  const opts = (agent: CampaignAgent) => ({
    input: { ...campaignMeta(agent, traceId, now()), session_id: req.sessionId },
    run: {
      model: deps.model?.model as LanguageModel,
      ...(deps.model?.modelName ? { modelName: deps.model.modelName } : {}),
      now,
      ...(deps.signal ? { signal: deps.signal } : {}),
    },
  });

  try {
    enter('RUN_RESEARCH');
    const collected = await deps.collect({ brief, locale, sources: req.sources, sessionId: req.sessionId });
    const reasons = collected.sources.length
      ? []
      : [fill(CAMPAIGN_TEXTS.noEvidence, locale, { reason: collected.notes.join(' ') || fill(CAMPAIGN_TEXTS.noSourcesGiven, locale) })];
    pkg({
      research_snapshot: {
        sources: collected.sources,
        collection_notes: collected.notes,
        research: null,
        risk_flags: [...collected.notes, ...reasons],
      },
    });

    if (!deps.model) {
      const how = fill(CAMPAIGN_TEXTS.needsModelHow, locale);
      const reason = fill(CAMPAIGN_TEXTS.needsModelReason, locale);
      const pending: PendingPart[] = (['research_summary', 'strategy', 'creatives', 'voice'] as const).map((part) => ({
        part,
        reason,
        how,
      }));
      pkg({ kpi_next_actions: { ...run.package.kpi_next_actions, pending } });
      enter('DONE');
      return save({ status: 'needs_model' });
    }

    const r = opts('research');
    const found: StampedOutput<ResearchBody, 'research'> = await runModelContract(
      research,
      {
        ...r.input,
        brief_normalized: brief,
        locale: locale === 'ko' ? 'ko-KR' : 'en-US',
        sources: collected.sources,
        collection_notes: collected.notes,
      },
      r.run,
    );
    // an empty evidence list always names its cause, in the model's words or the browser's
    if (!found.evidence.length)
      for (const reason of [...collected.notes, ...reasons]) if (!found.risk_flags.includes(reason)) found.risk_flags.push(reason);
    pkg({ research_snapshot: { ...run.package.research_snapshot, research: found, risk_flags: found.risk_flags } });

    enter('GEN_STRATEGY');
    const s = opts('strategy');
    const plan: StampedOutput<StrategyBody, 'strategy'> = await runModelContract(
      strategy,
      {
        ...s.input,
        brief_normalized: brief,
        research: {
          market_signals: found.market_signals,
          competitor_notes: found.competitor_notes,
          channel_observations: found.channel_observations,
          evidence: found.evidence,
        },
        locale,
      },
      s.run,
    );
    pkg({ strategy_plan: plan, kpi_next_actions: { ...run.package.kpi_next_actions, actions: plan.weekly_plan } });

    enter('GEN_CREATIVES');
    const chosen = plan.positioning_options.find((p) => p.id === req.positioning) ?? plan.positioning_options[0];
    if (!chosen)
      throw new StewardError('SCHEMA_VALIDATION_FAILED', 'The strategy has no positioning option.', { suggestions: ['Generate again.'] });
    const c = opts('creative');
    const made: StampedOutput<CreativeBody, 'creative'> = await runModelContract(
      creative,
      {
        ...c.input,
        strategy: { positioning_selected: chosen.id, required_assets: plan.required_assets, positioning: chosen },
        brand_tone: brandTone,
        locale,
      },
      c.run,
    );
    const warnings =
      made.ad_copies.length < COPIES_RECOMMENDED
        ? [fill(CAMPAIGN_TEXTS.fewCopies, locale, { count: made.ad_copies.length, recommended: COPIES_RECOMMENDED })]
        : [];
    pkg({ creative_assets: { positioning_selected: chosen.id, creative: made, warnings } });

    const v = opts('voice');
    const spoken: StampedOutput<VoiceBody, 'voice'> = await runModelContract(
      voice,
      {
        ...v.input,
        strategy_summary: `${chosen.title}: ${chosen.message}`,
        creative: {
          video_prompt_package: { duration_sec: made.video_prompt_package.duration_sec },
          cta: made.ad_copies[0]?.text ?? chosen.message,
        },
        voice_preset: req.voicePreset?.trim() || `${brandTone}_${locale}`,
        locale,
      },
      v.run,
    );
    const audio: AudioAsset = await synthesize(deps.tts, spoken, {
      dir: deps.artifactsDir,
      name: run.run_id,
      locale,
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
    const pending: PendingPart[] = audio.error
      ? [{ part: 'audio', reason: audio.error.message, how: audio.error.suggestions[0] ?? fill(CAMPAIGN_TEXTS.ttsHow, locale) }]
      : [];
    pkg({ voice_assets: { voice: spoken, audio }, kpi_next_actions: { ...run.package.kpi_next_actions, pending } });
    enter('DONE');
    return save({ status: 'done' });
  } catch (e) {
    const v: ErrorValue = toErrorValue(e);
    const error = { ...v, details: { ...v.details, stage: run.stage } };
    save({ stage: 'FAILED', status: 'failed', error, stages: [...run.stages, { stage: 'FAILED', at: now().toISOString() }] });
    deps.onStage?.('FAILED', run);
    return run;
  }
}
