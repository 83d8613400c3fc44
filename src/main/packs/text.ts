/** Filling ko/en templates: `{name}` placeholders from variables, missing ones left visible. */
import type { Locale, Text } from './types.ts';

export function fill(text: Text, locale: Locale, vars: Record<string, unknown> = {}): string {
  const out = text[locale].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = vars[name];
    return v === undefined || v === null ? whole : String(v);
  });
  return locale === 'ko' ? particles(out) : out;
}

/** The final consonant of how a digit is read in Korean (0 none, 8 ㄹ, other closed): 영 일 이 삼 사 오 육 칠 팔 구. */
const DIGIT_FINAL = [21, 8, 0, 16, 0, 0, 1, 8, 8, 0];
/** …and of how a Latin letter's name is read (엘, 엠, 엔, 알 close; the others are open). */
const LETTER_FINAL: Record<string, number> = { l: 8, m: 16, n: 4, r: 8 };

/** The final consonant (jongseong index, 0 = none, 8 = ㄹ) of the sound a text ends in. */
function finalOf(word: string): number {
  const ch = word.at(-1) ?? '';
  if (/[가-힣]/.test(ch)) return (ch.charCodeAt(0) - 0xac00) % 28;
  if (/\d/.test(ch)) return DIGIT_FINAL[Number(ch)] ?? 0;
  // a code in capitals is read letter by letter ("ICN" → 엔); a word by its last sound ("Seoul" → 서울, "Gangnam" → 강남)
  if (/[A-Z]/.test(ch) && /[A-Z]{2,}$|\b[A-Z]$/.test(word)) return LETTER_FINAL[ch.toLowerCase()] ?? 0;
  if (/ng$/i.test(word)) return 21;
  if (/[a-z]/i.test(ch)) return LETTER_FINAL[ch.toLowerCase()] ?? (/[kpt]$/i.test(word) ? 1 : 0);
  return 0;
}

/**
 * Korean particles written both ways — "(은)는", "(이)가", "(을)를", "(과)와", "(으)로" — become the
 * one that agrees with the word before them (a closing quote may sit between): a Hangul word by its
 * last syllable, a number by how its last digit is read, a code or Latin word by its last sound.
 */
function particles(text: string): string {
  // the other way of writing both: "을(를)", "이(가)", "은(는)", "과(와)", "으로(로)"
  const other = text.replace(
    /([가-힣]|[0-9A-Za-z]+)(["'”’」)\]]?)(은|이|을|과|으로)\((는|가|를|와|로)\)/g,
    (_w, word: string, q: string, full: string, short: string) => `${word}${q}(${full === '으로' ? '으' : full})${short}`,
  );
  return other.replace(
    /([가-힣]|[0-9A-Za-z]+)(["'”’」)\]]?)\((은|이|을|과|으)\)(는|가|를|와|로)/g,
    (_w, word: string, q: string, full: string, short: string) => {
      const final = finalOf(word);
      // "(으)로" takes 로 after ㄹ (final 8) as after a vowel
      const closed = full === '으' ? final !== 0 && final !== 8 : final !== 0;
      return `${word}${q}${closed ? (full === '으' ? '으로' : full) : short}`;
    },
  );
}

export function both(ko: string, en: string): Text {
  return { ko, en };
}

/** Masks all but the last four digits of a phone number: 010-****-5678. */
export function maskPhone(phone: unknown): string | undefined {
  if (typeof phone !== 'string' || !phone) return undefined;
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7) return '***';
  return `${digits.slice(0, 3)}-****-${digits.slice(-4)}`;
}

/** Formats an address object or string from a tool into one line. */
export function addressLine(a: unknown): string {
  if (typeof a === 'string') return a;
  if (!a || typeof a !== 'object') return '';
  const o = a as Record<string, unknown>;
  const parts = [
    o.zipcode ? `(${String(o.zipcode)})` : '',
    o.address1 ?? o.road ?? o.line1 ?? o.address,
    o.address2 ?? o.line2 ?? o.detail,
  ];
  return parts
    .filter((p) => typeof p === 'string' && p.trim())
    .map((p) => String(p).trim())
    .join(' ');
}
