/**
 * Dates said by name or by position rather than by number: holidays, "1월 셋째 주 수요일" /
 * "the third Wednesday of January" (the Nth such weekday of the month), and lengths of stay
 * in words ("하루", "일주일", "for a week", "나흘 뒤"/"four days later" after a start).
 */

import type { Utterance } from '../text.ts';
import type { Day } from './calendar.ts';
import { addDays } from './calendar.ts';
import { HOLIDAYS, nextHoliday, nthWeekday } from './holidays.ts';

const ORDINAL_KO: Record<string, number> = { 첫: 1, 첫째: 1, 둘째: 2, 두째: 2, 셋째: 3, 세째: 3, 넷째: 4, 네째: 4, 다섯째: 5, 마지막: -1 };
const ORDINAL_EN: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
  last: -1,
};
const KO_WD: Record<string, number> = { 월: 0, 화: 1, 수: 2, 목: 3, 금: 4, 토: 5, 일: 6 };
const EN_WD = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_WORD =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|next month|this month)';

const DAYS_WORD: Record<string, number> = { 하루: 1, 이틀: 2, 사흘: 3, 나흘: 4, 닷새: 5, 엿새: 6, 이레: 7, 일주일: 7, 열흘: 10 };
const EN_COUNT: Record<string, number> = { a: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };

export interface SpokenDates {
  /** `byName`: a holiday's name, which a date said in numbers in the same sentence outranks. */
  days: { start: number; end: number; day: Day | undefined; byName?: boolean; role?: 'start' | 'end'; scene?: boolean }[];
  nights?: number;
  /** "일주일 뒤", "four days later": a length after a start, or, with no start said, days from today. */
  later?: { start: number; end: number; n: number };
}

function monthOf(today: Day, word: string | undefined, offset: number): { y: number; m: number } {
  let m = today.m;
  if (word && /next|다음/.test(word)) m += 1;
  else if (word && !/this|이번/.test(word)) m = MONTHS.indexOf(word.slice(0, 3)) + 1;
  else if (offset) m = Number(word);
  let y = today.y;
  if (m > 12) {
    m -= 12;
    y += 1;
  }
  return { y, m };
}

function ahead(today: Day, y: number, m: number, wd: number, n: number): Day | undefined {
  const day = nthWeekday(y, m, wd, n);
  if (day && (day.y > today.y || (day.y === today.y && (day.m > today.m || (day.m === today.m && day.d >= today.d))))) return day;
  return nthWeekday(y + 1, m, wd, n);
}

export function findSpokenDates(u: Utterance, today: Day): SpokenDates {
  const out: SpokenDates = { days: [] };
  const push = (m: RegExpExecArray, day: Day | undefined) => out.days.push({ start: m.index, end: m.index + m[0].length, day });
  // "1월 셋째 주 수요일", "다음달 둘째 주 금요일", "셋째 주 수요일"
  for (const m of u.matches(
    /(?:(\d{1,2})월\s?|(다음\s?달|이번\s?달)\s?)?(첫째|첫|둘째|두째|셋째|세째|넷째|네째|다섯째|마지막)\s?주\s?(월|화|수|목|금|토|일)요일/,
  )) {
    const month = m[1] ? { y: today.m > Number(m[1]) ? today.y + 1 : today.y, m: Number(m[1]) } : monthOf(today, m[2], 0);
    push(m, ahead(today, month.y, month.m, KO_WD[m[4]!]!, ORDINAL_KO[m[3]!]!));
  }
  for (const m of u.matches(
    new RegExp(
      `(?:the\\s)?(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|last)\\s(mon|tue|wed|thu|fri|sat|sun)[a-z]*\\s(?:of|in)\\s${MONTH_WORD}`,
    ),
  )) {
    const word = m[3]!;
    const month = /month/.test(word) ? monthOf(today, word, 0) : { y: today.y, m: MONTHS.indexOf(word.slice(0, 3)) + 1 };
    if (!/month/.test(word) && month.m < today.m) month.y += 1;
    push(m, ahead(today, month.y, month.m, EN_WD.indexOf(m[2]!), ORDINAL_EN[m[1]!]!));
  }
  // "3월 마지막 주말", "the last weekend of March": that weekend's Saturday to Sunday
  for (const m of u.matches(
    new RegExp(
      `(?:(\\d{1,2})월\\s?|(다음\\s?달|이번\\s?달)\\s?)(첫째|첫|둘째|셋째|넷째|마지막)\\s?주말|(?:the\\s)?(first|second|third|fourth|last)\\sweekend\\s(?:of|in)\\s${MONTH_WORD}`,
    ),
  )) {
    const word = m[5];
    const month = word
      ? /month/.test(word)
        ? monthOf(today, word, 0)
        : { y: today.y + (MONTHS.indexOf(word.slice(0, 3)) + 1 < today.m ? 1 : 0), m: MONTHS.indexOf(word.slice(0, 3)) + 1 }
      : m[1]
        ? { y: today.m > Number(m[1]) ? today.y + 1 : today.y, m: Number(m[1]) }
        : monthOf(today, m[2], 0);
    const n = m[3] ? ORDINAL_KO[m[3]]! : ORDINAL_EN[m[4]!]!;
    const sat = ahead(today, month.y, month.m, 5, n);
    out.days.push({ start: m.index, end: m.index, day: sat, role: 'start' });
    out.days.push({ start: m.index + 1, end: m.index + m[0].length, day: sat ? addDays(sat, 1) : undefined, role: 'end' });
  }
  for (const [re, rule] of HOLIDAYS) {
    for (const m of u.matches(re)) {
      // "설날 다음날", "추석 전날", "the day after Christmas"
      const after = /^\s?(?:의\s?)?(다음\s?날|이튿날|전\s?날)/.exec(u.lower.slice(m.index + m[0].length));
      // "설날 연휴에", "추석 연휴때", "over the Chuseok holidays": the period, which a day said beside it narrows
      const scene = !after && /^\s?(?:\s?의)?\s?(연휴|holidays|break)/.test(u.lower.slice(m.index + m[0].length));
      const before = /the day (after|before)\s$/.exec(u.lower.slice(Math.max(0, m.index - 16), m.index));
      const shift = after ? (/전/.test(after[1] as string) ? -1 : 1) : before ? (before[1] === 'after' ? 1 : -1) : 0;
      const day = nextHoliday(rule, today);
      const start = before ? m.index - before[0].length : m.index;
      const end = m.index + m[0].length + (after ? after[0].length : 0);
      u.consume({ start, end });
      out.days.push({ start, end, day: day && shift ? addDays(day, shift) : day, byName: true, ...(scene ? { scene } : {}) });
    }
  }
  // lengths of stay in words
  for (const m of u.matches(
    /(?<![가-힣])(하루|이틀|사흘|나흘|닷새|엿새|이레|일주일|열흘)\s?(뒤|후|동안|간|밤|묵|자고|정도|만|짜리|있다가)?/,
  )) {
    const n = DAYS_WORD[m[1]!] as number;
    if (out.nights === undefined && /뒤|후/.test(m[2] ?? '')) out.later = { start: m.index, end: m.index + m[0].length, n };
    out.nights ??= n;
  }
  for (const m of u.matches(/\bfor\s(a|one|two|three)\sweeks?\b|\b(a|one|two)\sweeks?\s(?:stay|trip|long|later|after(?:wards)?)\b/)) {
    out.nights ??= 7 * (EN_COUNT[(m[1] ?? m[2])!] ?? 1);
  }
  // "2주 있다가 와요", "두 주 동안": weeks of stay (not "2주 뒤", a day two weeks ahead)
  for (const m of u.matches(/(?<![가-힣\d])(\d|한|두|세)\s?주\s?(?:동안|간|있다가|정도|짜리|머물)/)) {
    const w = m[1] as string;
    out.nights ??= 7 * (/^\d$/.test(w) ? Number(w) : ({ 한: 1, 두: 2, 세: 3 } as Record<string, number>)[w]!);
  }
  for (const m of u.matches(
    /\b(a|one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s(?:days?|nights?)\s(?:later|afterwards|after(?!\s(?:\d|noon|midnight|the\b|that\b|\w+day\b)))\b/,
  )) {
    const w = m[1]!;
    out.nights ??= /^\d+$/.test(w) ? Number(w) : EN_COUNT[w];
  }
  return out;
}
