/** Filling ko/en templates: `{name}` placeholders from variables, missing ones left visible. */
import type { Locale, Text } from './types.ts';

export function fill(text: Text, locale: Locale, vars: Record<string, unknown> = {}): string {
  const out = text[locale].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = vars[name];
    return v === undefined || v === null ? whole : String(v);
  });
  return locale === 'ko' ? particles(out) : out;
}

/**
 * Korean particles written both ways — "(은)는", "(이)가", "(을)를", "(과)와", "(으)로" — become the
 * one that agrees with the Hangul word before them (a closing quote may sit between).
 */
function particles(text: string): string {
  return text.replace(
    /([가-힣])(["'”’」)]?)\((은|이|을|과|으)\)(는|가|를|와|로)/g,
    (_w, ch: string, q: string, full: string, short: string) => {
      const final = (ch.charCodeAt(0) - 0xac00) % 28;
      // "(으)로" takes 로 after ㄹ (final 8) as after a vowel
      const closed = full === '으' ? final !== 0 && final !== 8 : final !== 0;
      return `${ch}${q}${closed ? (full === '으' ? '으로' : full) : short}`;
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
