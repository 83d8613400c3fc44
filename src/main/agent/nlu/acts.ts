/**
 * Dialogue acts that are not slots: yes, no, cancel, hand-over, a question, a correction,
 * "answer in English". Whole-utterance acts (네 / nope / 그만) only count when the
 * utterance is nothing else: "아니 21일로" is a correction, not a no.
 */

const FILLERS = '음|어|흠|아|에|저|hmm|hm|um|uh|ugh|ah|oh|well|so';
const words = (s: string) => new Set([...s.split('|'), ...FILLERS.split('|')]);
const heads = (s: string) => new Set(s.split('|'));

const CONFIRM = words(
  '네|넵|넹|예|응|웅|ㅇㅇ|ㅇㅋ|ㅇㅇㅇ|그래|그래요|좋아|좋아요|좋습니다|맞아|맞아요|맞습니다|네네|확인|확인했어요|확인했습니다|오케이|그렇게|진행|진행해|진행해줘|진행해요|진행해주세요|해줘|해주세요|주세요|해|부탁해|부탁해요|부탁드려요|' +
    'yes|yep|yeah|yup|ya|y|sure|thing|ok|okay|k|alright|all|right|go|ahead|sounds|good|correct|please|do|it|its|confirm|confirmed|absolutely|that|thats|is|exactly|perfect|fine|great',
);
const CONFIRM_HEADS = heads(
  '네|넵|넹|예|응|웅|ㅇㅇ|ㅇㅋ|ㅇㅇㅇ|그래|그래요|좋아|좋아요|좋습니다|맞아|맞아요|맞습니다|네네|확인|확인했어요|확인했습니다|오케이|그렇게|진행|진행해|진행해줘|진행해요|진행해주세요|' +
    'yes|yep|yeah|yup|ya|y|sure|ok|okay|k|alright|ahead|sounds|correct|confirm|confirmed|absolutely|exactly|perfect|do|right',
);
const DENY = words(
  '아니|아니요|아니오|아뇨|아니에요|아닙니다|ㄴㄴ|노노|노|싫어|싫어요|안돼|안|돼|안돼요|됐어요|아니야|그거|말고|할게요|할래|할래요|괜찮아|괜찮아요|괜찮습니다|' +
    'no|nope|nah|n|not|thanks|thank|you|dont|way|negative|that|one|do|it|its|i|wont|will|fine|need',
);
const DENY_HEADS = heads(
  '아니|아니요|아니오|아뇨|아니에요|아닙니다|ㄴㄴ|노노|노|싫어|싫어요|안돼|안돼요|아니야|no|nope|nah|n|dont|negative',
);
const CANCEL = words(
  '취소|취소해|취소해줘|취소할게|취소할게요|취소해주세요|다|그만|그만해|그만할래|그만하자|그만할게요|그만둘래|그만둘게|그만둘게요|됐어|됐어요|멈춰|중단|중단해|중단해줘|없던|걸로|해줘|전부|모두|' +
    'cancel|that|it|never|mind|nevermind|stop|forget|about|abort|quit|lets|i|ill|dont|want|this|anymore|please|everything|all',
);
const CANCEL_HEADS = heads(
  '취소|취소해|취소해줘|취소할게|취소할게요|취소해주세요|그만|그만해|그만할래|그만하자|그만할게요|그만둘래|그만둘게|그만둘게요|됐어|됐어요|멈춰|중단|중단해|중단해줘|없던|cancel|mind|nevermind|stop|forget|abort|quit',
);

function tokens(lower: string): string[] {
  return lower
    .replace(/['’]/g, '')
    .replace(/[.,!?~…;:]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

function allIn(ws: string[], vocab: Set<string>, heads: Set<string>): boolean {
  return ws.length > 0 && ws.length <= 8 && ws.every((w) => vocab.has(w)) && ws.some((w) => heads.has(w));
}

export type WholeAct = 'confirm' | 'deny' | 'cancel';

/** "네", "yes please", "no thanks", "never mind": the utterance is only that. */
export function wholeUtteranceAct(lower: string): WholeAct | undefined {
  const ws = tokens(lower);
  if (allIn(ws, CANCEL, CANCEL_HEADS)) return 'cancel';
  if (allIn(ws, DENY, DENY_HEADS)) return 'deny';
  if (allIn(ws, CONFIRM, CONFIRM_HEADS)) return 'confirm';
  return undefined;
}

const HAND_OVER =
  /상담원|상담사|상담\s?직원|사람(이랑|하고|과|한테)|직원(\s?(바꿔|연결|불러))|고객\s?센터|\b(human|real person|a person|live agent|an agent|customer service|representative|operator|support staff)\b/;

export function wantsHandOver(lower: string): boolean {
  return HAND_OVER.test(lower) && /연결|바꿔|통화|얘기|이야기|말하|불러|talk|speak|connect|transfer|get me|want|need/.test(lower);
}

const KO_QUESTION_END = /(나요|까요|까|니|냐|는지|어때|뭐야|뭐예요|인가요|가요|돼요|되나|있나요|있어요|죠|지요)$/;
const EN_QUESTION_START =
  /^(?:(?:by the way|btw|wait|oh|so|and|also|hey|um|hmm),?\s)*(what|what's|whats|how|when|where|why|which|who|is|are|can|could|will|would|do|does|did|should|may)\b/;
const KO_QUESTION_START = /^(근데|그런데|혹시|잠깐|참|아)?,?\s?(왜|언제|어떻게|뭐|무슨|몇|얼마)/;

export function isQuestion(lower: string): boolean {
  const t = lower.trim();
  return t.includes('?') || KO_QUESTION_END.test(t.replace(/[.!~]+$/, '')) || EN_QUESTION_START.test(t) || KO_QUESTION_START.test(t);
}

/** A question asking for information rather than asking for a task to be done. */
const INFO =
  /언제|왜|뭐|무엇|무슨|차이|어떻게|몇|규정|정책|얼마나|수수료|포함|유효|면세|걸려|\bwhen\b|\bwhy\b|what's the|what is|what time|\bdifference\b|policy|allowance|included|valid|\bfee\b|tax|how long|how much time|what can you|할 수 있어/;
const TASK =
  /있어|있나|있을까|찾아|알아봐|어디(가|서)|바꿀 수|바꿀수|can (i|you) (change|find|look|get|book|process)|any flights|what flights|where can i (buy|stay)|where('s| is) the|look up|\bfind\b|is there a flight|which store/;

export function isInfoQuestion(lower: string): boolean {
  return INFO.test(lower) && !TASK.test(lower);
}

export const CORRECTION =
  /^(아니|아뇨|아\s|아,|잠깐)|말고|아니라|바꿔|(으로|로) 할|바꾸|변경|수정|틀렸|잘못|올려|내려|으로 해|로 해|\b(actually|no wait|i meant|instead|change|make it|sorry|oops|raise|lower|switch|not)\b|^no[, ]/;

/** "ICN 말고", "not Narita,", "instead of white": the value being replaced (to be ignored). */
export const REJECTED = [/(\S+)\s?말고/, /((?:\S+\s)?\S+?)(?:이|가)?\s?아니라/, /\bnot\s(\d+\s[a-z]+|[\w-]+),?/, /\binstead of\s([\w-]+)/];

export function localeRequest(lower: string): 'ko' | 'en' | undefined {
  if (
    /(영어|english)\s?(로|로요)?\s?(답|대답|말|해|얘기|부탁|써|보여)|(reply|answer|respond|speak|talk|write)\s(to me\s)?in english/.test(
      lower,
    )
  )
    return 'en';
  if (
    /(한국어|한글)\s?(로|로요)?\s?(답|대답|말|해|얘기|부탁|써|보여)|(reply|answer|respond|speak|talk|write)\s(to me\s)?in korean/.test(
      lower,
    )
  )
    return 'ko';
  return undefined;
}
