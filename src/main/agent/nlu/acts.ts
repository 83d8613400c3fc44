/**
 * Dialogue acts that are not slots: yes, no, cancel, hand-over, a question, a correction,
 * "answer in English". Whole-utterance acts (네 / nope / 그만) only count when the
 * utterance is nothing else: "아니 21일로" is a correction, not a no.
 *
 * Korean verbs are read by stem plus ending ("취소" + "할게요", "진행" + "해 주세요"), so a
 * polite or casual form of a known verb counts without listing every inflection.
 */

/** Words that carry no act of their own: hesitation, politeness, "just", "now". */
const FILLERS =
  '음|어|흠|아|에|저|그냥|좀|이제|일단|제발|그럼|그러면|주세요|줘|줘요|주실래요|주시겠어요|부탁해|부탁해요|부탁드려요|부탁드립니다|부탁합니다|싶어|싶어요|싶습니다|그걸로|그거로|이걸로|이거로|' +
  'hmm|hm|um|uh|ugh|ah|oh|well|so|just|please|now|then|kindly';
const words = (s: string) => new Set([...s.split('|'), ...FILLERS.split('|')]);
const heads = (s: string) => new Set(s.split('|'));

/** Syllables of Korean verb endings and auxiliaries (하/해/할 …, 게요, 래요, 주세요, 싶어요, 시죠 …). */
const KO_ENDING = '[하해할합했게께래자줘줄주세셔요어야겠습니다죠지고싶시십오드려릴요]';
/** A Korean verb token: one of `stems`, then only ending syllables ("취소할래요", "진행해주세요"). */
const koVerb = (stems: string) => new RegExp(`^(?:${stems})${KO_ENDING}*$`);

const CANCEL_VERB = koVerb('취소|그만두|그만둬|그만둘|그만|중단|중지|관두|관둬|관둘|멈추|멈춰|멈출|스톱');
/** Verbs of going ahead that mean yes to any question: "진행해 주세요", "계속할게요". */
const GO_AHEAD_VERB = koVerb('진행\\s?시켜|진행\\s?시키|진행|계속');
/** Verbs of doing the thing asked about: "네 바꿔주세요", "그렇게 해 주세요". */
const DO_VERB = koVerb('바꿔|바꾸|변경|처리|승인|확정|해|하|그렇게');
/** Verbs naming a task: a yes only while a yes/no question is open ("예약해 주세요"), else a request. */
const TASK_VERB = koVerb('예약|신청|접수|결제|환불|제출|보내|주문');
const EN_DO = new Set(['change', 'book', 'update', 'submit', 'apply', 'send', 'place', 'make', 'proceed', 'continue']);

const CONFIRM = words(
  '네|넵|넹|예|응|웅|ㅇㅇ|ㅇㅋ|ㅇㅇㅇ|그래|그래요|좋아|좋아요|좋습니다|맞아|맞아요|맞습니다|네네|확인|확인했어요|확인했습니다|오케이|그렇게|진행|해줘|해주세요|해|부탁해|부탁해요|부탁드려요|' +
    'yes|yep|yeah|yup|ya|y|sure|thing|ok|okay|k|alright|all|right|go|ahead|sounds|good|correct|do|it|its|confirm|confirmed|absolutely|that|thats|is|exactly|perfect|fine|great|' +
    'on|with|carry|lets|let|us|the|change|book|update|submit|apply|send|place|make|proceed|continue',
);
const CONFIRM_HEADS = heads(
  '네|넵|넹|예|응|웅|ㅇㅇ|ㅇㅋ|ㅇㅇㅇ|그래|그래요|좋아|좋아요|좋습니다|맞아|맞아요|맞습니다|네네|확인|확인했어요|확인했습니다|오케이|그렇게|진행|' +
    'yes|yep|yeah|yup|ya|y|sure|ok|okay|k|alright|go|ahead|sounds|correct|confirm|confirmed|absolutely|exactly|perfect|do|right|proceed|continue',
);
const DENY = words(
  '아니|아니요|아니오|아뇨|아니에요|아닙니다|ㄴㄴ|노노|노|싫어|싫어요|안돼|안|돼|안돼요|됐어요|아니야|그거|이거|그건|말고|말고요|할게요|할래|할래요|괜찮아|괜찮아요|괜찮습니다|' +
    '안할게|안할게요|안할래|안할래요|안해|안해요|' +
    'no|nope|nah|n|not|thanks|thank|you|dont|way|negative|that|thats|one|do|it|its|i|wont|will|fine|need|wrong|incorrect|isnt|right',
);
const DENY_HEADS = heads(
  '아니|아니요|아니오|아뇨|아니에요|아닙니다|ㄴㄴ|노노|노|싫어|싫어요|안돼|안돼요|아니야|no|nope|nah|n|dont|negative',
);
const CANCEL = words(
  '취소|다|그만|됐어|됐어요|없던|걸로|해줘|전부|모두|아니|아니요|아뇨|안할래|안할래요|안할게|안할게요|안해|안해요|' +
    'cancel|cancelling|canceling|that|it|never|mind|nevermind|stop|forget|about|abort|quit|lets|i|ill|id|dont|want|to|this|anymore|any|more|' +
    'everything|all|the|whole|thing|here|like|changed|my|not|interested|no|nah',
);
const CANCEL_HEADS = heads('취소|그만|됐어|됐어요|없던|cancel|cancelling|canceling|mind|nevermind|stop|forget|abort|quit');

function tokens(lower: string): string[] {
  return lower
    .replace(/['’]/g, '')
    .replace(/[.,!?~…;:]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

type Reads = (w: string) => boolean;

/** Every word belongs to the act's vocabulary and at least one word carries the act. */
function allIn(ws: string[], inVocab: Reads, isHead: Reads): boolean {
  return ws.length > 0 && ws.length <= 8 && ws.every(inVocab) && ws.some(isHead);
}

export type WholeAct = 'confirm' | 'deny' | 'cancel';

/**
 * "네", "yes please", "no thanks", "never mind", "그냥 취소할게요": the utterance is only that.
 * While a yes/no question is open (`expecting === 'confirmation'`), a request to do the thing
 * asked about ("네 바꿔주세요", "book it") is a yes as well.
 */
/** "결제 전까지만", "up until payment": a yes that says where to stop, still a yes. */
const STOP_BEFORE =
  /(결제|구매|제출|주문)\s?(직전|전)(까지만?|까지|에서\s?멈춰)|\b(?:but\s)?(?:only\s)?(?:up\s)?(?:until|till|before)\s(?:the\s)?(?:payment|paying|checkout|purchase|submitting|submission)\b/g;

export function wholeUtteranceAct(lower: string, expecting?: string): WholeAct | undefined {
  // "안 할래": not doing it at all, read as one word ("됐어 안 할래" is a cancel; "취소 안 할래" keeps going)
  const ws = tokens(lower.replace(STOP_BEFORE, ' ').replace(/(?<![가-힣])안\s(?=할|해)/g, '안'));
  const cancelVerb: Reads = (w) => CANCEL_VERB.test(w);
  const keepsGoing = ws.some((w) => /^안(할|해)/.test(w)) && ws.some((w) => /^취소|^cancel/.test(w));
  if (
    !keepsGoing &&
    allIn(
      ws,
      (w) => CANCEL.has(w) || cancelVerb(w),
      (w) => CANCEL_HEADS.has(w) || cancelVerb(w),
    )
  )
    return 'cancel';
  if (
    allIn(
      ws,
      (w) => DENY.has(w),
      (w) => DENY_HEADS.has(w),
    )
  )
    return 'deny';
  const asked = expecting === 'confirmation';
  const doing: Reads = (w) => GO_AHEAD_VERB.test(w) || DO_VERB.test(w) || (asked && TASK_VERB.test(w));
  const carries: Reads = (w) => CONFIRM_HEADS.has(w) || GO_AHEAD_VERB.test(w) || (asked && (doing(w) || EN_DO.has(w)));
  if (allIn(ws, (w) => CONFIRM.has(w) || doing(w), carries)) return 'confirm';
  return undefined;
}

const HAND_OVER =
  /상담원|상담사|상담\s?직원|사람(이랑|하고|과|한테)|직원(\s?(바꿔|연결|불러))|고객\s?센터|\b(human|real person|a person|live agent|an agent|customer service|representative|operator|support staff)\b/;

/** Taking the page over: "내가 직접 할게", "화면 넘겨줘", "I'll do it myself", "let me do it". */
const TAKE_OVER =
  /(내가|제가)\s?직접\s?(할게|할래|할게요|할께|하겠|입력|쓸게|누를게)|화면\s?(넘겨|보여\s?줘)|직접\s?할게요?|(i'?ll|i will|let me) (do|finish|fill|type|handle) (it|this|that|the rest)( myself)?|do it myself|(show|give) me the (page|screen|browser)/;

export function wantsHandOver(lower: string): boolean {
  if (TAKE_OVER.test(lower)) return true;
  return HAND_OVER.test(lower) && /연결|바꿔|통화|얘기|이야기|말하|불러|talk|speak|connect|transfer|get me|want|need/.test(lower);
}

const KO_QUESTION_END = /(나요|까요|까|니|냐|는지|어때|뭐야|뭐예요|인가요|(?<!추)가요|돼요|되나|있나요|있어요|죠|지요)$/;
const EN_QUESTION_START =
  /^(?:(?:by the way|btw|wait|oh|so|and|also|hey|um|hmm),?\s)*(what|what's|whats|how|when|where|why|which|who|is|are|can|could|will|would|do|does|did|should|may)\b/;
const KO_QUESTION_START = /^(근데|그런데|혹시|잠깐|참|아)?,?\s?(왜|언제|어떻게|뭐|무슨|몇|얼마)/;

/** "애 하나요", "어른 둘 애 하나요": "one" said politely, not "does it …?" (unless a question word asks). */
const COUNT_ONE = /(?:^|\s)하나요$/;
const KO_QUESTION_WORD = /어떻게|왜|언제|뭐|뭘|어디|몇|얼마|누가|무슨/;

export function isQuestion(lower: string): boolean {
  const t = lower.trim();
  if (!t.includes('?') && COUNT_ONE.test(t) && !KO_QUESTION_WORD.test(t)) return false;
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
export const REJECTED = [
  /(\S+)\s?말고/,
  /((?:\S+\s)?\S+?)(?:이|가)?\s?아니라(?!도|면)/,
  /\bnot\s(\d+\s[a-z]+|[\w-]+),?/,
  /\binstead of\s([\w-]+)/,
];

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
