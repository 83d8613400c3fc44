/**
 * Dates as people type them beyond the basics: a weekend narrowed to one day, two weekdays of a
 * named week, a holiday period that only sets the scene, a day said twice (by number and by
 * name), "the day before" a date said earlier, the Nth weekend of a month, weeks of stay, and a
 * weekday named as the end of a stay that starts weeks ahead. Sentences written for this test.
 */
import { describe, expect, it } from 'vitest';
import { parseUtterance } from '../../../../src/main/agent/nlu/index.ts';
import type { UnderstandingState } from '../../../../src/shared/commands.ts';
import { TZ } from './helpers.ts';

const TUE = new Date('2026-12-01T09:00:00+09:00');
const slots = (text: string, now = TUE, state?: UnderstandingState) =>
  parseUtterance(text, { now, tz: TZ, ...(state ? { state } : {}) }).slots;

describe('a weekend narrowed to one of its days', () => {
  it('"이번 주말 일요일", "next weekend, on Sat" is that day, not the whole weekend', () => {
    expect(slots('이번 주말 일요일 김포에서 광주 가는 비행기')).toMatchObject({ date_start: '2026-12-06' });
    expect(slots('이번 주말 일요일 김포에서 광주 가는 비행기')).not.toHaveProperty('date_end');
    expect(slots('flight Gimpo to Daegu next weekend, on Sat')).toMatchObject({ date_start: '2026-12-12' });
    expect(slots('flight Gimpo to Daegu next weekend, on Sat')).not.toHaveProperty('date_end');
    // the weekend alone is still Saturday to Sunday
    expect(slots('부산 호텔 이번 주말')).toMatchObject({ date_start: '2026-12-05', date_end: '2026-12-06' });
  });

  it('"다음주 금토", "이번주 수~금": two weekdays of a named week', () => {
    expect(slots('강릉 말고 여수 숙소 다음주 금토')).toMatchObject({ date_start: '2026-12-11', date_end: '2026-12-12' });
    expect(slots('여수 숙소 이번주 수~금')).toMatchObject({ date_start: '2026-12-02', date_end: '2026-12-04' });
  });
});

describe('holidays beside other dates', () => {
  const sat = new Date('2027-01-30T22:00:00+09:00');
  it('a holiday period sets the scene; the day said beside it is the date', () => {
    expect(slots('추석 연휴에 김포에서 광주 추석 다음날 출발', new Date('2027-08-27T11:00:00+09:00'))).toEqual(
      expect.objectContaining({ date_start: '2027-09-16' }),
    );
    expect(slots('추석 연휴에 김포에서 광주 추석 다음날 출발', new Date('2027-08-27T11:00:00+09:00'))).not.toHaveProperty('date_end');
  });

  it('a day said by number and by name is one day, not a stay', () => {
    expect(slots('3월 1일 삼일절 출발 김포 제주', sat)).toMatchObject({ date_start: '2027-03-01' });
    expect(slots('3월 1일 삼일절 출발 김포 제주', sat)).not.toHaveProperty('date_end');
  });

  it('a holiday with only a return day said in numbers is still the start', () => {
    expect(slots('화이트데이에 인천에서 오사카 왕복 16일 귀국', sat)).toMatchObject({ date_start: '2027-03-14', date_end: '2027-03-16' });
  });

  it('a bare 설 before 다음날/전날 is Seollal; "the day before" shifts the date said earlier', () => {
    expect(slots('설 전날로', sat, { activeIntent: 'FlightSearch', expecting: 'date_start' })).toEqual({ date_start: '2027-02-06' });
    expect(slots('Christmas flights Gimpo to Jeju, the day after')).toMatchObject({ date_start: '2026-12-26' });
    expect(slots('12월 20일 김포 제주, 아 그 전날로')).toMatchObject({ date_start: '2026-12-19' });
  });

  it('"new year\'s eve thru jan 2": the name starts, the number after "thru" ends', () => {
    expect(slots('Tokyo hotel christmas thru dec 27')).toMatchObject({ date_start: '2026-12-25', date_end: '2026-12-27' });
  });
});

describe('weeks, weekends of a month and lengths', () => {
  it('"the first weekend of February", "1월 마지막 주말": that Saturday to Sunday', () => {
    expect(slots('Busan hotel the first weekend of February')).toMatchObject({ date_start: '2027-02-06', date_end: '2027-02-07' });
    expect(slots('부산 호텔 1월 마지막 주말')).toMatchObject({ date_start: '2027-01-30', date_end: '2027-01-31' });
  });

  it('"3주 있다가", "two weeks later": weeks of stay after the start', () => {
    expect(slots('인천에서 시드니 1월 4일 출발 3주 있다가 귀국')).toMatchObject({ date_start: '2027-01-04', date_end: '2027-01-25' });
    expect(slots('Incheon to Perth Jan 4, coming back two weeks later')).toMatchObject({ date_end: '2027-01-18' });
  });

  it('"N days after 6pm" is a day and a time, not a length', () => {
    expect(slots('Daegu to Jeju in 2 days after 7pm')).toMatchObject({ date_start: '2026-12-03', time_window: { earliest: '19:00' } });
  });

  it('"2박 300불 이하" is two nights and a budget; "1박 15만원" stays a nightly price', () => {
    expect(slots('런던 호텔 12월 10일부터 2박 300불 이하')).toMatchObject({
      date_end: '2026-12-12',
      budget_max: { amount: 300, currency: 'USD' },
    });
    expect(slots('런던 호텔 12월 10일 1박 15만원')).not.toHaveProperty('date_end');
  });

  it('a weekday named alone as the check-out is the first such day after a check-in weeks ahead', () => {
    expect(slots('파리 호텔 2월 셋째 주 목요일 체크인 일요일 체크아웃')).toMatchObject({
      date_start: '2027-02-18',
      date_end: '2027-02-21',
    });
  });
});

describe('nights and days counted from what is said', () => {
  it('a room for a named night is one night; a hotel "tonight" leaves the end open', () => {
    expect(slots('Daegu hotel for this Friday night')).toMatchObject({ date_start: '2026-12-04', date_end: '2026-12-05' });
    expect(slots('금요일 밤 대구 호텔')).toMatchObject({ date_start: '2026-12-04', date_end: '2026-12-05' });
    expect(slots('Friday night flight Gimpo to Jeju')).not.toHaveProperty('date_end');
    expect(slots('Daegu hotel tonight')).not.toHaveProperty('date_end');
  });

  it('"열흘 뒤에" with no date to count from is a day from today; after a start it is the return', () => {
    expect(slots('열흘 뒤에 김포에서 제주 가는 비행기')).toMatchObject({ date_start: '2026-12-11' });
    expect(slots('12월 5일 출발 열흘 뒤 귀국 인천 방콕')).toMatchObject({ date_start: '2026-12-05', date_end: '2026-12-15' });
  });

  it('"check-out on the 24th" is the end even with several words between', () => {
    const held = { activeIntent: 'HotelSearch' as const, slots: { date_start: '2026-12-20', date_end: '2026-12-22' } };
    expect(slots('check-out on the 23rd instead', TUE, held)).toEqual({ date_end: '2026-12-23' });
  });
});

describe('more ways to place a day', () => {
  it('"next month on the 12th" is the 12th of next month', () => {
    expect(slots('Busan to Hanoi next month on the 9th')).toMatchObject({ date_start: '2027-01-09' });
  });

  it('a month.day date followed by a clock time ("12.18 09시 이후")', () => {
    expect(slots('김포 제주 12.20 14시 이후')).toMatchObject({ date_start: '2026-12-20', time_window: { earliest: '14:00' } });
  });
});

describe('a return word between two dates', () => {
  it('"2/3 귀국 2/9" marks both as the return; the earlier is the start', () => {
    expect(slots('인천 출발 방콕 2/3 귀국 2/9 왕복')).toMatchObject({ date_start: '2027-02-03', date_end: '2027-02-09' });
  });
});
