import { describe, expect, it } from 'vitest';
import { todayIn } from '../../../../src/main/agent/nlu/dates/calendar.ts';
import { findDates } from '../../../../src/main/agent/nlu/dates/index.ts';
import { NOW, TZ, u } from './helpers.ts';

const today = todayIn(NOW, TZ);
const values = (text: string, t = today) => findDates(u(text), t).items.map((i) => (i.role ? `${i.role}:${i.value}` : i.value));

describe('dates against today in the user’s zone', () => {
  it('knows today in the zone, not on the machine', () => {
    expect(todayIn(new Date('2026-12-01T16:30:00Z'), 'Asia/Seoul')).toEqual({ y: 2026, m: 12, d: 2 });
    expect(todayIn(new Date('2026-12-01T16:30:00Z'), 'Europe/London')).toEqual({ y: 2026, m: 12, d: 1 });
  });

  it('reads relative days in Korean and English', () => {
    expect(values('내일')).toEqual(['2026-12-02']);
    expect(values('모레')).toEqual(['2026-12-03']);
    expect(values('the day after tomorrow')).toEqual(['2026-12-03']);
    expect(values('tmrw')).toEqual(['2026-12-02']);
    expect(values('3일 후')).toEqual(['2026-12-04']);
    expect(values('in two weeks')).toEqual(['2026-12-15']);
  });

  it('reads weekdays: this week, next week, the next occurrence', () => {
    expect(values('다음주 금요일')).toEqual(['2026-12-11']);
    expect(values('이번주 금요일')).toEqual(['2026-12-04']);
    expect(values('next Fri')).toEqual(['2026-12-11']);
    expect(values('on Friday')).toEqual(['2026-12-04']);
    expect(values('this weekend')).toEqual(['start:2026-12-05', 'end:2026-12-06']);
    expect(values('다음 주말')).toEqual(['start:2026-12-12', 'end:2026-12-13']);
  });

  it('reads absolute dates and rolls a past one forward', () => {
    expect(values('12/20')).toEqual(['2026-12-20']);
    expect(values('12월 20일')).toEqual(['2026-12-20']);
    expect(values('Dec 20')).toEqual(['2026-12-20']);
    expect(values('20 Dec')).toEqual(['2026-12-20']);
    expect(values('1월 3일')).toEqual(['2027-01-03']);
    expect(values('11/15')).toEqual(['2027-11-15']);
    expect(values('20일')).toEqual(['2026-12-20']);
    expect(values('the 21st')).toEqual(['2026-12-21']);
  });

  it('reads ranges and stay lengths', () => {
    expect(values('12/24~12/28')).toEqual(['start:2026-12-24', 'end:2026-12-28']);
    expect(values('Dec 18-21')).toEqual(['start:2026-12-18', 'end:2026-12-21']);
    expect(values('12월 18일~21일')).toEqual(['start:2026-12-18', 'end:2026-12-21']);
    expect(findDates(u('20일부터 3박'), today)).toEqual({ items: [{ start: 0, value: '2026-12-20' }], nights: 3 });
    expect(findDates(u('2박 3일'), today).nights).toBe(2);
    expect(findDates(u('1박 15만원 이하'), today).nights).toBeUndefined();
  });

  it('tells check-out and return dates from departures', () => {
    expect(values('12/24 체크인 12/26 체크아웃')).toEqual(['start:2026-12-24', 'end:2026-12-26']);
    expect(values('back on the 21st')).toEqual(['end:2026-12-21']);
  });
});
