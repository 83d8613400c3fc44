import { describe, expect, it } from 'vitest';
import { clockSpanIn } from '../../../src/main/agent/nlu/travel.ts';
import { splitClauses } from '../../../src/main/agent/offline/split.ts';
import { clockOf, dayShown, whenOf } from '../../../src/main/agent/offline/when.ts';

// a Tuesday morning in Seoul
const now = new Date('2026-12-01T09:00:00+09:00');

describe('the day and the time a request says are values', () => {
  it.each([
    ['내일 저녁 6시 반 4명 예약해줘', '2026-12-02', '18:30', '4명 예약해줘'],
    ['모레 점심 1시 반에 피부과 예약해줘', '2026-12-03', '13:30', '피부과 예약해줘'],
    ['reserve a court this Saturday at noon', '2026-12-05', '12:00', 'reserve a court'],
    ['book a table for 2 on Dec 20 at 7:30pm', '2026-12-20', '19:30', 'book a table for 2'],
  ])('%s', (text, date, time, rest) => {
    expect(whenOf(text, now, 'Asia/Seoul')).toEqual({ date, time, rest });
  });

  it('a time with no half of the day said allows both, the morning first', () => {
    expect(whenOf('내일 6시 반 예약', now, 'Asia/Seoul').time).toBe('06:30|18:30');
    expect(whenOf('tomorrow at 7:30', now, 'Asia/Seoul').time).toBe('07:30|19:30');
    expect(whenOf('tomorrow at 7:30pm', now, 'Asia/Seoul').time).toBe('19:30');
    expect(whenOf('내일 오전 9시', now, 'Asia/Seoul').time).toBe('09:00');
  });

  it('a bare number or a word holding "noon" is no time', () => {
    expect(clockSpanIn('a table for 2')).toBeUndefined();
    expect(clockSpanIn('the afternoon shift')).toBeUndefined();
    expect(clockSpanIn('Room 12, 3 nights')).toBeUndefined();
  });

  it.each([
    ['오후 6:30', '18:30'],
    ['오전 11:30', '11:30'],
    ['12:00 PM', '12:00'],
    ['9:00 AM', '09:00'],
    ['18:30', '18:30'],
    ['7:30 pm', '19:30'],
    ['Afternoon (12–4)', undefined],
    ['3명', undefined],
  ])('the option "%s" shows %s', (words, time) => {
    expect(clockOf(words)).toBe(time);
  });
});

describe('cutting a request', () => {
  it('at sentence ends and semicolons, not after an abbreviation', () => {
    expect(splitClauses('피자 주문해줘. 주소는 월드컵북로 396')).toEqual(['피자 주문해줘', '주소는 월드컵북로 396']);
    expect(splitClauses('5th floor; the code is 118204')).toEqual(['5th floor', 'the code is 118204']);
    expect(splitClauses('book the earliest slot with Dr. Patel')).toEqual(['book the earliest slot with Dr. Patel']);
  });

  it('"set A to x and B to y" is two settings; "add x and y to the cart" stays one', () => {
    expect(splitClauses('set my display name to Mina Cho and the time zone to Tokyo')).toEqual([
      'set my display name to Mina Cho',
      'set the time zone to Tokyo',
    ]);
    expect(splitClauses('add the cake and the candles to my cart')).toEqual(['add the cake and the candles to my cart']);
  });
});

describe('a span of days said in a request', () => {
  const now = new Date('2026-12-01T09:00:00+09:00');
  it('the first day and the last: "2월 3일부터 2월 9일까지", "from March 2 to March 6"', () => {
    expect(whenOf('2월 3일부터 2월 9일까지 보험 가입', now, 'Asia/Seoul')).toMatchObject({ date: '2027-02-03', end: '2027-02-09' });
    expect(whenOf('cover from March 2 to March 6', now, 'Asia/Seoul')).toMatchObject({ date: '2027-03-02', end: '2027-03-06' });
    expect(whenOf('3월 5일 오후 2시 예약', now, 'Asia/Seoul').end).toBeUndefined();
  });
});

describe('a day shown on a button', () => {
  it.each([
    ['내일 12/2', '12-02'],
    ['12.3 (목)', '12-03'],
    ['12월 4일 금', '12-04'],
    ['Thu · Dec 3', '12-03'],
    ['Sat 5 Dec', '12-05'],
  ])('%s', (words, md) => {
    expect(dayShown(words)).toBe(md);
  });
  it('a clock time, a price or a count is not a day', () => {
    expect(dayShown('12:30 PM')).toBeUndefined();
    expect(dayShown('₩12,500')).toBeUndefined();
    expect(dayShown('2 adults')).toBeUndefined();
  });
});

describe('a weekday said with its day of the month', () => {
  it('is that day, not the nearest such weekday', () => {
    const now = new Date('2026-12-01T09:00:00+09:00');
    expect(whenOf('on Friday the 11th', now, 'Asia/Seoul').date).toBe('2026-12-11');
    expect(whenOf('Wednesday 16th please', now, 'Asia/Seoul').date).toBe('2026-12-16');
    expect(whenOf('this Friday', now, 'Asia/Seoul').date).toBe('2026-12-04');
  });
});

describe('a Korean stretch of days', () => {
  it('says its last day with 까지', () => {
    const now = new Date('2026-12-01T09:00:00+09:00');
    expect(whenOf('목요일부터 토요일까지 맡길게요', now, 'Asia/Seoul')).toMatchObject({ date: '2026-12-03', end: '2026-12-05' });
  });
});
