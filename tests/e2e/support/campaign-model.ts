/**
 * An AI SDK mock model for the campaign E2E: it answers each role (by the structured output's
 * name) with a reply a model could write — the understanding starts the campaign, the planner
 * fills the brief from the message, research cites the page the browser read (today's date),
 * strategy, creatives and voice follow. Tests only.
 */
import type { LanguageModelV4CallOptions, LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';

const today = () => new Date().toISOString().slice(0, 10);

function reply(text: string): LanguageModelV4GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: { inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 50, text: 50, reasoning: 0 } },
    warnings: [],
  };
}

const ko = (o: LanguageModelV4CallOptions) =>
  /[가-힣]/.test(
    JSON.stringify(o.prompt)
      .slice(0, 4000)
      .replace(/\\u[0-9a-f]{4}/gi, ''),
  );

export function campaignModel(articleUrl: () => string): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    provider: 'e2e',
    modelId: 'campaign',
    doGenerate: async (o) => {
      const role = o.responseFormat?.type === 'json' ? String(o.responseFormat.name ?? '').replace(/_output$/, '') : '';
      const k = ko(o);
      const bodies: Record<string, unknown> = {
        understanding: {
          commands: [{ type: 'start_task', intent: 'CampaignPlan', confidence: 0.9 }],
          intent: { name: 'CampaignPlan', confidence: 0.9 },
          locale: k ? 'ko' : 'en',
        },
        planner: {
          response_text: k ? '브리프를 모두 받았어요.' : 'I have the whole brief.',
          slot_updates: [
            { path: 'product.name', value: 'Glow X', confidence: 0.95 },
            { path: 'product.category', value: k ? '비건 스킨케어' : 'vegan skincare', confidence: 0.9 },
            { path: 'target.who', value: k ? '25-34 직장인' : 'office workers 25-34', confidence: 0.85 },
            { path: 'target.why', value: k ? '피부결 개선' : 'smoother skin', confidence: 0.8 },
            { path: 'channel.channels', value: ['Instagram', 'YouTube'], confidence: 0.9 },
            { path: 'goal.weekly_goal', value: k ? '문의 30건' : '30 inquiries', confidence: 0.9 },
          ],
          missing_slots: [],
          next_question: k ? '리서치를 시작할게요.' : 'Starting the research.',
          gate: { ready: true, missing_required: [] },
        },
        research: {
          market_signals: [{ signal: k ? 'UGC 후기 영상이 문의를 늘림' : 'UGC review videos raise inquiries', impact: 'high' }],
          competitor_notes: [{ brand: 'BrandA', positioning: k ? '저자극 고보습' : 'gentle, deep moisture', price_band: 'mid' }],
          channel_observations: [
            { channel: 'Instagram', observation: k ? '짧은 후기 영상 반응이 높음' : 'short review videos perform well' },
          ],
          evidence: [
            {
              source: 'web',
              title: 'Instagram UGC reviews drive skincare inquiries',
              url: articleUrl(),
              observed_at: today(),
              confidence: 0.8,
            },
          ],
          risk_flags: [k ? '표본이 한 기사뿐이에요' : 'one article only'],
        },
        strategy: {
          market_assessment: {
            strengths: [k ? '타겟이 분명함' : 'clear target'],
            risks: [k ? '채널 집중' : 'channel concentration'],
            uncertainties: [k ? '초기 CTR' : 'early CTR'],
          },
          positioning_options: [
            {
              id: 'pos_1',
              title: k ? '민감피부 집중' : 'Sensitive skin first',
              message: k ? '자극 없이 매일 쓰는 진정 루틴' : 'A calm routine for every day',
            },
            {
              id: 'pos_2',
              title: k ? '빠른 개선' : 'Fast results',
              message: k ? '7일 체감형 피부결 루틴' : 'Feel smoother skin in 7 days',
            },
          ],
          weekly_plan: [
            { day: 'Mon', action: k ? '핵심 카피 A/B 테스트' : 'A/B test the key copy' },
            { day: 'Wed', action: k ? 'UGC 스타일 영상 업로드' : 'Post a UGC-style video' },
            { day: 'Fri', action: k ? 'FAQ 기반 전환 카피 발행' : 'Publish FAQ-based copy' },
          ],
          required_assets: ['ad_copy', 'poster', 'video_prompt', 'voiceover'],
        },
        creative: {
          ad_copies: Array.from({ length: 10 }, (_, i) => ({
            id: `copy_${i + 1}`,
            text: k ? `피부가 편안해지는 하루 1분 루틴 #${i + 1}` : `A one-minute routine your skin will thank you for #${i + 1}`,
          })),
          poster_specs: [
            {
              id: 'poster_1',
              headline: k ? '민감피부 루틴의 기준' : 'The standard for sensitive skin',
              subheadline: k ? '자극 부담은 낮추고 보습은 채우다' : 'Less irritation, more moisture',
              visual_keywords: ['clean', 'soft light', 'product hero'],
            },
          ],
          video_prompt_package: {
            duration_sec: 10,
            size: '720x1280',
            prompt: 'Soft morning light, a close-up of the Glow X bottle, a hand applying it, calm mood',
            shots: ['0-2.5s hook: product close-up', '2.5-8s use scene', '8-10s CTA'],
          },
        },
        voice: {
          voiceover_script_short: k ? '예민한 피부도 편안하게, 오늘부터 시작해보세요.' : 'Calm skin, starting today.',
          voiceover_script_long: k
            ? '예민한 피부도 편안하게. 매일 부담 없이 흡수되는 루틴으로 오늘부터 시작해보세요.'
            : 'Calm skin with a routine that absorbs gently every day. Start today.',
          delivery_profile: { pace: 'medium', emphasis_words: [k ? '편안하게' : 'calm'] },
          timing_map: [
            { start: 0, end: 2.5, purpose: 'hook', text: k ? '예민한 피부도 편안하게' : 'Calm skin' },
            { start: 2.5, end: 8, purpose: 'benefit', text: k ? '매일 부담 없이 흡수되는 루틴' : 'A routine that absorbs gently' },
            { start: 8, end: 10, purpose: 'cta', text: k ? '지금 시작해보세요' : 'Start today' },
          ],
          subtitle_lines: [
            { start: 0, end: 2.5, text: k ? '예민한 피부도 편안하게' : 'Calm skin' },
            { start: 2.5, end: 8, text: k ? '매일 부담 없이 흡수되는 루틴' : 'A routine that absorbs gently' },
            { start: 8, end: 10, text: k ? '지금 시작해보세요' : 'Start today' },
          ],
          tts_config: { model: 'gpt-4o-mini-tts', voice: 'alloy', format: 'mp3' },
        },
      };
      const body = bodies[role];
      if (!body) throw new Error(`no reply for role "${role}"`);
      return reply(JSON.stringify(body));
    },
  });
}
