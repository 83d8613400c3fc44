/** Model answers for the campaign agents, as a model would write them (tests only). */

export const plannerReply = {
  response_text: '좋아요. 주요 타겟 고객을 더 구체화해볼게요.',
  slot_updates: [
    { path: 'product.name', value: 'Glow X', confidence: 0.95 },
    { path: 'product.category', value: '  비건 스킨케어  ', confidence: 0.91 },
    { path: 'channel.channels', value: ['Instagram', 'YouTube'], confidence: 0.8 },
  ],
  missing_slots: ['target.who', 'target.why', 'goal.weekly_goal'],
  next_question: '주요 타겟 고객은 누구인가요?',
  gate: { ready: false, missing_required: ['target.who', 'target.why', 'goal.weekly_goal'] },
};

export function researchReply(url: string, observedAt: string) {
  return {
    market_signals: [{ signal: '민감성 스킨케어 관심 증가', impact: 'high' }],
    competitor_notes: [{ brand: 'BrandA', positioning: '저자극 고보습', price_band: 'mid' }],
    channel_observations: [{ channel: 'Instagram', observation: 'UGC 후기형 콘텐츠 반응 높음' }],
    evidence: [{ source: 'web', title: '시장 리포트', url, observed_at: observedAt, confidence: 0.78 }],
    risk_flags: ['데이터 표본 편향 가능성'],
  };
}

export const strategyReply = {
  market_assessment: { strengths: ['타겟 명확'], risks: ['채널 집중도 부족'], uncertainties: ['초기 CTR 예측 오차'] },
  positioning_options: [
    { id: 'pos_1', title: '민감피부 집중', message: '자극 없이 매일 쓰는 진정 루틴' },
    { id: 'pos_2', title: '빠른 개선', message: '7일 체감형 피부결 루틴' },
  ],
  weekly_plan: [
    { day: 'Mon', action: '핵심 카피 A/B 테스트' },
    { day: 'Wed', action: 'UGC 스타일 영상 업로드' },
    { day: 'Fri', action: 'FAQ 기반 전환 카피 발행' },
  ],
  required_assets: ['ad_copy', 'poster', 'video_prompt', 'voiceover'],
};

export function creativeReply(copies = 10) {
  return {
    ad_copies: Array.from({ length: copies }, (_, i) => ({ id: `copy_${i + 1}`, text: `피부가 편안해지는 루틴 ${i + 1}` })),
    poster_specs: [
      {
        id: 'poster_1',
        headline: '민감피부 루틴의 기준',
        subheadline: '자극 부담은 낮추고 보습은 채우다',
        visual_keywords: ['clean', 'soft light'],
      },
    ],
    video_prompt_package: {
      duration_sec: 10,
      size: '720x1280',
      prompt: 'A calm close-up of a skincare bottle in soft morning light',
      shots: ['0-2.5s 훅: 제품 클로즈업', '2.5-8s 사용 장면', '8-10s CTA'],
    },
  };
}

export const voiceReply = {
  voiceover_script_short: '예민한 피부도 편안하게, 오늘부터 가볍게 시작해보세요.',
  voiceover_script_long: '예민한 피부도 편안하게. 매일 부담 없이 흡수되는 루틴으로 오늘부터 가볍게 시작해보세요.',
  delivery_profile: { pace: 'medium', emphasis_words: ['편안하게', '가볍게', '시작'] },
  timing_map: [
    { start: 0.0, end: 2.5, purpose: 'hook', text: '예민한 피부도 편안하게' },
    { start: 2.5, end: 8.0, purpose: 'benefit', text: '매일 부담 없이 흡수되는 루틴' },
    { start: 8.0, end: 10.0, purpose: 'cta', text: '지금 시작해보세요' },
  ],
  subtitle_lines: [
    { start: 0.0, end: 2.5, text: '예민한 피부도 편안하게' },
    { start: 2.5, end: 8.0, text: '매일 부담 없이 흡수되는 루틴' },
    { start: 8.0, end: 10.0, text: '지금 시작해보세요' },
  ],
  tts_config: { model: 'gpt-4o-mini-tts', voice: 'alloy', format: 'mp3' },
};

export const BRIEF = {
  product: { name: 'Glow X', category: 'Skincare', features: ['A', 'B', 'C'], price_band: 'mid' },
  target: { who: '25-34 직장인', why: '피부결 개선' },
  channel: { channels: ['Instagram', 'YouTube'] },
  goal: { weekly_goal: 'inquiry' },
};

export const json = (o: unknown) => JSON.stringify(o);
