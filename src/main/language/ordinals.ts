/**
 * Words that name a position in a list, in Korean and English: "second", "2nd", "두 번째",
 * "셋째", "마지막". The dialogue's choice reader and the page reader both use these tables.
 */

export const EN_ORDINALS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};

/** English ordinal words up to the days of a month ("eleventh" … "thirtieth"; "twenty-first" is built from these). */
export const EN_DAY_ORDINALS: Record<string, number> = {
  ...EN_ORDINALS,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
};

/** Korean stems said before 째 or 번째: "첫째", "두 번째", "열 번째". */
export const KO_ORDINAL_STEMS: Record<string, number> = {
  첫: 1,
  두: 2,
  세: 3,
  네: 4,
  다섯: 5,
  여섯: 6,
  일곱: 7,
  여덟: 8,
  아홉: 9,
  열: 10,
};

/** Korean ordinals said as one word. */
const KO_ORDINAL_WORDS: Record<string, number> = { 첫째: 1, 둘째: 2, 셋째: 3, 넷째: 4 };

/** Every position word; "last" counts from the end (-1). */
const ORDINALS: Record<string, number> = {
  ...EN_ORDINALS,
  ...KO_ORDINAL_STEMS,
  ...KO_ORDINAL_WORDS,
  last: -1,
  마지막: -1,
};

/** "second", "2nd", "두", "2", "마지막" → 2, 2, 2, 2, -1. */
export function ordinal(word: string): number | undefined {
  const w = word.trim().toLowerCase();
  if (w in ORDINALS) return ORDINALS[w];
  const n = /^(\d{1,2})(st|nd|rd|th)?$/.exec(w);
  return n ? Number(n[1]) : undefined;
}

/** A regular-expression group matching any position word or "2nd"-style number. */
export const ORDINAL_WORDS = `(?:${Object.keys(ORDINALS).join('|')}|\\d{1,2}(?:st|nd|rd|th)?)`;
