/**
 * Types a piece of record text by its content: money, a clock time, a duration, a rating, a
 * count of stops. Used to read result lists and tables whose markup the engine has never seen.
 */
export interface TypedValues {
  money?: number;
  currency?: string;
  /** minutes after midnight of the first clock time */
  time?: number;
  /** minutes */
  duration?: number;
  rating?: number;
  /** 0 for a direct / non-stop item */
  stops?: number;
}

const CURRENCY = /(₩|\$|€|£|¥|KRW|USD|EUR|JPY|GBP|원)/i;

export function parseMoney(text: string): { value: number; currency: string } | undefined {
  const m =
    /(₩|\$|€|£|¥|KRW|USD|EUR|JPY|GBP)\s?(\d{1,3}(?:[,.\s]\d{3})+|\d+)(?:[.,](\d{1,2}))?(?!\d)/i.exec(text) ??
    // starts only where a number starts (not inside a run of digits): one try per number, linear time
    /(?<![\d,.]|\d\s)(\d{1,3}(?:[,.\s]\d{3})+|\d+)(?:[.,](\d{1,2}))?\s?(원|₩|KRW|USD|EUR|JPY|€|만\s?원)/i.exec(text);
  if (!m) return undefined;
  const first = CURRENCY.test(m[1] ?? '') && !/^\d/.test(m[1] ?? '');
  const digits = (first ? m[2] : m[1]) ?? '';
  const cents = (first ? m[3] : m[2]) ?? '';
  const currency = ((first ? m[1] : m[3]) ?? '').replace(/\s/g, '');
  let value = Number(digits.replace(/[,.\s]/g, '')) + (cents ? Number(`0.${cents}`) : 0);
  if (currency === '만원') value *= 10_000;
  if (!Number.isFinite(value)) return undefined;
  const SYMBOLS: Record<string, string> = { 원: 'KRW', 만원: 'KRW', '₩': 'KRW', $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };
  return { value, currency: SYMBOLS[currency] ?? currency.toUpperCase() };
}

export function parseClock(text: string): number | undefined {
  const m = /(?<![\d:])([01]?\d|2[0-3]):([0-5]\d)(?:\s?([ap])\.?m\.?)?(?![\d:])/i.exec(text);
  if (m) {
    let h = Number(m[1]);
    const pm = m[3]?.toLowerCase() === 'p';
    if (m[3] && h === 12) h = pm ? 12 : 0;
    else if (pm) h += 12;
    return h * 60 + Number(m[2]);
  }
  const ko = /(오전|오후)\s?(\d{1,2})시\s?(?:(\d{1,2})분)?/.exec(text);
  if (ko) return ((Number(ko[2]) % 12) + (ko[1] === '오후' ? 12 : 0)) * 60 + Number(ko[3] ?? 0);
  return undefined;
}

export function parseDuration(text: string): number | undefined {
  const m = /(\d{1,2})\s?(?:h|hr|hrs|hours?|시간)\s?(?:(\d{1,2})\s?(?:m|min|mins|minutes?|분))?/i.exec(text);
  if (m) return Number(m[1]) * 60 + Number(m[2] ?? 0);
  const mins = /(\d{1,3})\s?(?:min|mins|minutes|분)(?![\p{L}\p{N}])/iu.exec(text);
  return mins ? Number(mins[1]) : undefined;
}

export function parseRating(text: string): number | undefined {
  const m = /(?:★|⭐|rating|평점|별점)\s?:?\s?(\d(?:\.\d)?)|(\d(?:\.\d)?)\s?(?:\/\s?5|★|stars?|점)/i.exec(text);
  const v = Number(m?.[1] ?? m?.[2]);
  return m && v >= 0 && v <= 5 ? v : undefined;
}

export function parseStops(text: string): number | undefined {
  if (/non.?stop|direct|직항|무경유/i.test(text)) return 0;
  const m = /(\d)\s?(?:stops?|회\s?경유|경유)/i.exec(text);
  if (m) return Number(m[1]);
  if (/경유|layover|connecting|1\s?stop/i.test(text)) return 1;
  return undefined;
}

/** The typed values of a record, from its cells (first match of each kind wins). */
export function typeRecord(cells: string[]): TypedValues {
  const out: TypedValues = {};
  for (const cell of cells) {
    if (out.money === undefined) {
      const m = parseMoney(cell);
      if (m) {
        out.money = m.value;
        out.currency = m.currency;
        continue;
      }
    }
    if (out.time === undefined) {
      const t = parseClock(cell);
      if (t !== undefined) out.time = t;
    }
    if (out.duration === undefined) {
      const d = parseDuration(cell);
      if (d !== undefined && !/:\d\d/.test(cell)) out.duration = d;
    }
    if (out.rating === undefined) {
      const r = parseRating(cell);
      if (r !== undefined) out.rating = r;
    }
    if (out.stops === undefined) {
      const s = parseStops(cell);
      if (s !== undefined) out.stops = s;
    }
  }
  return out;
}
