import { describe, expect, it } from 'vitest';
import {
  CreativeBody,
  campaignMeta,
  checkCitations,
  PlannerBody,
  ResearchBody,
  StrategyBody,
  StrategyOutput,
  VoiceBody,
} from '../../../../src/main/packs/campaign/contracts/index.ts';
import { creativeReply, plannerReply, researchReply, strategyReply, voiceReply } from './replies.ts';

const clone = <T>(o: T): T => structuredClone(o);
const issues = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('planner contract', () => {
  it('accepts the documented answer and stores strings trimmed', () => {
    const r = PlannerBody.parse(plannerReply);
    expect(r.slot_updates[1]?.value).toBe('비건 스킨케어');
  });
  it('refuses an empty response_text or next_question', () => {
    expect(PlannerBody.safeParse({ ...plannerReply, response_text: '   ' }).success).toBe(false);
    expect(PlannerBody.safeParse({ ...plannerReply, next_question: '' }).success).toBe(false);
  });
  it('refuses a confidence outside 0..1', () => {
    const bad = clone(plannerReply);
    (bad.slot_updates[0] as { confidence: number }).confidence = 1.2;
    expect(issues(PlannerBody.safeParse(bad))).toContain('slot_updates.0.confidence: confidence is 0..1');
  });
  it('refuses gate.ready with required slots still missing', () => {
    const r = PlannerBody.safeParse({ ...plannerReply, gate: { ready: true, missing_required: ['target.who'] } });
    expect(issues(r)).toContain('gate.missing_required: gate.ready=true needs an empty missing_required');
  });
  it('refuses an extra key, an unknown path and a list value on a text path', () => {
    expect(PlannerBody.safeParse({ ...plannerReply, mood: 'happy' }).success).toBe(false);
    const unknownPath = clone(plannerReply);
    (unknownPath.slot_updates[0] as { path: string }).path = 'product.color';
    expect(PlannerBody.safeParse(unknownPath).success).toBe(false);
    const listOnText = clone(plannerReply);
    (listOnText.slot_updates[0] as { value: unknown }).value = ['Glow X'];
    expect(issues(PlannerBody.safeParse(listOnText))).toContain('slot_updates.0.value: product.name takes one text');
  });
});

describe('research contract', () => {
  const ok = researchReply('https://example.com/report', '2026-02-19');
  it('accepts the documented answer', () => expect(ResearchBody.safeParse(ok).success).toBe(true));
  it('needs at least one market signal, competitor note and channel observation', () => {
    for (const k of ['market_signals', 'competitor_notes', 'channel_observations'] as const)
      expect(ResearchBody.safeParse({ ...ok, [k]: [] }).success, k).toBe(false);
  });
  it('needs a reason in risk_flags when evidence is empty', () => {
    expect(issues(ResearchBody.safeParse({ ...ok, evidence: [], risk_flags: [] }))).toContain(
      'risk_flags: an empty evidence list needs its reason in risk_flags',
    );
    expect(ResearchBody.safeParse({ ...ok, evidence: [], risk_flags: ['no page was named'] }).success).toBe(true);
  });
  it('refuses an evidence confidence outside 0..1, a non-web URL and a non-date', () => {
    const e = ok.evidence[0] as Record<string, unknown>;
    expect(ResearchBody.safeParse({ ...ok, evidence: [{ ...e, confidence: -0.1 }] }).success).toBe(false);
    expect(ResearchBody.safeParse({ ...ok, evidence: [{ ...e, url: 'ftp://example.com/x' }] }).success).toBe(false);
    expect(ResearchBody.safeParse({ ...ok, evidence: [{ ...e, observed_at: 'yesterday' }] }).success).toBe(false);
  });
  it('lets evidence cite only pages read, with the date they were read', () => {
    const read = [{ url: 'https://a.test/p', title: 'A', observed_at: '2026-02-19', via: 'named' as const, excerpts: ['x'] }];
    const cite = (url: string, observed_at: string) => [{ source: 'web' as const, title: 'A', url, observed_at, confidence: 0.5 }];
    expect(checkCitations(read, cite('https://a.test/p', '2026-02-19'))).toEqual([]);
    expect(checkCitations(read, cite('https://invented.test/', '2026-02-19'))[0]).toContain('is not one of the pages read');
    expect(checkCitations(read, cite('https://a.test/p', '2026-01-01'))[0]).toContain('must be 2026-02-19');
  });
});

describe('strategy contract', () => {
  it('accepts the documented answer', () => expect(StrategyBody.safeParse(strategyReply).success).toBe(true));
  it('needs two positioning options, three actions and all four assets', () => {
    expect(StrategyBody.safeParse({ ...strategyReply, positioning_options: strategyReply.positioning_options.slice(0, 1) }).success).toBe(
      false,
    );
    expect(StrategyBody.safeParse({ ...strategyReply, weekly_plan: strategyReply.weekly_plan.slice(0, 2) }).success).toBe(false);
    expect(issues(StrategyBody.safeParse({ ...strategyReply, required_assets: ['ad_copy', 'poster', 'video_prompt'] }))).toContain(
      'required_assets: must include voiceover',
    );
  });
  it('the stored output has the meta fields and strict keys', () => {
    const meta = campaignMeta('strategy', 'trc_test0001', new Date('2026-02-19T00:00:00Z'));
    expect(StrategyOutput.safeParse({ ...meta, ...strategyReply }).success).toBe(true);
    expect(StrategyOutput.safeParse({ ...meta, ...strategyReply, extra: 1 }).success).toBe(false);
    expect(StrategyOutput.safeParse({ ...meta, schema_version: 'v2', ...strategyReply }).success).toBe(false);
    expect(StrategyOutput.safeParse({ ...meta, agent: 'painter', ...strategyReply }).success).toBe(false);
    const { trace_id: _t, ...noTrace } = meta;
    expect(StrategyOutput.safeParse({ ...noTrace, ...strategyReply }).success).toBe(false);
  });
});

describe('creative contract', () => {
  it('accepts 5 or more copies and refuses fewer', () => {
    expect(CreativeBody.safeParse(creativeReply(5)).success).toBe(true);
    expect(issues(CreativeBody.safeParse(creativeReply(4)))).toContain('ad_copies: at least 5 ad copies');
  });
  it('needs a poster spec', () => expect(CreativeBody.safeParse({ ...creativeReply(), poster_specs: [] }).success).toBe(false));
  it('takes only the allowed durations and sizes', () => {
    const v = creativeReply().video_prompt_package;
    for (const d of [5, 10, 15, 20])
      expect(CreativeBody.safeParse({ ...creativeReply(), video_prompt_package: { ...v, duration_sec: d } }).success).toBe(true);
    for (const d of [0, 7, 30, '10'])
      expect(CreativeBody.safeParse({ ...creativeReply(), video_prompt_package: { ...v, duration_sec: d } }).success).toBe(false);
    for (const s of ['480x480', '480x854', '854x480', '720x720', '720x1280', '1280x720'])
      expect(CreativeBody.safeParse({ ...creativeReply(), video_prompt_package: { ...v, size: s } }).success).toBe(true);
    for (const s of ['1920x1080', '720X1280', ''])
      expect(CreativeBody.safeParse({ ...creativeReply(), video_prompt_package: { ...v, size: s } }).success).toBe(false);
  });
});

describe('voice contract', () => {
  it('accepts the documented answer', () => expect(VoiceBody.safeParse(voiceReply).success).toBe(true));
  it('starts the timing map at 0.0', () => {
    const bad = clone(voiceReply);
    (bad.timing_map[0] as { start: number }).start = 0.5;
    expect(issues(VoiceBody.safeParse(bad))).toContain('timing_map.0.start: the first timing_map span starts at 0.0');
  });
  it('keeps subtitles inside the timing map', () => {
    const bad = clone(voiceReply);
    (bad.subtitle_lines[2] as { end: number }).end = 11;
    expect(issues(VoiceBody.safeParse(bad))[0]).toContain('outside the timing_map (0–10s)');
  });
  it('refuses spans that end before they start or overlap', () => {
    const back = clone(voiceReply);
    (back.timing_map[1] as { end: number }).end = 2;
    expect(VoiceBody.safeParse(back).success).toBe(false);
    const overlap = clone(voiceReply);
    (overlap.timing_map[2] as { start: number }).start = 7;
    expect(issues(VoiceBody.safeParse(overlap))).toContain('timing_map.2.start: spans follow in order without overlap');
  });
  it('needs model, voice and format in tts_config', () => {
    for (const k of ['model', 'voice', 'format'] as const) {
      const bad = clone(voiceReply) as { tts_config: Record<string, string> };
      delete bad.tts_config[k];
      expect(VoiceBody.safeParse(bad).success, k).toBe(false);
    }
  });
});
