/** Position words in Korean and English, on words written for this test. */
import { describe, expect, it } from 'vitest';
import { EN_ORDINALS, KO_ORDINAL_STEMS, ORDINAL_WORDS, ordinal } from '../../../src/main/language/ordinals.ts';

describe('position words', () => {
  it.each([
    ['second', 2],
    ['2nd', 2],
    ['두', 2],
    ['셋째', 3],
    ['12', 12],
    ['마지막', -1],
    ['Last', -1],
  ])('%s → %d', (word, n) => expect(ordinal(word)).toBe(n));
  it('has no position for other words', () => expect(ordinal('seat')).toBeUndefined());
  it('the English and Korean tables agree on the first ten', () => {
    expect(Object.values(EN_ORDINALS)).toEqual(Object.values(KO_ORDINAL_STEMS));
  });
  it('ORDINAL_WORDS matches a position said before 번째', () => {
    expect(new RegExp(`${ORDINAL_WORDS}\\s*번째`).exec('두 번째 버튼')?.[0]).toBe('두 번째');
  });
});
