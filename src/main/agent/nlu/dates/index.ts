/**
 * Dates in Korean and English against today in the user's time zone: "다음주 금요일", "next Fri",
 * "12/20", "12월 20일", "20일부터 3박", "내일", "모레", "this weekend", "Dec 18-21", "in two weeks".
 */

import { smallNumber } from '../../../language/numbers.ts';
import type { Utterance } from '../text.ts';
import { addDays, type Day, dayOfMonth, isoDay, monthDay, parseIsoDay, weekdayDate, weekday as weekdayOf } from './calendar.ts';
import { findSpokenDates } from './spoken.ts';

export type DateRole = 'start' | 'end';

export interface DateItem {
  start: number;
  value: string;
  role?: DateRole;
  /** A holiday's name: "추석 연휴 9월 14일부터" means the 14th. */
  byName?: boolean;
  /** A holiday period that sets the scene ("설날 연휴에 … 설날 전날 출발"): any other date outranks it. */
  scene?: boolean;
  /** A weekday named alone ("월요일 체크아웃"): as an end, the first such day after the start. */
  weekday?: boolean;
}

export interface DateFindings {
  items: DateItem[];
  /** "3박", "for 3 nights": the stay's length, applied to the start date by the caller. */
  nights?: number;
  /** "오늘 밤", "tonight": today, and at night. */
  tonight?: boolean;
  /** "this Saturday night", "토요일 밤": one night named, a one-night stay for a hotel. */
  oneNight?: boolean;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const ORD = '(?:st|nd|rd|th)?';
const KO_WD: Record<string, number> = { 월: 0, 화: 1, 수: 2, 목: 3, 금: 4, 토: 5, 일: 6 };
const EN_WD: [RegExp, number][] = [
  [/^mon/, 0],
  [/^tue/, 1],
  [/^wed/, 2],
  [/^thu/, 3],
  [/^fri/, 4],
  [/^sat/, 5],
  [/^sun/, 6],
];

const SINO_COUNT: Record<string, number> = { 일: 1, 이: 2, 삼: 3, 사: 4, 오: 5, 육: 6, 칠: 7, 팔: 8, 구: 9, 십: 10 };
const monthIndex = (s: string) => MONTHS.indexOf(s.slice(0, 3)) + 1;
const NUM = '(\\d+|one|two|three|four|five|six|seven|a|한|두|세|네|다섯)';

type Week = 'this' | 'next' | 'after_next' | undefined;
function weekOf(word: string | undefined): Week {
  if (!word) return undefined;
  if (/다다음/.test(word)) return 'after_next';
  if (/다음|담|next/.test(word)) return 'next';
  return 'this';
}

const END_BEFORE =
  /(체크아웃|귀국|돌아오는\s?날?|오는\s?날|복귀|check-?\s?out|back|return(?:ing)?|coming back|until|thru|through|till)\s*(은|는|on|is|date|:)?\s*(the)?\s*$/;
const START_BEFORE = /(체크인|출발|check-?\s?in|departing|leaving|from)\s*(은|는|on|is|:)?\s*(the)?\s*$/;
const END_AFTER = /^\s?(체크아웃|귀국|와요|돌아|복귀|check-?\s?out)/;
const START_AFTER = /^\s?(체크인|출발|check-?\s?in)/;

/** Finds every date, range and stay length; consumes their words. */
export function findDates(u: Utterance, today: Day): DateFindings {
  const items: DateItem[] = [];
  let nights: number | undefined;
  let tonight = false;
  const spans: { start: number; end: number }[] = [];
  const push = (start: number, end: number, day: Day | undefined, role?: DateRole, byName?: boolean, flag?: 'scene' | 'weekday') => {
    if (!day) return;
    spans.push({ start, end });
    const before = u.lower.slice(Math.max(0, start - 24), start);
    const after = u.lower.slice(end, end + 8);
    const r =
      role ??
      (END_BEFORE.test(before) || END_AFTER.test(after)
        ? 'end'
        : START_BEFORE.test(before) || START_AFTER.test(after)
          ? 'start'
          : undefined);
    items.push({ start, value: isoDay(day), ...(r ? { role: r } : {}), ...(byName ? { byName } : {}), ...(flag ? { [flag]: true } : {}) });
  };
  const range = (m: RegExpExecArray, a: Day | undefined, b: Day | undefined) => {
    push(m.index, m.index, a, 'start');
    push(m.index + 1, m.index + m[0].length, b, 'end');
  };

  // stay length first, so "2박 3일" is not read as "the 3rd"
  for (const m of u.matches(new RegExp(`${NUM}\\s?박(?:\\s?\\d+\\s?일)?`))) {
    const after = u.lower.slice(m.index + m[0].length, m.index + m[0].length + 12);
    // "1박 15만원": a price per night; "2박 200불 이하" is two nights and a budget
    const n = smallNumber(m[1] as string);
    if (n === 1 && /^\s?(에|당)?\s?(\$\s?\d|\d[\d,.]*\s?(만|천|k)|\d[\d,.]*\s?(원|달러|불))/.test(after)) continue;
    nights = n;
  }
  for (const m of u.matches(new RegExp(`(?:for\\s)?${NUM}\\s(?:more\\s)?(?:nights?|nites?)`), false)) {
    // "150k won a night", "$90 a night": a price per night, not a length of stay
    if (
      /(?:won|원|dollars?|bucks|usd|krw|euros?|yen|\$\s?[\d,.]+k?|[\d,.]+\s?k|per)\s?$/.test(
        u.lower.slice(Math.max(0, m.index - 12), m.index),
      )
    )
      continue;
    u.consume({ start: m.index, end: m.index + m[0].length });
    nights = smallNumber(m[1] as string);
  }
  // "사박", "삼박사일": Sino-Korean counts; "세 밤", "두 밤 자고": nights in native words
  for (const m of u.matches(/(?<![가-힣])(일|이|삼|사|오|육|칠|팔|구|십)\s?박(?:\s?(?:이|삼|사|오|육|칠|팔|구|십)\s?일)?(?![가-힣])/)) {
    nights = SINO_COUNT[m[1] as string];
  }
  for (const m of u.matches(/(?<![가-힣])(한|두|세|네|다섯|여섯|일곱)\s?밤(?!\s?중)/)) nights = smallNumber(m[1] as string);
  for (const _ of u.matches(/하룻\s?밤|원\s?나잇|\bone night\b|\bovernight stay\b|\bjust (?:the|one) night\b/)) nights ??= 1;

  const spoken = findSpokenDates(u, today);
  for (const d of spoken.days) push(d.start, d.end, d.day, d.role, d.byName, d.scene ? 'scene' : undefined);
  if (spoken.nights !== undefined) nights ??= spoken.nights;
  for (const m of u.matches(/(\d{4})-(\d{1,2})-(\d{1,2})/)) push(m.index, m.index + m[0].length, { y: +m[1]!, m: +m[2]!, d: +m[3]! });
  // ranges
  for (const m of u.matches(
    /(\d{1,2})월\s?(\d{1,2})일?\s?(?:부터|~|-|–)\s?(?:(\d{1,2})월\s?)?(\d{1,2})일?(?:\s?까지)?(?![\d만천원박시분])/,
  )) {
    range(m, monthDay(today, +m[1]!, +m[2]!), monthDay(today, m[3] ? +m[3] : +m[1]!, +m[4]!));
  }
  for (const m of u.matches(/(?<!\d)(\d{1,2})\/(\d{1,2})\s?(?:~|-|–|to|부터)\s?(\d{1,2})\/(\d{1,2})(?:\s?까지)?/)) {
    range(m, monthDay(today, +m[1]!, +m[2]!), monthDay(today, +m[3]!, +m[4]!));
  }
  for (const m of u.matches(
    new RegExp(`${MONTH}\\.?\\s(\\d{1,2})${ORD}\\s?(?:-|–|~|to|through|until)\\s?(?:${MONTH}\\.?\\s)?(\\d{1,2})${ORD}(?!\\d)`),
  )) {
    const m1 = monthIndex(m[1]!);
    range(m, monthDay(today, m1, +m[2]!), monthDay(today, m[3] ? monthIndex(m[3]) : m1, +m[4]!));
  }
  for (const m of u.matches(/(?<!\d)(\d{1,2})일?\s?(?:부터|~)\s?(\d{1,2})일(?:\s?까지)?/)) {
    range(m, dayOfMonth(today, +m[1]!), dayOfMonth(today, +m[2]!));
  }
  // "다음달 12일", "the 12th of next month", "next month on the 12th"
  for (const m of u.matches(
    /(다음\s?달|담달|이번\s?달)\s?(\d{1,2})일|(?:the\s)?(\d{1,2})(?:st|nd|rd|th)?\s(?:of\s)?(next|this) month|(next|this) month,?\s(?:on\s)?(?:the\s)?(\d{1,2})(?:st|nd|rd|th)?\b/,
  )) {
    const next = /다음|담|next/.test(m[1] ?? m[4] ?? m[5] ?? '');
    const m0 = today.m + (next ? 1 : 0);
    const day = { y: today.y + (m0 > 12 ? 1 : 0), m: m0 > 12 ? 1 : m0, d: Number(m[2] ?? m[3] ?? m[6]) };
    push(m.index, m.index + m[0].length, day);
  }
  // single dates
  for (const m of u.matches(/(\d{1,2})월\s?(\d{1,2})일/)) push(m.index, m.index + m[0].length, monthDay(today, +m[1]!, +m[2]!));
  // "1.16 출발", "12.24~12.26": month.day where nothing makes it a decimal (no unit, no currency)
  for (const m of u.matches(
    /(?<![\d.$₩,])(1[0-2]|0?[1-9])\.(3[01]|[12]\d|0?[1-9])\.?(?=\s?(?:출발|도착|복귀|귀국|부터|까지|~|-|–|에|일|\(|,|$)|\s(?:출발|도착|복귀|귀국|부터|까지|to|until|-|~|[가-힣]+요일|\d{1,2}\s?시|\d{1,2}:\d{2}|오전|오후|아침|저녁|밤)|\s?$)/,
  )) {
    push(m.index, m.index + m[0].length, monthDay(today, +m[1]!, +m[2]!));
  }
  for (const m of u.matches(/(?<![\d/.])(\d{1,2})\/(\d{1,2})(?![\d/])/)) {
    const a = +m[1]!;
    const b = +m[2]!;
    push(m.index, m.index + m[0].length, a > 12 ? monthDay(today, b, a) : monthDay(today, a, b));
  }
  for (const m of u.matches(new RegExp(`${MONTH}\\.?\\s(\\d{1,2})${ORD}(?![\\d:])`))) {
    push(m.index, m.index + m[0].length, monthDay(today, monthIndex(m[1]!), +m[2]!));
  }
  for (const m of u.matches(new RegExp(`(?<!\\d)(\\d{1,2})${ORD}\\s(?:of\\s)?${MONTH}\\b`))) {
    push(m.index, m.index + m[0].length, monthDay(today, monthIndex(m[2]!), +m[1]!));
  }
  // relative days
  for (const m of u.matches(/(?:the\s)?day after tomorrow|내일\s?모레|모레/)) push(m.index, m.index + m[0].length, addDays(today, 2));
  for (const m of u.matches(/글피/)) push(m.index, m.index + m[0].length, addDays(today, 3));
  for (const m of u.matches(/내일|tomorrow|tmrw|tmr\b/)) push(m.index, m.index + m[0].length, addDays(today, 1));
  for (const m of u.matches(/오늘\s?밤|tonight/)) {
    tonight = true;
    push(m.index, m.index + m[0].length, today);
  }
  for (const m of u.matches(/오늘|today/)) push(m.index, m.index + m[0].length, today);
  for (const m of u.matches(new RegExp(`${NUM}\\s?일\\s?(?:후|뒤)|in\\s${NUM}\\sdays?`))) {
    push(m.index, m.index + m[0].length, addDays(today, smallNumber((m[1] ?? m[2]) as string) ?? 0));
  }
  for (const m of u.matches(new RegExp(`일주일\\s?(?:후|뒤)|${NUM}\\s?주\\s?(?:후|뒤)|in\\s${NUM}\\sweeks?|in a week`))) {
    const n = m[1] ?? m[2];
    push(m.index, m.index + m[0].length, addDays(today, 7 * (n ? (smallNumber(n) ?? 1) : 1)));
  }
  // weekends and weekdays
  for (const m of u.matches(
    /(이번\s?|다음\s?|담\s?|this\s|next\s|coming\s)?(주말|weekend)(?:\s?,?\s?(?:on\s)?(토요일|일요일|토|일|sat(?:urday)?|sun(?:day)?)(?![a-z가-힣]))?/,
  )) {
    const sat = weekdayDate(today, 5, weekOf(m[1]?.trim()) ?? 'this');
    // "이번 주말 토요일", "this weekend, Sat": that one day of the weekend
    if (m[3]) {
      push(m.index, m.index + m[0].length, /^(일|sun)/.test(m[3]) ? addDays(sat, 1) : sat);
      continue;
    }
    push(m.index, m.index, sat, 'start');
    push(m.index + 1, m.index + m[0].length, addDays(sat, 1), 'end');
  }
  // "그 주 일요일", "back that Sunday": the weekday in the week of the date said before it
  for (const m of u.matches(
    /(?:그\s?주|같은\s?주)\s?(월|화|수|목|금|토|일)요일|\b(?:that|the same|the following)\s(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b/,
  )) {
    const prev = [...items].reverse().find((i) => i.start < m.index);
    const base = prev ? parseIsoDay(prev.value) : undefined;
    if (!prev || !base) continue;
    const wd = m[1] ? (KO_WD[m[1]] ?? 0) : (EN_WD.find(([re]) => re.test(m[2] ?? ''))?.[1] ?? 0);
    const monday = addDays(base, -weekdayOf(base));
    let day = addDays(monday, wd);
    if (isoDay(day) <= prev.value) day = addDays(day, 7);
    push(m.index, m.index + m[0].length, day, 'end');
  }
  const besideDate = (start: number, end: number) =>
    spans.some(
      (s) =>
        (s.end <= start && /^[\s,(]{0,2}$/.test(u.lower.slice(s.end, start))) ||
        (end <= s.start && /^[\s,]{0,2}$/.test(u.lower.slice(end, s.start))),
    );
  // "다음주 토일", "이번주 금~일": two weekdays of a named week, the first to the second
  for (const m of u.matches(/(이번\s?주|다음\s?주|다다음\s?주)\s?(월|화|수|목|금|토)\s?[~-]?\s?(화|수|목|금|토|일)(?![가-힣])/)) {
    const a = weekdayDate(today, KO_WD[m[2]!]!, weekOf(m[1]));
    const b = KO_WD[m[3]!]! - KO_WD[m[2]!]!;
    if (b > 0) range(m, a, addDays(a, b));
  }
  const oneNight = /\b(?:mon|tues|wednes|thurs|fri|satur|sun)day night\b|[월화수목금토일]요일\s?밤(?!\s?(?:비행기|비행편|출발|늦게))/.test(
    u.lower,
  );
  for (const m of u.matches(/(이번\s?주|다음\s?주|담주|다다음\s?주)?\s?(월|화|수|목|금|토|일)요일/)) {
    if (!m[1] && besideDate(m.index, m.index + m[0].length)) continue; // "12월 13일 일요일": the same day
    push(m.index, m.index + m[0].length, weekdayDate(today, KO_WD[m[2]!]!, weekOf(m[1])), undefined, false, m[1] ? undefined : 'weekday');
  }
  // "next Wed to Thu", "Fri through Sunday": the end is the first such weekday after the start
  const WD = '(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|urday|rsday)?';
  for (const m of u.matches(new RegExp(`\\b(?:(this|next|coming)\\s)?${WD}\\s?(?:-|–|to|through|thru|till|until)\\s?${WD}\\b`))) {
    const a = EN_WD.find(([re]) => re.test(m[2]!))?.[1] ?? 0;
    const b = EN_WD.find(([re]) => re.test(m[3]!))?.[1] ?? 0;
    const start = weekdayDate(today, a, m[1] === 'next' ? 'next' : m[1] === 'this' ? 'this' : undefined);
    const end = start ? addDays(start, (b - a + 7) % 7 || 7) : undefined;
    range(m, start, end);
  }
  for (const m of u.matches(/\b(?:(this|next|coming)\s)?(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(day|nesday|sday|urday|rsday)?\b/)) {
    if (!m[1] && !m[3] && !/\bon\s$/.test(u.lower.slice(Math.max(0, m.index - 3), m.index))) continue;
    if (!m[1] && besideDate(m.index, m.index + m[0].length)) continue; // "Sunday Dec 13": the same day
    const wd = EN_WD.find(([re]) => re.test(m[2]!))?.[1] ?? 0;
    const week = m[1] === 'next' ? 'next' : m[1] === 'this' ? 'this' : undefined;
    push(m.index, m.index + m[0].length, weekdayDate(today, wd, week), undefined, false, week ? undefined : 'weekday');
  }
  // "1월 2일 체크인 4일 체크아웃": a bare day takes the month of the date said before it
  const dayInContext = (at: number, d: number): Day | undefined => {
    const prev = [...items].sort((a, b) => b.start - a.start).find((i) => i.start < at);
    const base = prev ? parseIsoDay(prev.value) : undefined;
    if (!base || d < 1 || d > 31) return dayOfMonth(today, d);
    const next = d < base.d;
    const m = next ? (base.m % 12) + 1 : base.m;
    return { y: next && base.m === 12 ? base.y + 1 : base.y, m, d };
  };
  // a bare day of the month: "20일", "the 21st"
  for (const m of u.matches(/(?<![\d.])(\d{1,2})일(?!\s?(?:후|뒤|동안|간|전|본))/)) {
    if (/\d\s?박\s?$/.test(u.lower.slice(Math.max(0, m.index - 4), m.index))) continue;
    push(m.index, m.index + m[0].length, dayInContext(m.index, +m[1]!));
  }
  for (const m of u.matches(/(?<![\d.])(\d{1,2})(st|nd|rd|th)\b/)) push(m.index, m.index + m[0].length, dayInContext(m.index, +m[1]!));
  items.sort((a, b) => a.start - b.start);
  // "Seollal flights …, the day before", "12월 24일 … 그 다음날로": a day beside the one said before it
  for (const m of u.matches(/\bthe day (before|after)\b|그\s?(전날|다음\s?날)/)) {
    const prev = [...items].reverse().find((i) => i.start < m.index);
    const base = prev ? parseIsoDay(prev.value) : undefined;
    if (!prev || !base) continue;
    prev.value = isoDay(addDays(base, m[1] === 'before' || m[2] === '전날' ? -1 : 1));
  }
  // "설날 연휴에 … 설날 전날 출발": a holiday period sets the scene; any other date says the day
  if (items.some((i) => !i.scene)) items.splice(0, items.length, ...items.filter((i) => !i.scene));
  // "추석 연휴 9월 14일부터": the name sets the scene, the number says the day; "12월 30일부터 신정까지" keeps both,
  // and so does "발렌타인데이에 … 17일 귀국" (the number is the return, the name the start)
  const firstDated = items.find((i) => !i.byName && i.role !== 'end');
  if (firstDated) {
    const kept = items.filter((i) => !i.byName || i.start > firstDated.start);
    items.splice(0, items.length, ...kept);
  }
  // "6월 6일 현충일", "2월 14일 발렌타인데이에": one day said twice, by number and by name
  const once: DateItem[] = [];
  for (const i of items) {
    const twin = once.find((o) => o.value === i.value && (!o.role || !i.role || o.role === i.role));
    if (!twin) once.push(i);
    else if (!twin.role && i.role) twin.role = i.role;
  }
  items.splice(0, items.length, ...once);
  // "일주일 뒤에", "나흘 후": with no date to count from, the days count from today
  if (spoken.later && !items.length && nights === spoken.nights) {
    const { start, n } = spoken.later;
    items.push({ start, value: isoDay(addDays(today, n)) });
    nights = undefined;
  }
  return {
    items,
    ...(nights !== undefined ? { nights } : {}),
    ...(tonight ? { tonight } : {}),
    ...(oneNight ? { oneNight } : {}),
  };
}
