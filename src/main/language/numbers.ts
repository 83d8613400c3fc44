/**
 * Numbers said as words, in Korean and English: small counts ("세 명", "two adults") and whole
 * amounts ("사십오만", "one hundred twenty"). Everything that reads a number from a person's
 * words uses these tables, so a word counts the same everywhere.
 */

/** Native Korean counting words: "한 명", "두 개", "세 밤". */
export const KO_NUMBERS: Record<string, number> = {
  한: 1,
  하나: 1,
  두: 2,
  둘: 2,
  세: 3,
  셋: 3,
  네: 4,
  넷: 4,
  다섯: 5,
  여섯: 6,
  일곱: 7,
  여덟: 8,
  아홉: 9,
};

/** English words below a hundred that a spoken number is built from. */
const EN_ONES: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};

/** English small counts: "a night", "an adult", "two kids" (up to ten). */
export const EN_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  ...Object.fromEntries(Object.entries(EN_ONES).filter(([, n]) => n <= 10)),
};

/** "3", "세", "three" → 3; undefined when it is not a small number. */
export function smallNumber(word: string): number | undefined {
  if (/^\d+$/.test(word)) return Number(word);
  return KO_NUMBERS[word] ?? EN_NUMBERS[word.toLowerCase()];
}

export const KO_NUM_WORDS = Object.keys(KO_NUMBERS).join('|');
export const EN_NUM_WORDS = Object.keys(EN_NUMBERS).join('|');

/** Every English word a spoken amount may contain, as a regular-expression alternation. */
export const EN_AMOUNT_WORD = `(?:${Object.keys(EN_ONES).join('|')}|hundred|thousand|million|half|a|and)`;

const SINO: Record<string, number> = { 일: 1, 이: 2, 삼: 3, 사: 4, 오: 5, 육: 6, 칠: 7, 팔: 8, 구: 9 };
const SMALL_UNIT: Record<string, number> = { 십: 10, 백: 100, 천: 1000 };
const BIG_UNIT: Record<string, number> = { 만: 1e4, 억: 1e8 };

/** "사십오만" → 450000, "삼백만" → 3000000, "2백5십만" → 2500000; undefined when it is not a number. */
export function koreanNumber(word: string): number | undefined {
  let total = 0;
  let section = 0;
  let digit: number | undefined;
  for (const ch of word) {
    if (ch in SINO) digit = (digit ?? 0) * 10 + (SINO[ch] as number);
    else if (/\d/.test(ch)) digit = (digit ?? 0) * 10 + Number(ch);
    else if (ch in SMALL_UNIT) {
      section += (digit ?? 1) * (SMALL_UNIT[ch] as number);
      digit = undefined;
    } else if (ch in BIG_UNIT) {
      total += (section + (digit ?? 0) || 1) * (BIG_UNIT[ch] as number);
      section = 0;
      digit = undefined;
    } else return undefined;
  }
  return total + section + (digit ?? 0);
}

/** "one hundred twenty" → 120, "a thousand" → 1000; undefined when a word is not a number word. */
export function englishNumber(words: string): number | undefined {
  let total = 0;
  let current = 0;
  let any = false;
  let bareA = false; // "a" stood for one: "a hundred", but "a half" is a half
  for (const w of words
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean)) {
    if (w === 'and') continue;
    if (w === 'a') {
      bareA = !current;
      current = current || 1;
      continue;
    }
    if (w === 'half') {
      current = (bareA ? 0 : current) + 0.5; // "one and a half million", "half a million"
      bareA = false;
      any = true;
    } else if (w in EN_ONES) {
      current += EN_ONES[w] as number;
      any = true;
    } else if (w === 'hundred') {
      current = (current || 1) * 100;
      any = true;
    } else if (w === 'thousand' || w === 'million') {
      total += (current || 1) * (w === 'thousand' ? 1e3 : 1e6);
      current = 0;
      any = true;
    } else return undefined;
  }
  return any ? total + current : undefined;
}
