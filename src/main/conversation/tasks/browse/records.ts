/**
 * The result records a page shows (found by structure in the page model, typed by content) as
 * the rows packs rank: a name, the amount, clock times, duration, stops, rating and a link. Only
 * what the record's own text says is read; a value it does not show stays absent.
 */
import type { PageModel, ResultRecord } from '../../../agent/page-model/types.ts';
import type { Rows } from '../../plan-runner.ts';

const CLOCK = /(?<![\d:])([01]?\d|2[0-3]):([0-5]\d)(?![\d:])/g;

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

const FLIGHT_NO = /^[A-Z0-9]{2}\s?\d{2,4}$/;
const NOT_WORDS = /^[\d\s,.:/★₩$€£¥원%+-]+$/;

/** The record's name: its first cell that is words (not numbers, a time or a flight number), else its first link's words. */
function nameOf(r: ResultRecord): string {
  const cell = r.cells.find((c) => /\p{L}{2}/u.test(c) && !NOT_WORDS.test(c) && !FLIGHT_NO.test(c.trim()));
  const link = r.actions.find((a) => a.kind === 'link' && /\p{L}{2}/u.test(a.text))?.text;
  return (cell ?? link ?? r.text.split('\n')[0] ?? '').replace(/\s+/g, ' ').trim().slice(0, 120);
}

/** Shipping as the record says it: free, or the amount after a shipping word; absent when it says nothing. */
function shippingOf(text: string): number | undefined {
  if (/무료\s?배송|배송비\s?무료|free\s+(?:shipping|delivery)/i.test(text)) return 0;
  const m = /(?:배송비|shipping|delivery)\s*:?\s*(?:₩|KRW\s?)?(\d{1,3}(?:,\d{3})+|\d+)/i.exec(text);
  return m ? Number((m[1] as string).replace(/,/g, '')) : undefined;
}

export function recordRow(r: ResultRecord): Record<string, unknown> {
  const v = r.values;
  const times = [...r.text.matchAll(CLOCK)].map((m) => `${(m[1] as string).padStart(2, '0')}:${m[2]}`);
  const url = r.actions.find((a) => a.href)?.href;
  const name = nameOf(r);
  const flightNo = r.cells.map((c) => c.trim()).find((c) => FLIGHT_NO.test(c));
  const shipping = shippingOf(r.text);
  return {
    name,
    title: name,
    airline: name,
    ...(flightNo ? { flight_no: flightNo } : {}),
    ...(shipping !== undefined ? { shipping } : {}),
    ...(/품절|sold\s?out|out of stock/i.test(r.text) ? { stock: 'sold out' } : {}),
    ...(v.money !== undefined ? { price: v.money } : {}),
    ...(v.currency ? { currency: v.currency } : {}),
    ...(times[0] ? { depart_time: times[0] } : v.time !== undefined ? { depart_time: hhmm(v.time) } : {}),
    ...(times[1] ? { arrive_time: times[1] } : {}),
    ...(v.duration !== undefined ? { duration: v.duration } : {}),
    ...(v.stops !== undefined ? { stops: v.stops } : {}),
    ...(v.rating !== undefined ? { rating: v.rating } : {}),
    ...(url ? { url } : {}),
    text: r.text.replace(/\s+/g, ' ').trim().slice(0, 300),
  };
}

/** The rows of the page's main result list: the list with the most priced records (else the longest). */
export function recordRows(model: PageModel): Rows {
  const priced = (l: PageModel['lists'][number]) => l.records.filter((r) => r.values.money !== undefined).length;
  const list = [...model.lists].sort((a, b) => priced(b) - priced(a) || b.records.length - a.records.length)[0];
  return list ? list.records.map(recordRow) : [];
}
