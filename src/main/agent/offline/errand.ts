import type { Criterion } from '../loop/contract.ts';
import { parseUtterance } from '../nlu/index.ts';
import { PLACES } from '../nlu/places/table.ts';
import { purposeOfWords } from '../page-model/purpose.ts';
import { sameMeaning } from './glossary.ts';
import { criterionOf } from './grammar.ts';
import { Q } from './split.ts';
import { whenOf } from './when.ts';

/**
 * A search or booking errand said in words ("book the cheapest flight from Incheon to Osaka on
 * Dec 20 for 2", "서울에서 부산 12월 20일 가장 싼 거") → slots by purpose and how to pick a result.
 * Dates and counts come from the understanding parser; places keep the person's own words, so
 * the site's own autocomplete can match them.
 */
/** Words after "X에서" that say how to choose, not where to go ("제일 싼", "가장 이른", "평점 높은"). */
const NOT_PLACE = /^(?:제일|가장|젤|제일로|최저|싼|저렴|빠른|이른|늦은|인기|평점|가까운|좋은|비싼|큰|작은)/;
/** A stay is somewhere to be, not a route ("숙소", "호텔", "hotel"). */
const STAY = /숙소|호텔|리조트|펜션|게스트하우스|모텔|객실|\bhotels?\b|\bstays?\b/i;

export function errandOf(text: string, now: Date, tz = 'Asia/Seoul'): { slots: Record<string, string>; pick?: Criterion } | undefined {
  const u = parseUtterance(text, { now, tz });
  const s = u.slots as Record<string, unknown>;
  const slots: Record<string, string> = {};
  const en = /\bfrom\s+(.+?)\s+to\s+(.+?)(?=\s+(?:on|for|in|at|departing|leaving|returning|between|and)\b|[,.]|$)/i.exec(text);
  // a place may end in a short code word ("김해공항 T2에서")
  const ko = /(?:^|\s)((?:[가-힣A-Za-z]+\s+)?[A-Za-z]{1,2}\d{1,2}|[^\s]+?)에서\s+([^\s]+?)(?:까지|으로|로|행|가는)?(?=\s|$)/.exec(text);
  // "from Dec 19 to Dec 21" is a stay, not a route
  const dateish = (x: string | undefined) =>
    !x ||
    /^\d|\d\s*(?:월|일)|\d{4}|\d(?:st|nd|rd|th)\b|\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b|월|일|today|tomorrow|내일|오늘/i.test(
      x,
    );
  const route = en && !dateish(en[1]) && !dateish(en[2]) ? en : undefined;
  const inPlace = /\b(?:in|at|near|to)\s+([A-Z][\p{L}' -]+?)(?=\s+(?:from|on|for|between|next|this|,)|[,.]|$)/u.exec(text);
  // "여수에서 제일 싼 숙소": a place followed by how to choose, or a stay, is where, not where from
  const koIn = ko && !dateish(ko[1]) && (NOT_PLACE.test(ko[2] ?? '') || STAY.test(text)) ? ko[1] : undefined;
  const koRoute = koIn ? undefined : ko;
  const from =
    route?.[1] ?? (koRoute && !dateish(koRoute[1]) ? koRoute[1] : undefined) ?? (typeof s.from === 'string' ? s.from : undefined);
  const to =
    route?.[2] ??
    koIn ??
    (koRoute && !dateish(koRoute[2]) ? koRoute[2] : undefined) ??
    inPlace?.[1] ??
    (typeof s.to === 'string' ? s.to : undefined);
  // the person's words first, the place's code as an alternative a page in another language may list
  // (only when the understanding saw the same roles: a code it gave the other place is not this one's)
  const rolesAgree = !(from && typeof s.from !== 'string') && !(to && typeof s.to !== 'string');
  // and its name in the other language, so a page in that language can be given its own words
  const withCode = (words: string, code: unknown) => {
    const w = words.trim();
    const other = otherName(w);
    const alts = [w, ...(other ? [other] : []), ...(rolesAgree && typeof code === 'string' && code !== w ? [code] : [])];
    return [...new Set(alts)].join('|');
  };
  // a place the understanding only gave as a code: the words said before "숙소", "hotel", … are the place
  const said = /([가-힣]{2,}|[A-Z][a-z]+)\s*(?:숙소|호텔|리조트|펜션|게스트하우스|hotels?|stays?)/.exec(text)?.[1];
  const place = to === s.to && said ? said : to;
  if (from) slots.origin = withCode(from, s.from);
  if (place) slots.destination = withCode(place, s.to);
  if (typeof s.date_start === 'string') slots.date_start = s.date_start;
  if (typeof s.date_end === 'string') slots.date_end = s.date_end;
  // a day the understanding read as no trip's ("reserve a court this Saturday") is still the errand's day
  const when = slots.date_start ? undefined : whenOf(text, now, tz).date;
  if (when) slots.date_start = when;
  const pax = s.passengers as { adults?: number; children?: number } | undefined;
  if (pax?.adults) slots.passengers = String(pax.adults);
  if (pax?.children) slots.children = String(pax.children);
  const q =
    /(?:search(?: for)?|look for|find)\s+["“]?(.+?)["”]?(?:\s+on this page)?$/i.exec(text) ??
    /^["“]?(.+?)["”]?\s*(?:을|를)?\s*(?:검색|찾아)/.exec(text);
  // (an apostrophe inside a word — "don't", "I'm" — opens and closes no quote)
  const quoted = new RegExp(Q).exec(text)?.[1];
  const query = quoted ?? q?.[1];
  if (!Object.keys(slots).length && query && !/flights?|hotels?|항공|호텔/i.test(query)) slots.query = query.trim();
  if (!Object.keys(slots).length) return undefined;
  const crit = criterionOf(text);
  const pick = crit ?? (s.direct_only ? { by: 'cheapest' as const, direct: true } : undefined);
  return { slots, ...(pick ? { pick: s.direct_only ? { ...pick, direct: true } : pick } : {}) };
}

/**
 * The details of a request an errand's slots do not carry: a clock time ("9:40", "오전 10시")
 * when no slot holds one, and pieces the grammar could not read that name something with a
 * number ("seat 3") no slot holds. Doing the errand without them would be doing another errand.
 */
/** a calendar date said outright: "January 15, 2027", "Jan 5", "15 Jan", "1월 15일", "2027-01-15", "12/20" */
const SAID_DATE =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?\b|\b\d{1,2}\s+(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b|\d{1,2}\s*월\s*\d{1,2}\s*일|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\b/i;

/** dates and stays the errand's own date slots read */
const DATE_WORDS =
  /\d\s*(?:월|일|박)|\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b|\bnights?\b|today|tomorrow|오늘|내일|모레/i;

export function unusedDetails(text: string, unknown: string[], slots: Record<string, string>): string[] {
  const held = Object.values(slots).join(' ').toLowerCase();
  const out: string[] = [];
  for (const m of text.matchAll(/\b\d{1,2}:\d{2}\b|(?:오전|오후)?\s*\d{1,2}\s*시(?:\s*\d{1,2}\s*분|\s*반)?/g)) {
    const t = m[0].trim();
    if (!held.includes(t.toLowerCase())) out.push(t);
  }
  // a date the person gave that no slot carries (the understanding missed it)
  if (!Object.keys(slots).some((k) => k.startsWith('date'))) {
    const date = SAID_DATE.exec(text)?.[0];
    if (date) out.push(date.trim());
  }
  for (const u of unknown) {
    const piece = u.trim();
    // "예약자 김민지", "guest name Jamie Park": a field's word and its value, for a form a later page shows
    const said = piece.split(/\s+/);
    const head = (said[0] ?? '').replace(/(?<=[가-힣])(?:은|는|이|가)$/, '');
    if (said.length >= 2 && said.length <= 4 && !DATE_WORDS.test(piece) && (purposeOfWords(head) || /\bname\b/.test(sameMeaning(head)))) {
      out.push(piece);
      continue;
    }
    if (!/\d/.test(piece) || !/\p{L}{2}/u.test(piece) || /^\d[\d\s,./-]*$/.test(piece) || DATE_WORDS.test(piece)) continue;
    const words = piece.toLowerCase().split(/\s+/);
    if (words.length <= 4 && !words.every((w) => held.includes(w))) out.push(piece);
  }
  return [...new Set(out)];
}

/** A known place's name in the other language: "오사카" → "Osaka", "Osaka" → "오사카". */
function otherName(words: string): string | undefined {
  const w = words.toLowerCase().replace(/\s+/g, ' ');
  for (const p of PLACES) {
    if (p.ko.includes(w) && p.en[0]) return p.en[0].replace(/\b\p{L}/gu, (c) => c.toUpperCase());
    if (p.en.includes(w) && p.ko[0]) return p.ko[0];
  }
  return undefined;
}
