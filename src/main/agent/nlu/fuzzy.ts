/**
 * Typo tolerance: Damerau–Levenshtein distance over Latin letters, and over jamo for Hangul
 * (호탤 → 호텔 is one vowel apart, 호수 → 호텔 is three), so a misspelt keyword still counts.
 */

const CHO = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const JUNG = 'ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ';
const JONG = ' ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ';

/** Splits Hangul syllables into their jamo; other characters pass through. */
export function toJamo(s: string): string {
  let out = '';
  for (const ch of s) {
    const code = ch.charCodeAt(0) - 0xac00;
    if (code < 0 || code > 11171) {
      out += ch;
      continue;
    }
    out += CHO[Math.floor(code / 588)];
    out += JUNG[Math.floor((code % 588) / 28)];
    const jong = JONG[code % 28];
    if (jong && jong !== ' ') out += jong;
  }
  return out;
}

export function editDistance(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i++) d.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] as number[];
    const prev = d[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = v;
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** True when `word` is `keyword` with one typo (only for keywords long enough to make that safe). */
export function nearlyEquals(word: string, keyword: string): boolean {
  if (word === keyword) return true;
  const hangul = /[가-힣]/.test(keyword);
  const a = hangul ? toJamo(word) : word;
  const b = hangul ? toJamo(keyword) : keyword;
  if (b.length < (hangul ? 5 : 5) || Math.abs(a.length - b.length) > 1) return false;
  if (a[0] !== b[0]) return false;
  return editDistance(a, b) <= 1;
}
