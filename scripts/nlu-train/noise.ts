/** Noise applied to generated sentences: typos, spacing, casual/polite endings, fillers, emoji. */

export type Rand = () => number;

/** A small seeded generator (mulberry32), so the corpus and the model are reproducible. */
export function seeded(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;

function typo(r: Rand, s: string): string {
  const i = 1 + Math.floor(r() * Math.max(1, s.length - 2));
  const k = r();
  if (k < 0.33) return s.slice(0, i) + s.slice(i + 1);
  if (k < 0.66) return s.slice(0, i) + (s[i + 1] ?? '') + (s[i] ?? '') + s.slice(i + 2);
  return s.slice(0, i) + (s[i] ?? '') + s.slice(i);
}

const KO_PREFIX = ['', '', '', '음 ', '혹시 ', '저기 ', '아 ', '급함 ', '그 ', '있잖아 '];
const KO_SUFFIX = ['', '', '', ' 부탁해요', ' 좀', ' ㅠㅠ', ' ㅎㅎ', ' 요', ' 해주세요', ' 🙏', '!!', ' 빨리'];
const EN_PREFIX = ['', '', '', 'hey ', 'pls ', 'um ', 'so ', 'yo ', 'quick one: ', 'could you ', 'i need to '];
const EN_SUFFIX = ['', '', '', ' please', ' pls', ' thx', ' asap', ' 🙏', '!!', ' lol', ' thanks'];

export function noisy(r: Rand, s: string, lang: 'ko' | 'en'): string {
  let out = s;
  if (r() < 0.5) out = (lang === 'ko' ? pick(r, KO_PREFIX) : pick(r, EN_PREFIX)) + out;
  if (r() < 0.5) out += lang === 'ko' ? pick(r, KO_SUFFIX) : pick(r, EN_SUFFIX);
  if (r() < 0.15) out = typo(r, out);
  if (lang === 'ko' && r() < 0.2) out = out.replace(/ /g, () => (r() < 0.5 ? '' : ' '));
  if (lang === 'en' && r() < 0.3) out = out.toLowerCase();
  if (r() < 0.2) out = out.replace(/[?.!]+$/, '');
  return out;
}
