import { describe, expect, it } from 'vitest';
import { bestSortLabel, headerStateFor, sortOrderOf } from '../../../../src/main/agent/offline/sort-order.ts';

/** Orders as people say them and as pages print them, matched by meaning rather than by word order. */
describe('the order a list is asked to be sorted in', () => {
  it('reads what a request sorts by and which way', () => {
    expect(sortOrderOf('금액 적은 순')).toEqual({ key: 'price', down: false });
    expect(sortOrderOf('cheapest first')).toEqual({ key: 'price', down: false });
    expect(sortOrderOf('별점 높은')).toEqual({ key: 'rating', down: true });
    expect(sortOrderOf('most recent')).toEqual({ key: 'date', down: true });
    expect(sortOrderOf('by distance')).toEqual({ key: 'distance' });
    expect(sortOrderOf('추천')).toEqual({});
  });

  it('finds the page option that says the same order in other words', () => {
    const korean = ['기본순', '비용 높은순', '비용 낮은순', '후기 많은순'];
    expect(bestSortLabel(sortOrderOf('비용 싼 순'), korean)).toBe('비용 낮은순');
    expect(bestSortLabel(sortOrderOf('후기 많은'), korean)).toBe('후기 많은순');
    const english = ['Featured', 'Cost: High to Low', 'Cost: Low to High', 'Top rated'];
    expect(bestSortLabel(sortOrderOf('least expensive first'), english)).toBe('Cost: Low to High');
    expect(bestSortLabel(sortOrderOf('priciest on top'), english)).toBe('Cost: High to Low');
    expect(bestSortLabel(sortOrderOf('oldest first'), english)).toBeUndefined();
    expect(bestSortLabel(sortOrderOf('best rating'), english)).toBe('Top rated');
  });

  it('takes a key said without a way in its natural way, and never the other way', () => {
    expect(bestSortLabel(sortOrderOf('정렬 가격'), ['최고가순', '가격순'])).toBe('가격순');
    expect(bestSortLabel(sortOrderOf('lowest fee'), ['Fee (high first)', 'Name'])).toBeUndefined();
    expect(headerStateFor(sortOrderOf('요금'))).toBe('ascending');
    expect(headerStateFor(sortOrderOf('newest'))).toBe('descending');
  });
});
