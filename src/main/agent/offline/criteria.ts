import { ORDINAL_WORDS, ordinal } from '../../language/ordinals.ts';
import type { Criterion } from '../loop/contract.ts';

/**
 * How to choose among results, from the words of a request: cheapest, priciest, earliest,
 * latest, newest (= first), shortest, best rated, the Nth; direct only and a price cap.
 */
export function criterionOf(text: string): Criterion | undefined {
  const t = text.toLowerCase();
  const direct = /\b(direct|non.?stop)\b|직항|무경유/.test(t) || undefined;
  const under =
    /(?:under|below|less than|max(?:imum)?|up to)\s*[$₩€]?\s*([\d,.]+)\s*(k|만\s?원|원)?|([\d,.]+)\s*(만\s?원|원|달러|\$)?\s*(?:이하|미만|안쪽|아래)/i.exec(
      text,
    );
  const maxPrice = under
    ? Number((under[1] ?? under[3] ?? '').replace(/,/g, '')) *
      (/만/.test(under[2] ?? under[4] ?? '') ? 10_000 : /k/i.test(under[2] ?? '') ? 1000 : 1)
    : undefined;
  const base = { ...(direct ? { direct } : {}), ...(maxPrice ? { maxPrice } : {}) };
  if (/cheapest|lowest.?price|least expensive|가장 ?(싼|저렴)|제일 ?(싼|저렴)|최저가|싼 ?거/.test(t)) return { by: 'cheapest', ...base };
  if (/most expensive|priciest|가장 ?비싼|제일 ?비싼/.test(t)) return { by: 'priciest', ...base };
  // "the first train", "첫 기차", "첫차": the first departure of the day; "막차", "the last bus": the last one
  const ride = '(?:flight|departure|train|bus|coach|ferry|sailing|boat|show|showing|screening|slot|one of the day)';
  const rideKo = '(?:기차|열차|버스|비행기|항공편|배|편|출발|차|회차|공연)';
  if (new RegExp(`earliest|first ${ride}|가장 ?(이른|빠른|일찍)|제일 ?(이른|빠른|일찍)|첫 ?${rideKo}`).test(t))
    return { by: 'earliest', ...base };
  if (new RegExp(`latest departure|last ${ride}|가장 ?늦은|제일 ?늦은|막차|마지막 ?${rideKo}`).test(t)) return { by: 'latest', ...base };
  // what a list shows first: "맨 위에 나오는", "the top one"
  if (/맨\s*(?:위|앞|처음)|가장\s*위|제일\s*위|\b(?:top|topmost|first) (?:one|result|item|entry|row)\b|\bthe top\b/.test(t))
    return { by: 'nth', nth: 1, ...base };
  // lists of messages, posts and orders put the newest first
  if (/\b(latest|newest|most recent)\b|최근|최신/.test(t)) return { by: 'nth', nth: 1, ...base };
  if (/shortest|fastest|quickest|가장 ?짧은|소요 ?시간이? ?가장/.test(t)) return { by: 'shortest', ...base };
  if (/best.?rated|highest.?rated|top.?rated|평점.{0,4}(높은|좋은)|별점.{0,4}(높은|좋은)/.test(t)) return { by: 'best_rated', ...base };
  // a bare number is a count or a date, not a position: digits need st/nd/rd/th or 번째
  // (and a day of the month said as one — "friday the 9th", "on the 3rd", "the 5th of May", "Dec 12th" — is a date)
  const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
  const dated = t.replace(
    new RegExp(
      `\\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|on|${MONTH})\\s+(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)\\b(?!\\s+(?:one|result|item|row|entry|option|link|page|button|message|e-?mail|post|listing|card|slot|class|flight|train|bus|show|hotel|room|seat)s?\\b)|\\b\\d{1,2}(?:st|nd|rd|th)\\s+(?:of\\s+)?${MONTH}`,
      'gi',
    ),
    ' ',
  );
  const nth = new RegExp(
    `\\b(${ORDINAL_WORDS.replace('|\\d{1,2}(?:st|nd|rd|th)?', '|\\d{1,2}(?:st|nd|rd|th)')})\\b|(${ORDINAL_WORDS})\\s*번째|(\\d{1,2})\\s*번째|(마지막)`,
    'i',
  ).exec(dated);
  if (nth) {
    const n = ordinal(nth[1] ?? nth[2] ?? nth[3] ?? nth[4] ?? '');
    if (n !== undefined) return { by: 'nth', nth: n, ...base };
  }
  if (direct || maxPrice) return { by: 'cheapest', ...base };
  return undefined;
}
