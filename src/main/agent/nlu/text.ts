/**
 * The utterance as the extractors see it: NFKC-normalised, a lower-cased twin with the same
 * offsets, and a mask so a span one extractor consumed (a phone number, an address) is not
 * read again by another (as a date, a place).
 */

/** Stands in for consumed characters in `remainder()`. */
export const MASK = '\u2402';

const CHOSEONG = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ';
const JAMO_COMPAT: Record<string, string> = Object.fromEntries([
  ...Array.from(CHOSEONG, (c, i) => [String.fromCharCode(0x1100 + i), c]),
  ...Array.from({ length: 21 }, (_, i) => [String.fromCharCode(0x1161 + i), String.fromCharCode(0x314f + i)]),
]);

/** The global twin of each pattern, compiled once (matchAll copies it, so sharing is safe). */
const GLOBAL = new WeakMap<RegExp, RegExp>();

export interface Span {
  start: number;
  end: number;
}

export class Utterance {
  readonly raw: string;
  /** NFKC, one space between words; offsets below refer to this string. */
  readonly text: string;
  /** `text` lower-cased (same length). */
  readonly lower: string;
  private readonly used: boolean[];

  constructor(raw: string) {
    this.raw = raw;
    const t = raw
      .normalize('NFKC')
      // NFKC turns a lone ㅇ/ㅠ into a conjoining jamo; people type (and the vocabularies list) the compatibility letters
      .replace(/[\u1100-\u1112\u1161-\u1175]/g, (c) => JAMO_COMPAT[c] ?? c)
      .replace(/[\u200b\ufeff]/g, '')
      .replace(/\s*(→|->|⇒|➡)\s*/g, ' → ')
      .replace(/[“”]/g, '"')
      .replace(/[‘’]/g, "'")
      .replace(/\s+/g, ' ')
      .trim();
    this.text = t;
    // toLowerCase can change length for a few letters (İ); keep offsets by lowering per character.
    this.lower = Array.from(t, (c) => {
      const l = c.toLowerCase();
      return l.length === c.length ? l : c;
    }).join('');
    this.used = new Array<boolean>(t.length).fill(false);
  }

  isFree(s: Span): boolean {
    for (let i = s.start; i < s.end; i++) if (this.used[i]) return false;
    return true;
  }

  consume(s: Span): void {
    for (let i = s.start; i < s.end; i++) this.used[i] = true;
  }

  /** The text with consumed spans replaced by a separator that breaks words. */
  remainder(): string {
    return Array.from(this.text, (c, i) => (this.used[i] ? MASK : c)).join('');
  }

  /** Every match of `re` (global) over the lower-cased text that is still free; consumes them when `take`. */
  *matches(re: RegExp, take = true): Generator<RegExpExecArray> {
    let g = GLOBAL.get(re);
    if (!g) {
      g = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
      GLOBAL.set(re, g);
    }
    for (const m of this.lower.matchAll(g)) {
      const span = { start: m.index, end: m.index + m[0].length };
      if (!this.isFree(span)) continue;
      if (take) this.consume(span);
      yield m as RegExpExecArray;
    }
  }

  /** The original-case slice for a span of `lower`. */
  slice(start: number, end: number): string {
    return this.text.slice(start, end);
  }
}

const HANGUL = /[\uac00-\ud7a3\u3131-\u318e]/g;
const LATIN = /[a-z]/gi;

/** Korean when the sentence carries Korean grammar or is mostly Hangul; English otherwise. */
export function detectLocale(text: string): 'ko' | 'en' {
  const hangul = (text.match(HANGUL) ?? []).length;
  if (hangul === 0) return 'en';
  const latin = (text.match(LATIN) ?? []).length;
  if (hangul >= latin) return 'ko';
  if (/[가-힣](에서|으로|해줘|줘|요|해|야|까|는데|하고)(?=[\s?.!,]|$)/.test(text)) return 'ko';
  return 'en';
}
