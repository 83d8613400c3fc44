/**
 * Phone numbers by meaning: "+82 10-1234-5678", "010 1234 5678" and "01012345678" are one number;
 * written the way a field's placeholder shows it ("010-0000-0000", "+82-10-0000-0000").
 */

/** The digits of a number with its country calling code split off when it carries one (+cc or 00cc). */
export function phoneParts(text: string, callingCodes: string[]): { country?: string; national: string } | undefined {
  const t = text.trim();
  if (!/^[+\d][\d\s().-]{6,}$/.test(t)) return undefined;
  const digits = t.replace(/\D/g, '');
  const intl = t.startsWith('+') ? digits : t.startsWith('00') ? digits.slice(2) : undefined;
  if (intl === undefined) return { national: digits };
  const cc = callingCodes.filter((c) => intl.startsWith(c)).sort((a, b) => b.length - a.length)[0];
  if (!cc) return undefined;
  return { country: cc, national: `0${intl.slice(cc.length)}` };
}

/**
 * The number written as the placeholder's pattern: its digits (or 0/X/#) are the slots, its other
 * characters kept. A placeholder with a calling code gets the international form. Undefined when
 * the placeholder is not a phone pattern or the digit counts do not fit.
 */
export function phoneAs(parts: { country?: string; national: string }, placeholder: string): string | undefined {
  const p = placeholder.trim();
  if (!/^\+?[\d\sxX#().-]{7,}$/.test(p)) return undefined;
  const intl = /^\+(\d{1,3})[\s-]/.exec(p);
  const digits = intl ? `${intl[1]}${parts.national.replace(/^0/, '')}` : parts.national;
  if (intl && parts.country && parts.country !== intl[1]) return undefined;
  const slots = (p.match(/[\dxX#]/g) ?? []).length;
  if (slots !== digits.length) return undefined;
  let i = 0;
  return p.replace(/[\dxX#]/g, () => digits[i++] ?? '');
}
