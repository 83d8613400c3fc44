import { type ExtractedRow, fieldType } from '../../shared/plan.ts';

/**
 * Extraction: a function that runs in the page (browser/in-page/read-rows.ts, through the
 * read-only observe_rows tool) finds the rows of a results list and the raw text of each asked
 * field; `typeRows` then turns the raw text into typed values (money → number, time → "HH:MM", stops → integer, …).
 * Nothing is invented: a field the page does not show is null.
 */

/** Where each field is looked for in a row, before the text patterns. */
const FIELD_HINTS: Record<string, string[]> = {
  price: ['price', 'total', 'amount', 'cost'],
  depart_time: ['depart', 'departure', 'depart-time', 'departure-time'],
  arrive_time: ['arrive', 'arrival', 'arrive-time', 'arrival-time'],
  time: ['time', 'depart', 'departure'],
  title: ['title', 'name', 'product-name'],
  url: [],
  stops: ['stops'],
  rating: ['rating', 'score', 'stars'],
  location: ['location', 'address', 'area'],
  airline: ['airline', 'carrier'],
  shipping: ['shipping', 'delivery', 'shipping-fee', 'ship'],
};

export { readRowsInPage as extractInPage } from '../browser/in-page/read-rows.ts';

export function extractSpec(
  fields: string[],
  rowSelector: string | undefined,
  limit: number,
  container?: { selector?: string; name?: string; role?: string },
) {
  return { fields, ...(rowSelector ? { rowSelector } : {}), limit, hints: FIELD_HINTS, ...(container ? { container } : {}) };
}

/** A number followed by one of these counts something (nights, guests, items, stops): it is not an amount. */
const COUNT_UNIT = /^\s{0,3}(?:박|泊|명|인|개|회|건|실|객실|nights?|guests?|people|persons?|adults?|rooms?|items?|pcs|stops?|x\b)/i;

/**
 * Money text → the amount and whether a currency mark came with it: "₩412,000", "412,000원",
 * "$1,234.50", "KRW 412000". An amount that carries a currency mark wins over a bare number
 * before it ("1박 ₩124,000 per night" is 124000, not 1); a number that counts something
 * ("1박", "2 nights") is never an amount.
 */
export function moneyIn(text: string): { value: number; marked: boolean } | null {
  // bounded spaces: an unbounded \s* restarts at every space of a long run (quadratic)
  let first: RegExpMatchArray | undefined;
  let found: RegExpMatchArray | undefined;
  for (const x of text.matchAll(
    /([₩$€¥£]|krw|usd|eur|jpy)?\s{0,3}(\d{1,3}(?:[,.\s]\d{3})+|\d+)(?:[.,](\d{1,2}))?\s{0,3}(원|krw|usd|eur|円)?/gi,
  )) {
    if (!x[1] && !x[4] && COUNT_UNIT.test(text.slice((x.index ?? 0) + x[0].length))) continue;
    first ??= x;
    if (x[1] || x[4]) {
      found = x;
      break;
    }
  }
  const m = found ?? first;
  if (!m?.[2]) return null;
  const whole = Number(m[2].replace(/[,.\s]/g, ''));
  const cents = m[3] ? Number(m[3]) / 10 ** m[3].length : 0;
  return Number.isFinite(whole) ? { value: whole + cents, marked: Boolean(m[1] || m[4]) } : null;
}

/** Money text → number (see moneyIn). */
export function parseMoney(text: string): number | null {
  return moneyIn(text)?.value ?? null;
}

export function parseTimes(text: string): string[] {
  return [...text.matchAll(/(?<!\d)([01]?\d|2[0-3]):([0-5]\d)(?!\d)/g)].map((m) => `${(m[1] as string).padStart(2, '0')}:${m[2]}`);
}

export function parseStops(text: string): number | null {
  if (/non-?stop|direct|직항/i.test(text)) return 0;
  const m = /(?<!\d)(\d{1,3})\s{0,3}(?:회\s{0,3})?(?:stops?|경유)/i.exec(text);
  return m ? Number(m[1]) : null;
}

function parseNumber(text: string): number | null {
  const m = /-?\d+(?:[.,]\d+)?/.exec(text.replace(/,(?=\d{3})/g, ''));
  return m ? Number(m[0].replace(',', '.')) : null;
}

/** An amount written with its currency mark, in a row's text. */
const MARKED_AMOUNT = /(?:[₩$€¥£]\s{0,3}[\d,.]{1,40}|(?<![\d,.])[\d,.]{1,40}\s{0,3}(?:원|KRW|USD|円))/i;

/** Raw text per field → typed values. Falls back to patterns over the row's text when a field has no element. */
export function typeRows(raws: Array<Record<string, string | null>>, fields: string[]): ExtractedRow[] {
  return raws.map((raw) => {
    const rowText = raw._text ?? '';
    const times = parseTimes(rowText);
    const row: ExtractedRow = {};
    for (const f of fields) {
      const v = raw[f] ?? null;
      switch (fieldType(f)) {
        case 'money': {
          // the field's own element first; when it shows no amount with a currency mark (a unit
          // beside the price, the amount split into other elements), the row's marked amount
          const own = v !== null ? moneyIn(v) : null;
          const marked = f === 'price' && !own?.marked ? moneyIn(rowText.match(MARKED_AMOUNT)?.[0] ?? '') : null;
          row[f] = marked?.value ?? own?.value ?? null;
          break;
        }
        case 'time': {
          const own = v !== null ? parseTimes(v)[0] : undefined;
          row[f] = own ?? (f === 'arrive_time' ? (times[1] ?? null) : (times[0] ?? null));
          break;
        }
        case 'integer':
          row[f] = f === 'stops' ? parseStops(v ?? rowText) : v !== null ? parseNumber(v) : null;
          break;
        case 'number':
          row[f] = v !== null ? parseNumber(v) : null;
          break;
        default:
          row[f] = v;
      }
    }
    return row;
  });
}
