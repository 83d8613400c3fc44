/**
 * Holidays by name, Korean and international, as the next such day on or after today.
 * Lunar holidays (설날, 추석, 부처님 오신 날) and Easter move every year: their solar dates are
 * tabled for 2025–2032 (Korean calendar, as observed in Korea).
 */
import { addDays, compareDays, type Day, parseIsoDay, weekday } from './calendar.ts';

const LUNAR: Record<string, string[]> = {
  seollal: ['2025-01-29', '2026-02-17', '2027-02-07', '2028-01-27', '2029-02-13', '2030-02-03', '2031-01-23', '2032-02-11'],
  chuseok: ['2025-10-06', '2026-09-25', '2027-09-15', '2028-10-03', '2029-09-22', '2030-09-12', '2031-10-01', '2032-09-19'],
  buddha: ['2025-05-05', '2026-05-24', '2027-05-13', '2028-05-02', '2029-05-20', '2030-05-09', '2031-05-28', '2032-05-16'],
  easter: ['2025-04-20', '2026-04-05', '2027-03-28', '2028-04-16', '2029-04-01', '2030-04-21', '2031-04-13', '2032-03-28'],
};

type Rule = { fixed: [number, number] } | { table: keyof typeof LUNAR } | { nth: [number, number, number] };

/** Names (lower-case; Korean and English) → the rule that dates them. `nth`: month, weekday (Mon=0), n (-1 = last). */
export const HOLIDAYS: [RegExp, Rule][] = [
  [/크리스마스\s?이브|성탄절?\s?전야|christmas eve|xmas eve/, { fixed: [12, 24] }],
  [/크리스마스|성탄절|christmas|xmas/, { fixed: [12, 25] }],
  [/new year'?s eve|nye\b|섣달\s?그믐|연말\s?마지막\s?날/, { fixed: [12, 31] }],
  [/new year'?s day|신정|새해\s?첫날/, { fixed: [1, 1] }],
  [
    /설날|설\s?연휴|구정|음력\s?설|(?<![가-힣])설(?=\s?(?:다음\s?날|이튿날|전\s?날|당일|에|때|쇠러))|seollal|lunar new year|chinese new year/,
    { table: 'seollal' },
  ],
  [/추석|한가위|chuseok|korean thanksgiving/, { table: 'chuseok' }],
  [/부처님\s?오신\s?날|석가탄신일|buddha'?s birthday/, { table: 'buddha' }],
  [/easter/, { table: 'easter' }],
  [/발렌타인\s?데이|밸런타인\s?데이|valentine'?s(\s?day)?/, { fixed: [2, 14] }],
  [/화이트\s?데이|white day/, { fixed: [3, 14] }],
  [/삼일절|3\.1절/, { fixed: [3, 1] }],
  [/어린이날|children'?s day/, { fixed: [5, 5] }],
  [/현충일/, { fixed: [6, 6] }],
  [/광복절/, { fixed: [8, 15] }],
  [/개천절/, { fixed: [10, 3] }],
  [/한글날/, { fixed: [10, 9] }],
  [/할로윈|핼러윈|halloween/, { fixed: [10, 31] }],
  [/independence day|fourth of july|4th of july|july 4th/, { fixed: [7, 4] }],
  [/thanksgiving|추수감사절/, { nth: [11, 3, 4] }],
  [/memorial day/, { nth: [5, 0, -1] }],
  [/labou?r day/, { nth: [9, 0, 1] }],
];

/** The `n`th (1-based; -1 = last) weekday `wd` (Mon=0) of month `m` in year `y`. */
export function nthWeekday(y: number, m: number, wd: number, n: number): Day | undefined {
  if (n > 0) {
    const first = { y, m, d: 1 };
    const day = addDays(first, ((wd - weekday(first) + 7) % 7) + 7 * (n - 1));
    return day.m === m ? day : undefined;
  }
  const last = addDays({ y: m === 12 ? y + 1 : y, m: m === 12 ? 1 : m + 1, d: 1 }, -1);
  return addDays(last, -((weekday(last) - wd + 7) % 7));
}

function inYear(rule: Rule, y: number): Day | undefined {
  if ('fixed' in rule) return { y, m: rule.fixed[0], d: rule.fixed[1] };
  if ('nth' in rule) return nthWeekday(y, rule.nth[0], rule.nth[1], rule.nth[2]);
  const iso = LUNAR[rule.table]?.find((s) => s.startsWith(String(y)));
  return iso ? parseIsoDay(iso) : undefined;
}

/** The next day (today counts) the holiday falls on. */
export function nextHoliday(rule: Rule, today: Day): Day | undefined {
  for (const y of [today.y, today.y + 1]) {
    const day = inYear(rule, y);
    if (day && compareDays(day, today) >= 0) return day;
  }
  return undefined;
}
