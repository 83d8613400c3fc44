/**
 * Numbers said digit by digit or as words where a date or a phone number is meant:
 * "공일공 구팔칠륙 오사삼이" and "zero one zero, one two three four, …" (a phone number read out),
 * "십이월 이십일" (a date in Sino-Korean words), "the twentieth of December", "December twenty-first".
 * Each is rewritten to digits before anything else reads the sentence.
 */
import { EN_DAY_ORDINALS } from '../../language/ordinals.ts';

const KO_DIGIT: Record<string, string> = {
  공: '0',
  영: '0',
  빵: '0',
  일: '1',
  이: '2',
  삼: '3',
  사: '4',
  오: '5',
  육: '6',
  륙: '6',
  칠: '7',
  팔: '8',
  구: '9',
};
const EN_DIGIT: Record<string, string> = {
  zero: '0',
  oh: '0',
  o: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};

/** A phone number read out in digit words after a word that asks for one. */
const KO_PHONE_RUN = /((?:번호|전화|연락처|핸드폰|휴대폰)\S{0,3}\s?)((?:[공영빵일이삼사오육륙칠팔구]{2,4}[\s,-]*){2,4})/g;
const EN_PHONE_RUN =
  /((?:number|phone|call|cell|mobile|reach me at)\S{0,3}\s(?:is\s)?)((?:(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)[\s,-]*){7,13})/gi;

function digitsOf(run: string, table: Record<string, string>, wordy: boolean, min = 7, max = 13): string | undefined {
  const parts = wordy
    ? run
        .toLowerCase()
        .split(/[\s,-]+/)
        .filter(Boolean)
    : [...run.replace(/[\s,-]/g, '')];
  const digits = parts.map((p) => table[p]);
  if (digits.some((d) => d === undefined)) return undefined;
  const out = digits.join('');
  return out.length >= min && out.length <= max ? out : undefined;
}

/**
 * A whole answer that is a number read out digit by digit — a phone number ("공일공 일이삼사 오육칠팔",
 * "zero one zero, five five five five, one two three four") or a code ("오 일 공 일 이 삼") — as digits,
 * when it has `min`…`max` of them; undefined when any word is not a digit word.
 */
export function digitsFromWords(text: string, min: number, max: number): string | undefined {
  const t = text.trim().replace(/[.!?]+$/, '');
  if (/^[공영빵일이삼사오육륙칠팔구\s,-]+$/.test(t)) return digitsOf(t, KO_DIGIT, false, min, max);
  if (/^[a-z\s,-]+$/i.test(t)) return digitsOf(t, EN_DIGIT, true, min, max);
  return undefined;
}

/** Sino-Korean numbers up to 31: "이십일" → 21, "십이" → 12, "삼" → 3. */
function sinoSmall(word: string): number | undefined {
  if (!word) return undefined;
  if (/^[일이삼사오육칠팔구]$/.test(word)) return Number(KO_DIGIT[word]);
  const m = /^([이삼])?(십)([일이삼사오육칠팔구])?$/.exec(word);
  if (!m) return undefined;
  const tens = m[1] ? (m[1] === '이' ? 2 : 3) : 1;
  const ones = m[3] ? Number(KO_DIGIT[m[3]]) : 0;
  const n = tens * 10 + ones;
  return n > 0 ? n : undefined;
}

const EN_ORDINAL = EN_DAY_ORDINALS;
const ORDINAL_WORD = `(?:(twenty|thirty)[\\s-])?(${Object.keys(EN_ORDINAL).join('|')})`;
const MONTH_WORD =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const ORDINAL_OF_MONTH = new RegExp(`\\b${ORDINAL_WORD}(?=\\s(?:of\\s)?${MONTH_WORD}\\b)`, 'gi');
const MONTH_ORDINAL = new RegExp(`(\\b${MONTH_WORD}\\s(?:the\\s)?)${ORDINAL_WORD}\\b`, 'gi');

function ordinal(tens: string | undefined, word: string): string | undefined {
  const base = EN_ORDINAL[word.toLowerCase()];
  if (base === undefined) return undefined;
  const n = (tens ? (tens.toLowerCase() === 'twenty' ? 20 : 30) : 0) + base;
  if (n > 31 || (tens && base >= 10)) return undefined;
  const suffix = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

export function spokenNumbers(text: string): string {
  let t = text.replace(KO_PHONE_RUN, (all, cue: string, run: string) => {
    const d = digitsOf(run, KO_DIGIT, false);
    return d ? `${cue}${d}${/\s$/.test(run) ? ' ' : ''}` : all;
  });
  t = t.replace(EN_PHONE_RUN, (all, cue: string, run: string) => {
    const d = digitsOf(run, EN_DIGIT, true);
    return d ? `${cue}${d}${/[\s,]$/.test(run) ? ' ' : ''}` : all;
  });
  // "십이월 이십일", "시월", "유월": Sino-Korean months and days
  t = t.replace(
    /(?<![가-힣])(시|유|[이삼사오육칠팔구]|십[일이]?|일)월(?:\s?([이삼]?십?[일이삼사오육칠팔구]?)일)?/g,
    (all, mo: string, day?: string) => {
      const month = mo === '시' ? 10 : mo === '유' ? 6 : sinoSmall(mo);
      if (!month || month > 12) return all;
      if (day === undefined) return `${month}월`;
      const d = sinoSmall(day);
      return d && d <= 31 ? `${month}월 ${d}일` : all;
    },
  );
  // "이십오일 출발", "삼십일일에": a day of the month in Sino-Korean words (with 십, so 일일/이일 stay words)
  t = t.replace(/(?<![가-힣\d])([이삼]?십[일이삼사오육칠팔구]?)일(?=\s|$|[,.!?~]|에|부터|까지|출발|도착|체크)/g, (all, day: string) => {
    const d = sinoSmall(day);
    return d && d <= 31 ? `${d}일` : all;
  });
  t = t.replace(ORDINAL_OF_MONTH, (all, tens?: string, word?: string) => ordinal(tens, word ?? '') ?? all);
  t = t.replace(MONTH_ORDINAL, (all, month: string, tens?: string, word?: string) => {
    const o = ordinal(tens, word ?? '');
    return o ? `${month}${o}` : all;
  });
  return t;
}
