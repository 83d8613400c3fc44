/** Holidays, the Nth weekday of a month and lengths of stay in words, against a pinned today. */
import { describe, expect, it } from 'vitest';
import { type Day, isoDay } from '../../../../src/main/agent/nlu/dates/calendar.ts';
import { HOLIDAYS, nextHoliday, nthWeekday } from '../../../../src/main/agent/nlu/dates/holidays.ts';
import { findSpokenDates } from '../../../../src/main/agent/nlu/dates/spoken.ts';
import { u } from './helpers.ts';

const TODAY: Day = { y: 2026, m: 12, d: 1 };
const first = (text: string, today = TODAY) => {
  const d = findSpokenDates(u(text), today).days[0]?.day;
  return d ? isoDay(d) : undefined;
};

describe('holidays', () => {
  it.each([
    ['추석에 내려가', '2027-09-15'],
    ['설날 연휴', '2027-02-07'],
    ['크리스마스 이브에', '2026-12-24'],
    ["over New Year's Eve", '2026-12-31'],
    ['on Thanksgiving', '2027-11-25'],
    ['한글날', '2027-10-09'],
    ['Easter weekend', '2027-03-28'],
  ])('%s → %s', (text, iso) => expect(first(text)).toBe(iso));
  it('a holiday today counts; one just passed rolls to next year', () => {
    const chuseok = HOLIDAYS.find(([re]) => re.test('추석'))?.[1];
    expect(chuseok && isoDay(nextHoliday(chuseok, { y: 2026, m: 9, d: 25 })!)).toBe('2026-09-25');
    expect(chuseok && isoDay(nextHoliday(chuseok, { y: 2026, m: 9, d: 26 })!)).toBe('2027-09-15');
  });
});

describe('the Nth weekday of a month', () => {
  it('counts weekdays, not calendar rows', () => {
    expect(isoDay(nthWeekday(2027, 1, 2, 3)!)).toBe('2027-01-20');
    expect(isoDay(nthWeekday(2027, 5, 0, -1)!)).toBe('2027-05-31');
  });
  it.each([
    ['2월 둘째 주 화요일', '2027-02-09'],
    ['다음달 첫째 주 금요일', '2027-01-01'],
    ['the last Friday of January', '2027-01-29'],
    ['the 2nd Monday of next month', '2027-01-11'],
  ])('%s → %s', (text, iso) => expect(first(text)).toBe(iso));
});

describe('lengths of stay in words', () => {
  it.each([
    ['하루 묵을 곳', 1],
    ['일주일 있다가 와요', 7],
    ['나흘 뒤에 돌아와', 4],
    ['for a week', 7],
    ['back three days later', 3],
  ])('%s → %d nights', (text, n) => expect(findSpokenDates(u(text), TODAY).nights).toBe(n));
});
