/** Number words in Korean and English, on words written for this test. */
import { describe, expect, it } from 'vitest';
import { EN_NUM_WORDS, englishNumber, KO_NUM_WORDS, koreanNumber, smallNumber } from '../../../src/main/language/numbers.ts';

describe('Korean number words', () => {
  it.each([
    ['사십오만', 450_000],
    ['삼백만', 3_000_000],
    ['십만', 100_000],
    ['이억오천만', 250_000_000],
    ['3만', 30_000],
    ['천오백', 1_500],
  ])('%s → %d', (word, n) => expect(koreanNumber(word)).toBe(n));
});

describe('English number words', () => {
  it.each([
    ['one hundred twenty', 120],
    ['a hundred and fifty', 150],
    ['two thousand five hundred', 2_500],
    ['fifty', 50],
  ])('%s → %d', (words, n) => expect(englishNumber(words)).toBe(n));
});

describe('small counts', () => {
  it.each([
    ['3', 3],
    ['세', 3],
    ['하나', 1],
    ['an', 1],
    ['Three', 3],
    ['ten', 10],
  ])('%s → %d', (word, n) => expect(smallNumber(word)).toBe(n));
  it('does not read a larger word or a non-number as a small count', () => {
    expect(smallNumber('eleven')).toBeUndefined();
    expect(smallNumber('열')).toBeUndefined();
    expect(smallNumber('seat')).toBeUndefined();
  });
  it('offers the words as alternations that match whole words', () => {
    expect(new RegExp(`^(?:${KO_NUM_WORDS})$`).test('다섯')).toBe(true);
    expect(new RegExp(`^(?:${EN_NUM_WORDS})$`).test('seven')).toBe(true);
  });
});
