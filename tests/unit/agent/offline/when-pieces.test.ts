import { describe, expect, it } from 'vitest';
import { withoutWhenWords } from '../../../../src/main/agent/offline/when-pieces.ts';

const clock = { now: new Date('2027-05-03T09:00:00+09:00'), tz: 'Asia/Seoul' };

describe('pieces without the words their day and time took', () => {
  it('takes the day and time out of pieces kept for later, with the particle they leave, but keeps a length', () => {
    const r = withoutWhenWords(
      { clauses: [], unknown: [], later: ['목요일 오전에 상담 잡아주세요', '2시간', 'table for 4 on friday at 7pm'] },
      // (the morning said alone is a wish for the slot: its word goes too)
      {
        held: true,
        wish: { from: 300, to: 720, bounds: [], words: '오전', only: true },
        partWord: /\s*오전\s*/gi,
        dayWish: undefined,
        clock,
      },
    );
    expect(r.later).toEqual(['상담 잡아주세요', '2시간', 'table for 4']);
  });

  it('leaves the pieces alone when no day or time was held for a later step', () => {
    const first = { clauses: [], unknown: ['목요일 오전에 상담'], later: ['목요일 오전에 상담'] };
    expect(withoutWhenWords(first, { held: false, wish: undefined, partWord: undefined, dayWish: undefined, clock })).toEqual(first);
  });
});
