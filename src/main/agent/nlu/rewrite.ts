/**
 * Rewrites how people type into the forms the extractors read, before anything else runs:
 * numbers as words ("사십오만원" → "450000원", "one hundred twenty dollars" → "120 dollars"),
 * spoken Korean ("월욜" → "월요일", "담주" → "다음주", "담달" → "다음달", "낼" → "내일"),
 * common misspellings ("tomorow" → "tomorrow"), and a value taken back inside one sentence
 * ("Busan — no wait, Ulsan" → "Ulsan"; "203호 말고 204호" → "204호"). Every pattern is a plain
 * alternation or a single bounded class run: linear in the input.
 */
import { EN_AMOUNT_WORD, englishNumber, KO_NUMBERS, koreanNumber } from '../../language/numbers.ts';
import { editDistance } from './fuzzy.ts';
import { spokenNumbers } from './spoken-numbers.ts';
import { takeBackNumbers } from './take-back.ts';

const KO_NUM_RUN = /(?<![가-힣\d.,])([일이삼사오육칠팔구십백천만억\d]{2,12})(?=\s?(?:원|달러|불|엔|유로|명|박))/g;

/** A run of number words that ends in a unit people price or count with. */
const EN_NUM_RUN = new RegExp(
  `(?<!\\d[.,]?\\s?)\\b(?!(?:hundred|thousand|million|and|half)\\b)((?:${EN_AMOUNT_WORD}[\\s-]){1,8}?)(dollars?|bucks|won|euros?|yen|usd|krw|grand)\\b`,
  'gi',
);

const KONGLISH_COUNT: Record<string, string> = { 원: '1', 투: '2', 쓰리: '3', 포: '4', 파이브: '5' };

/** Konglish travel words: "원웨이", "투 나잇", "투 어덜트", "논스탑". */
const KONGLISH: [RegExp, string | ((...m: string[]) => string)][] = [
  [/원\s?웨이/g, '편도'],
  [/라운드\s?트립/g, '왕복'],
  [/논\s?스톱|논\s?스탑|다이렉트\s?(?=플라이트|비행|항공|으로|로)/g, '직항 '],
  [/(?<![가-힣])(원|투|쓰리|포|파이브)\s?나잇(?:츠|즈)?/g, (_all, n) => `${KONGLISH_COUNT[n] ?? n}박`],
  [/(?<![가-힣])(원|투|쓰리|포|파이브)\s?어덜트(?:즈|스)?/g, (_all, n) => `성인 ${KONGLISH_COUNT[n] ?? n}명`],
];

const SPOKEN: [RegExp, string][] = [
  [/([월화수목금토일])욜/g, '$1요일'],
  [/담주/g, '다음주'],
  [/(다음|이번|담|다다음)\s?쭈(?![가-힣])/g, '$1주'],
  [/(?<![a-z])(?:cristmas|chrismas|christmass|xmas|x-mas)(?![a-z])/gi, 'christmas'],
  [/다담주/g, '다다음주'],
  [/담달/g, '다음달'],
  [/낼\s?모레/g, '모레'],
  [/(?<![가-힣])낼(?=\s|$|[은부까에,.!?]|오전|오후|아침|저녁|밤)/g, '내일'],
  // "젤 빠른", "젤 싼": 제일 said short
  [/(?<![가-힣])젤\s?(?=빠른|빨리|싼|싸게|저렴|비싼|가까운|늦은|일찍|이른)/g, '제일 '],
  [/(?<![a-z])(?:tomorow|tommorow|tommorrow|tomorrw|tmrw|tmr|2moro|2morrow|tomrrow|tomorroww)(?![a-z])/gi, 'tomorrow'],
  [/(?<![a-z])(?:wknd|weeknd|weekedn)(?![a-z])/gi, 'weekend'],
  [/(?<![a-z])(?:nxt)(?![a-z])/gi, 'next'],
  [/(?<![a-z])(?:thurs|thur)(?![a-z])/gi, 'thursday'],
  [/(?<![a-z])(?:tues)(?![a-z])/gi, 'tuesday'],
  [/(?<![a-z])(?:wednesay|wensday|wendsday)(?![a-z])/gi, 'wednesday'],
  [/(?<![a-z])(?:fryday|firday)(?![a-z])/gi, 'friday'],
  [/(?<![a-z])(?:satruday|saterday)(?![a-z])/gi, 'saturday'],
  [/(?<![a-z])(?:decmber|decemeber|dicember)(?![a-z])/gi, 'december'],
  [/(?<![a-z])(?:janurary|januray)(?![a-z])/gi, 'january'],
  [/(?<![a-z])(?:febuary|feburary)(?![a-z])/gi, 'february'],
  [/(?<![a-z])(?:nigths|nihgts)(?![a-z])/gi, 'nights'],
  [/(?<![a-z])(?:survay|servey|surevy|suvey|survery)(?![a-z])/gi, 'survey'],
  [/(?<![a-z])fil(?= (?:out|in)\b)/gi, 'fill'],
  // a request's own ending mistyped ("두 장으로 해조")
  [/해(?:조|쥬|주셈|주삼|줭)(?![가-힣])/g, '해줘'],
  [/(?<=[가-힣])세(?:여|용)(?![가-힣])/g, '세요'],
  [/(?<=[가-힣])(게|께|해|워|줘|래)여(?![가-힣])/g, '$1요'],
  // "12원 20일", "1얼 8일": a month mistyped (the key beside 월), read before it looks like money
  [/(?<![\d,.])(1[0-2]|0?[1-9])\s?(?:원|얼|웡|워|뤌)\s?(?=(?:[1-9]|[12]\d|3[01])\s?일)/g, '$1월 '],
];

/** Native Korean numbers an hour is said with ("세 시", "열두 시"): the counting words, and ten to twelve. */
const KO_HOURS: Record<string, number> = { ...KO_NUMBERS, 열: 10, 열한: 11, 열두: 12 };
const KO_HOUR =
  /(?<![가-힣])(열한|열두|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열)\s?(시간|시)(?=$|[^가-힣]|에|부터|까지|반|쯤|경|정도|만|으로|로|이|요|께|도|전|후|넘|동안|대)/g;

const MONTH_NAMES = ['january', 'february', 'august', 'september', 'october', 'november', 'december'];

/** "Janaury 8", "8 Decemebr": a long month name one typo away, beside a day number. */
function monthTypos(t: string): string {
  return t.replace(/(?<![a-z])([a-z]{6,10})(?![a-z])/gi, (word: string, _w: string, at: number, all: string) => {
    const lower = word.toLowerCase();
    if (MONTH_NAMES.includes(lower)) return word;
    const beside = /^\s?\d{1,2}(?!\d)/.test(all.slice(at + word.length)) || /\d{1,2}(?:st|nd|rd|th)?\s(?:of\s)?$/.test(all.slice(0, at));
    if (!beside) return word;
    const month = MONTH_NAMES.find((m) => lower[0] === m[0] && Math.abs(m.length - lower.length) <= 1 && editDistance(lower, m) <= 1);
    return month ?? word;
  });
}

/** "X — no wait, Y", "X, I mean Y", "X 아니 Y": X is taken back. */
const TAKE_BACK =
  /([^\s,—–-]{1,40})\s?[,—–-]*\s?(?:no wait|no, wait|wait no|i mean|sorry|oops|actually|make that|아니 아니|아니다|아 아니|아니)(?:[,.…]*\s?i mean)?[,.…]*\s+(?=(\S+))/gi;
/** What a sentence starting again begins with ("…, actually I need two"): nothing before it is taken back. */
const STARTS_AGAIN =
  /^(i|i'm|i'd|we|we're|you|it|it's|this|that|they|can|could|please|pls|also|and|but|so|저|제가|나|내가|우리|저희|그리고|근데)$/i;
/** "203호 말고 204호", "3층 말고 5층": a unit replaced by one of the same kind. */
const UNIT_SWAP = /(\d{1,5})(호|층|동)\s?(?:말고|아니고|아니라|대신)\s?(?=\d{1,5}\2)/g;

/** A request is a few sentences; text beyond this is not read (keeps every extractor's cost bounded). */
export const MAX_INPUT = 1_000;

export function rewrite(text: string): string {
  let t = text.length > MAX_INPUT ? text.slice(0, MAX_INPUT) : text;
  t = spokenNumbers(t);
  for (const [re, to] of SPOKEN) t = t.replace(re, to);
  t = monthTypos(t);
  // a clock hour or a length in hours said with native numbers ("네시", "열한 시 반", "두시간"): in digits
  t = t.replace(KO_HOUR, (_all, n: string, unit: string) => `${KO_HOURS[n] ?? n}${unit}`);
  for (const [re, to] of KONGLISH) t = typeof to === 'string' ? t.replace(re, to) : t.replace(re, to as (...m: string[]) => string);
  t = t.replace(KO_NUM_RUN, (all, run: string) => {
    if (!/[십백천만억]/.test(run) || /^\d+$/.test(run)) return all;
    const n = koreanNumber(run);
    return n === undefined ? all : String(n);
  });
  t = t.replace(EN_NUM_RUN, (all, run: string, unit: string) => {
    const scale = unit.toLowerCase() === 'grand' ? 1000 : 1;
    const to = unit.toLowerCase() === 'grand' ? 'dollars' : unit;
    // "fifty and a hundred dollars": two amounts; "one hundred and twenty", "one and a half" are one
    const two = /^(.*?\S)\s+and\s+(?!a half\b)(.+)$/i.exec(run.trim());
    if (two && !/(?:hundred|thousand|million)$/i.test(two[1] as string)) {
      const a = englishNumber(two[1] as string);
      const b = englishNumber(two[2] as string);
      if (a !== undefined && b !== undefined) return `${a * scale} and ${b * scale} ${to}`;
    }
    const n = englishNumber(run);
    if (n === undefined) return all;
    return `${n * scale} ${to}`;
  });
  t = takeBackNumbers(t);
  t = t.replace(UNIT_SWAP, '');
  t = t.replace(TAKE_BACK, (all, word: string, next: string) => {
    const again = STARTS_AGAIN.test(next.replace(/[,.!?]+$/, ''));
    return /^\d{1,2}$|[가-힣]{1,6}$|^[a-z]{2,20}$/i.test(word) && !again ? '' : all;
  });
  return t;
}
