import { describe, expect, it } from 'vitest';
import { besideDayWish, dayWishOf, earliestDay } from '../../../../src/main/agent/offline/day-wish.ts';
import { buttonOf, pageModelOf } from '../page-model-parts.ts';

/** A day left to the page, read on a row of day chips that show which parts of each day are open. */
describe('the earliest day the page still offers', () => {
  const now = new Date('2027-03-02T10:00:00+09:00');
  const strip = pageModelOf({
    buttons: [
      buttonOf('0:1', '3/3 (수) AM 마감 PM ○'),
      buttonOf('0:2', '3/4 (목) AM 마감 PM 마감'),
      buttonOf('0:3', '3/5 (금) 휴무', { disabled: true }),
      buttonOf('0:4', '3/6 (토) AM ○ PM ○'),
      buttonOf('0:5', '3/8 (월) AM ○ PM 마감'),
    ],
  });

  it('reads the wish and the part of the day said with it', () => {
    expect(dayWishOf('가장 빠른 날짜로 잡아주세요')).toMatchObject({ words: '가장 빠른 날짜로' });
    expect(dayWishOf('earliest available day in the afternoon please')).toMatchObject({ part: 'afternoon' });
    expect(dayWishOf('3월 6일 오후 2시에 예약')).toBeUndefined();
    expect(besideDayWish('아침 중에 제일 빨리 되는 날로 설치 신청')).toBe('설치 신청');
  });

  it('takes the first day not closed, and with a part, the first whose chip shows that part open', () => {
    expect(earliestDay({ words: '' }, strip, now, 'Asia/Seoul')).toBe('2027-03-03');
    // (the strip writes its parts in its own words; a part said in words the chip does not use is read by the day alone)
    expect(earliestDay({ part: '오전', words: '' }, strip, now, 'Asia/Seoul')).toBe('2027-03-03');
    const korean = pageModelOf({
      buttons: [
        buttonOf('0:1', '3/3 (수) 오전 × 오후 ○'),
        buttonOf('0:2', '3/4 (목) 오전 × 오후 ×'),
        buttonOf('0:4', '3/6 (토) 오전 ○ 오후 ○'),
      ],
    });
    expect(earliestDay({ part: '오전', words: '' }, korean, now, 'Asia/Seoul')).toBe('2027-03-06');
    expect(earliestDay({ part: '오후', words: '' }, korean, now, 'Asia/Seoul')).toBe('2027-03-03');
  });
});

describe('the earliest day on a month calendar', () => {
  const now = new Date('2027-04-05T10:00:00+09:00');
  const cal = (days: Array<[number, boolean]>) =>
    pageModelOf({
      calendars: [
        {
          idx: 0,
          handle: '0:0',
          months: [{ year: 2027, month: 4 }],
          days: days.map(([day, disabled]) => ({ handle: `0:${day}`, day, label: String(day), disabled, dim: false, selected: false })),
          prev: null,
          next: null,
        },
      ],
    });

  it('is the first day from today the calendar does not grey out, with "possible" said after it', () => {
    const wish = dayWishOf('earliest day possible');
    expect(wish?.words).toBe('earliest day possible');
    const m = cal([
      [2, false],
      [6, true],
      [7, true],
      [9, false],
      [10, false],
    ]);
    expect(earliestDay(wish as NonNullable<typeof wish>, m, now, 'Asia/Seoul')).toBe('2027-04-09');
    expect(earliestDay(wish as NonNullable<typeof wish>, cal([[3, false]]), now, 'Asia/Seoul')).toBeUndefined();
  });
});
