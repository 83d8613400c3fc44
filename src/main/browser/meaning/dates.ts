/**
 * Dates by meaning: a calendar date from the ways people and profiles write one ("1990-05-17",
 * "1990. 5. 17.", "1990년 5월 17일", "17 May 1990", "May 17, 1990", "1990/05/17"), months by number or
 * name in English or Korean, and a date written the way a field's placeholder shows ("YYYY.MM.DD",
 * "DD/MM/YYYY", "MM-DD-YYYY").
 */

export interface CalendarDate {
  y: number;
  m: number;
  d: number;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A month from "5", "05", "May", "may", "5월", "2026-05" (1–12), if the text is one. */
export function monthOf(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  const n = /^(\d{1,2})\s*(?:월|\.)?$/.exec(t);
  if (n) {
    const v = Number(n[1]);
    return v >= 1 && v <= 12 ? v : undefined;
  }
  const word = /^([a-z]{3,9})\.?$/.exec(t);
  if (word?.[1]) {
    const i = MONTHS.indexOf(word[1].slice(0, 3));
    // the full name must be the month's ("mayday" is not May)
    const full = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, i, 1)).toLowerCase();
    return i >= 0 && full.startsWith(word[1]) ? i + 1 : undefined;
  }
  return undefined;
}

const valid = (y: number, m: number, d: number): CalendarDate | undefined => {
  if (m < 1 || m > 12 || d < 1 || d > 31) return undefined;
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCMonth() === m - 1 ? { y, m, d } : undefined;
};

/** A calendar date from a text; day-first vs month-first is decided only when it is unambiguous. */
export function dateOf(text: string): CalendarDate | undefined {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  let m = /^(\d{4})\s*[-./년]\s*(\d{1,2})\s*[-./월]\s*(\d{1,2})\s*[.일]?$/.exec(t);
  if (m) return valid(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (m) return valid(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[-./ ](\d{1,2})[-./ ](\d{4})$/.exec(t);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const y = Number(m[3]);
    if (a > 12 && b <= 12) return valid(y, b, a);
    if (b > 12 && a <= 12) return valid(y, a, b);
    return a === b ? valid(y, a, b) : undefined;
  }
  m = /^(\d{1,2}) ([a-z]+)\.?,? (\d{4})$/.exec(t);
  if (m) {
    const month = monthOf(m[2] ?? '');
    return month ? valid(Number(m[3]), month, Number(m[1])) : undefined;
  }
  m = /^([a-z]+)\.? (\d{1,2}),? (\d{4})$/.exec(t);
  if (m) {
    const month = monthOf(m[1] ?? '');
    return month ? valid(Number(m[3]), month, Number(m[2])) : undefined;
  }
  return undefined;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export const isoDate = (d: CalendarDate) => `${pad(d.y, 4)}-${pad(d.m)}-${pad(d.d)}`;

/**
 * A date written as a placeholder shows it ("YYYY.MM.DD", "dd/mm/yyyy", "연도-월-일" is not a
 * pattern): undefined when the placeholder is not a date pattern.
 */
export function dateAs(d: CalendarDate, placeholder: string): string | undefined {
  const p = placeholder.trim();
  if (!/^(?:yyyy|yy|mm|dd|m|d)(?:[-./\s]+(?:yyyy|yy|mm|dd|m|d)){2}\.?$/i.test(p)) return undefined;
  return p.replace(/yyyy|yy|mm|dd|m|d/gi, (tok) => {
    const t = tok.toLowerCase();
    if (t === 'yyyy') return pad(d.y, 4);
    if (t === 'yy') return pad(d.y % 100);
    if (t === 'mm') return pad(d.m);
    if (t === 'dd') return pad(d.d);
    return String(t === 'm' ? d.m : d.d);
  });
}
