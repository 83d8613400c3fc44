/**
 * A follow-up on results already shown that asks for them in another order — "제일 싼 곳으로
 * 보여줘", "show me the cheapest one", "평점 높은 순으로" — answered from the rows the pages showed
 * (no new search, no new task): the rows re-ordered by that field, the first one said outright.
 * Only a request that says nothing but the order is taken; anything more is a new request.
 */

import { won } from '../../../packs/shared/ranking.ts';
import { both, fill } from '../../../packs/text.ts';
import type { Facts, Locale } from '../../../packs/types.ts';

type Row = Record<string, unknown>;

interface Order {
  field: string;
  /** 1: smallest first; -1: largest first. */
  dir: 1 | -1;
  re: RegExp;
  says: ReturnType<typeof both>;
}

const ORDERS: Order[] = [
  {
    field: 'price',
    dir: -1,
    re: /(?:제일|가장|젤)\s?비싼|비싼\s?순|most expensive|priciest|highest price/,
    says: both('가장 비싼 순서예요. 1위는 {first}이에요.', 'Most expensive first: {first} tops the list.'),
  },
  {
    field: 'price',
    dir: 1,
    re: /(?:제일|가장|젤)\s?(?:싼|저렴한)|싼\s?(?:순|곳|거|걸로)|저렴한\s?순|최저가|cheapest|lowest price|least expensive|by price/,
    says: both('가장 싼 순서예요. 제일 싼 곳은 {first}이에요.', 'Cheapest first: the cheapest is {first}.'),
  },
  {
    field: 'rating',
    dir: -1,
    re: /(?:평점|별점)\s?(?:높은|좋은|순)|(?:best|highest)[ -]rated|by rating/,
    says: both('평점이 높은 순서예요. 1위는 {first}이에요.', 'Highest rated first: {first} tops the list.'),
  },
  {
    field: 'depart_time',
    dir: 1,
    re: /(?:제일|가장|젤)\s?(?:이른|일찍)|이른\s?순|earliest/,
    says: both('출발이 이른 순서예요. 가장 이른 건 {first}이에요.', 'Earliest first: {first} leaves first.'),
  },
];

/** Words that say nothing beyond "show them in that order". */
const FILLER =
  /\b(?:show|me|them|the|one|ones|please|which|is|list|sort|sorted|order|again|instead|now|what|s|it|by|first|hotels?|flights?|stays?|places?|options?|deals?)\b|보여\s?(?:줘|주세요|줄래|줄래요)?|알려\s?(?:줘|주세요)?|정렬해?\s?(?:줘|주세요)?|(?:호텔|숙소|항공편|비행기|항공권|상품|으로|로|순서|순으로|순|곳|거|것|걸로|다시|해\s?줘|해\s?주세요|어디야|어디예요|뭐야|는|은|이|가|요)/g;

/** The order a follow-up asks for, when the results to re-order are held and it asks for nothing else. */
export function reorderAsked(text: string, facts: Facts): Order | undefined {
  const rows = facts.results;
  if (!Array.isArray(rows) || rows.length < 2) return undefined;
  const lower = text.toLowerCase();
  const order = ORDERS.find((o) => o.re.test(lower));
  if (!order || !rows.some((r: Row) => r?.[order.field] !== undefined)) return undefined;
  const rest = lower
    .replace(order.re, ' ')
    .replace(FILLER, ' ')
    .replace(/[\s.,!?~']+/g, '');
  return rest.length === 0 ? order : undefined;
}

const nameOf = (r: Row) => String(r.name ?? r.title ?? ([r.airline, r.flight_no].filter(Boolean).join(' ') || r.site || '')).trim();

function lineOf(r: Row, locale: Locale): string {
  const parts = [nameOf(r)];
  if (r.depart_time !== undefined) parts.push(`${String(r.depart_time)}→${String(r.arrive_time ?? '?')}`);
  if (r.price !== undefined) parts.push(typeof r.price === 'number' ? won(r.price, locale) : String(r.price));
  if (r.rating !== undefined) parts.push(`★${String(r.rating)}`);
  return parts.filter(Boolean).join(' · ');
}

/** The held results in the order asked (rows without the field last), and what to say. */
export function reorderResults(order: Order, facts: Facts, locale: Locale): { rows: Row[]; reply: string } {
  const rows = [...(facts.results as Row[])];
  const key = (r: Row) => r[order.field];
  rows.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === undefined || y === undefined) return x === undefined ? (y === undefined ? 0 : 1) : -1;
    return (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * order.dir;
  });
  const lines = rows.map((r, i) => `${i + 1}. ${lineOf(r, locale)}${r.url ? ` ${String(r.url)}` : ''}`);
  const first = rows[0] ? lineOf(rows[0], locale) : '';
  return { rows, reply: [fill(order.says, locale, { first }), ...lines].join('\n') };
}
