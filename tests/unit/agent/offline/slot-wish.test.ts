import { describe, expect, it } from 'vitest';
import { besideWish, boundOnly, partOfDayWish, slotWishOf, wishedTime } from '../../../../src/main/agent/offline/slot-wish.ts';
import { buttonOf, fieldOf, pageModelOf } from '../page-model-parts.ts';

const h = (hh: number, mm = 0) => hh * 60 + mm;

describe('a time left to the page: the earliest free slot within what was said', () => {
  it('reads the span of the day the wish allows', () => {
    expect(slotWishOf('목요일 아침 중에 빈 시간 아무거나 잡아 주세요')).toMatchObject({ from: 0, to: h(12) });
    expect(slotWishOf('soonest opening after 3:30 pm please')).toMatchObject({ from: h(15, 30), to: h(24) });
    expect(slotWishOf('제일 빠른 시간으로요')).toMatchObject({ from: 0, to: h(24) });
    expect(slotWishOf('오후 4시 이후로 가능한 시간')).toMatchObject({ from: h(16), to: h(24) });
  });

  it('a time named outright, a bare part of the day, or a day after "from" is no wish', () => {
    expect(slotWishOf('금요일 오후 3시에 예약')).toBeUndefined();
    expect(slotWishOf('afternoon is better for us')).toBeUndefined();
    expect(slotWishOf('from 20 December for a week')).toBeUndefined();
  });

  it('the clock time that bounds the wish is not a time to book', () => {
    const wish = slotWishOf('first free slot after 1pm') as NonNullable<ReturnType<typeof slotWishOf>>;
    expect(boundOnly(wish, '13:00')).toBe(true);
    expect(boundOnly(wish, '01:00|13:00')).toBe(true);
    expect(boundOnly(wish, '15:00')).toBe(false);
    expect(besideWish('first free slot after 1pm pls')).toBe('');
    expect(besideWish('earliest slot, and a gift card')).not.toBe('');
  });

  it('takes the earliest slot the page still offers within the span, never a disabled one', () => {
    const m = pageModelOf({
      buttons: [buttonOf('0:1', '09:30', { disabled: true }), buttonOf('0:2', '11:00'), buttonOf('0:3', '10:15'), buttonOf('0:4', '13:45')],
    });
    expect(wishedTime({ from: 0, to: h(12), bounds: [], words: '' }, m)).toBe('10:15');
    expect(wishedTime({ from: h(12), to: h(24), bounds: [], words: '' }, m)).toBe('13:45');
    expect(wishedTime({ from: h(18), to: h(24), bounds: [], words: '' }, m)).toBeUndefined();
  });

  it('reads a list of times, skipping the options it will not take', () => {
    const list = fieldOf('Time', {
      kind: 'select',
      purpose: 'time',
      options: [
        { label: '8:00 AM', value: '08:00', selected: false, disabled: true },
        { label: '8:30 AM', value: '08:30', selected: false },
        { label: '2:00 PM', value: '14:00', selected: false },
      ],
    });
    expect(wishedTime({ from: 0, to: h(24), bounds: [], words: '' }, pageModelOf({ fields: [list] }))).toBe('08:30');
  });
});

describe('a part of the day said with no clock time', () => {
  const times = (labels: string[]) =>
    pageModelOf({
      fields: [
        fieldOf('Start', {
          kind: 'select',
          purpose: 'time',
          options: labels.map((l, i) => ({ label: l, value: `v${i}`, selected: false })),
        }),
      ],
    });

  it('is a wish only when no time is said, and holds only when one slot fits it', () => {
    expect(partOfDayWish('토요일 저녁에 두 명', false)).toMatchObject({ from: h(17), only: true });
    expect(partOfDayWish('토요일 저녁 7시에 두 명', true)).toBeUndefined();
    const wish = partOfDayWish('tomorrow morning for three', false) as NonNullable<ReturnType<typeof partOfDayWish>>;
    expect(wishedTime(wish, times(['9:30 AM', '1:00 PM', '4:00 PM']))).toBe('09:30');
    // (two morning times: asked about, never guessed)
    expect(wishedTime(wish, times(['9:30 AM', '11:00 AM', '4:00 PM']))).toBeUndefined();
  });
});
