/** What the campaign says to the person, in Korean and English. */
import { both } from '../text.ts';
import type { Text } from '../types.ts';
import type { BriefPath } from './contracts/brief.ts';

export const QUESTIONS: Record<BriefPath, Text> = {
  'product.name': both(
    '어떤 제품(또는 서비스)을 알리고 싶으세요? 이름을 알려 주세요.',
    'Which product or service is the campaign for? What is it called?',
  ),
  'product.category': both('제품은 어떤 분야인가요? (예: 스킨케어, 커피, 앱)', 'What category is it in (e.g. skincare, coffee, an app)?'),
  'product.features': both('제품의 주요 특징을 쉼표로 나눠 알려 주세요.', 'What are its main features? Separate them with commas.'),
  'product.price_band': both('가격대는 어느 정도인가요? (저가/중간/고가)', 'What is its price band (low, mid or high)?'),
  'target.who': both('주요 타겟 고객은 누구인가요?', 'Who is the main target customer?'),
  'target.why': both('그 고객이 이 제품을 찾는 이유는 무엇인가요?', 'Why would that customer want it?'),
  'channel.channels': both(
    '어느 채널에서 알리고 싶으세요? (예: Instagram, YouTube)',
    'Which channels should it run on (e.g. Instagram, YouTube)?',
  ),
  'goal.weekly_goal': both(
    '이번 주 목표는 무엇인가요? (예: 문의 50건, 팔로워 증가)',
    "What is this week's goal (e.g. 50 inquiries, more followers)?",
  ),
};

export const LABELS: Record<BriefPath, Text> = {
  'product.name': both('제품명', 'Product'),
  'product.category': both('분야', 'Category'),
  'product.features': both('특징', 'Features'),
  'product.price_band': both('가격대', 'Price band'),
  'target.who': both('타겟 고객', 'Target customer'),
  'target.why': both('구매 이유', 'Why they buy'),
  'channel.channels': both('채널', 'Channels'),
  'goal.weekly_goal': both('주간 목표', 'Weekly goal'),
};

export const CAMPAIGN_TEXTS = {
  briefReady: both('브리프가 준비됐어요. 리서치를 시작할게요{sources}.', 'The brief is ready. Starting the research{sources}.'),
  sourcesNamed: both(' (확인할 페이지: {list})', ' (pages to read: {list})'),
  noSources: both(
    '확인할 웹 페이지나 검색 페이지를 알려 주시면 실제 근거로 리서치해요. 없으면 "근거 없이 진행"이라고 해 주세요.',
    'Name web pages to read or a search page to use, and the research cites them. Or say "go without sources".',
  ),
  needsModel: both(
    '브리프와 근거 {count}건을 모았어요. 전략·광고 카피·보이스 스크립트는 AI 모델이 있어야 만들 수 있어요 — 샘플 문구는 만들지 않아요. 설정 → 모델에서 제공자(OpenAI, Anthropic, Google 또는 OpenAI 호환 서버)와 모델, API 키를 정한 뒤 캠페인을 다시 요청해 주세요.',
    'Collected the brief and {count} pieces of evidence. The strategy, ad copy and voice script need an AI model — no sample text is written. Set a provider (OpenAI, Anthropic, Google or an OpenAI-compatible server), a model and its API key in Settings → Model, then ask for the campaign again.',
  ),
  needsModelHow: both(
    '설정 → 모델에서 제공자·모델·API 키를 정한 뒤 캠페인을 다시 요청해 주세요.',
    'Set a provider, model and API key in Settings → Model, then ask for the campaign again.',
  ),
  needsModelReason: both('AI 모델이 설정되지 않았어요.', 'No AI model is set.'),
  done: both(
    '캠페인 패키지가 준비됐어요: 포지셔닝 {positions}개, 광고 카피 {copies}개, 포스터 {posters}개, {duration}초 영상 프롬프트, 보이스 스크립트. {audio}',
    'The campaign package is ready: {positions} positioning options, {copies} ad copies, {posters} posters, a {duration}s video prompt and a voice script. {audio}',
  ),
  audioReady: both('음성 파일도 만들었어요.', 'The voice-over audio was made too.'),
  audioFailed: both('음성 파일은 만들지 못했어요: {message} {next}', 'The voice-over audio was not made: {message} {next}'),
  failed: both(
    '캠페인 생성이 {stage} 단계에서 멈췄어요 ({code}: {message}). {next}',
    'The campaign stopped at {stage} ({code}: {message}). {next}',
  ),
  noEvidence: both('근거 자료가 없어요: {reason}', 'No evidence: {reason}'),
  noSourcesGiven: both('확인할 페이지나 검색 페이지가 주어지지 않았어요.', 'No page or search page was named to read.'),
  fewCopies: both('광고 카피가 {count}개예요 (권장 {recommended}개).', 'There are {count} ad copies ({recommended} are recommended).'),
  ttsNotSet: both('음성 합성(TTS) 제공자가 설정되지 않았어요.', 'No text-to-speech (TTS) provider is set.'),
  ttsHow: both(
    '설정 → 음성 합성에서 제공자 주소와 API 키를 정한 뒤 다시 시도해 주세요.',
    'Set the TTS provider URL and API key in Settings → Voice, then try again.',
  ),
} satisfies Record<string, Text>;
