import { describe, expect, it } from 'vitest';
import { reorderAsked, reorderResults } from '../../../src/main/conversation/tasks/browse/reorder.ts';

const facts = {
  results: [
    { name: 'B Hotel', price: 136000, rating: 4 },
    { name: 'A Hotel', price: 124000, rating: 4.6 },
    { name: 'C Hotel', price: 141000, rating: 3.8 },
  ],
};

describe('re-ordering results already shown', () => {
  it.each(['제일 싼 곳으로 보여줘', '가장 저렴한 순으로', 'show me the cheapest one', 'cheapest first please'])(
    '%s → by price, cheapest first',
    (text) => {
      const o = reorderAsked(text, facts);
      expect(o).toMatchObject({ field: 'price', dir: 1 });
      const r = reorderResults(o as NonNullable<typeof o>, facts, 'ko');
      expect(r.rows.map((x) => x.name)).toEqual(['A Hotel', 'B Hotel', 'C Hotel']);
      expect(r.reply.split('\n')[0]).toContain('A Hotel');
      expect(r.reply).toContain('124,000원');
    },
  );

  it('most expensive and best rated', () => {
    expect(reorderAsked('제일 비싼 순으로 보여줘', facts)).toMatchObject({ field: 'price', dir: -1 });
    const o = reorderAsked('평점 높은 순으로 보여줘', facts);
    expect(reorderResults(o as NonNullable<typeof o>, facts, 'en').rows[0]?.name).toBe('A Hotel');
  });

  it('a request that says more than the order, or no results held, is not a re-order', () => {
    expect(reorderAsked('부산에서 제일 싼 호텔 찾아줘', facts)).toBeUndefined();
    expect(reorderAsked('the cheapest hotel in Osaka next weekend', facts)).toBeUndefined();
    expect(reorderAsked('에어팟 최저가 알려줘', facts)).toBeUndefined();
    expect(reorderAsked('제일 싼 곳으로 보여줘', {})).toBeUndefined();
    expect(reorderAsked('show me the earliest one', facts)).toBeUndefined();
  });
});
