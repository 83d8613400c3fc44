/**
 * HotelSearch: search the stays site for the destination and dates, extract price per night,
 * rating and location, rank by price within the budget (rating breaks ties) and present the
 * best three with links. Reserving stops at the payment form: the person pays (hand-over).
 */
import { z } from 'zod';
import { packTool } from '../../tools/pack-source.ts';
import { placeWords } from '../shared/place-words.ts';
import { budgetOf, num, type Row, rankBy, won } from '../shared/ranking.ts';
import { codesIn, dateIn, getJson } from '../shared/site-api.ts';
import { commonSlots, slot } from '../shared/slots.ts';
import { both, fill } from '../text.ts';
import type { BrowsePack, Facts, Locale } from '../types.ts';

/** IATA city/airport codes (what understanding gives for places) → the stays site's city ids. */
const CITY_OF: Record<string, string> = {
  SEL: 'seoul',
  ICN: 'seoul',
  GMP: 'seoul',
  PUS: 'busan',
  CJU: 'jeju',
  TYO: 'tokyo',
  NRT: 'tokyo',
  HND: 'tokyo',
  OSA: 'osaka',
  KIX: 'osaka',
  FUK: 'fukuoka',
  BKK: 'bangkok',
};

export function cityOf(code: unknown): string {
  const c = String(code ?? '').toUpperCase();
  return CITY_OF[c] ?? c.toLowerCase();
}

/** The day after a YYYY-MM-DD date (one night when no check-out was given). */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The place and dates as the person reads them (the place in their language, not the stays site's city id). */
function stayWords(f: Facts, locale: Locale): string {
  const q = stay(f);
  return fill(both('{city} {checkin} ~ {checkout}', '{city}, {checkin} to {checkout}'), locale, {
    city: placeWords(f.to, locale).split('|')[0] || q.get('city'),
    checkin: q.get('checkin'),
    checkout: q.get('checkout'),
  });
}

function stay(f: Facts): URLSearchParams {
  const p = f.passengers as { adults?: number; children?: number } | undefined;
  const guests = Math.max(1, (p?.adults ?? 2) + (p?.children ?? 0));
  const checkin = String(f.date_start);
  const checkout = typeof f.date_end === 'string' && f.date_end > checkin ? f.date_end : nextDay(checkin);
  return new URLSearchParams({ city: cityOf(f.to), checkin, checkout, guests: String(guests) });
}

export const hotelsPack: BrowsePack = {
  id: 'hotels',
  kind: 'browse',
  intent: 'HotelSearch',
  version: '1.0.0',
  title: both('숙소 검색', 'Hotel search'),
  slots: [
    ...commonSlots,
    // a stay's place is a city (the person reads its name), not where a flight arrives
    slot('to', true, both('어느 도시에 묵으세요?', 'Which city are you staying in?'), { label: both('도시', 'City') }),
    slot('date_start', true, both('체크인은 언제예요?', 'When do you check in?')),
    slot('date_end', false),
    slot('passengers', false),
    slot('from', false),
  ],
  allowedTools: ['navigate_page', 'wait_for', 'take_snapshot', 'evaluate_script', 'click', 'fill'],
  shownValue: (name, value, locale) =>
    name === 'to' && typeof value === 'string' ? placeWords(value, locale).split('|')[0] || undefined : undefined,
  approval: { gated: ['payment'], mode: 'hand_over' },
  // nothing on these sites costs less than this many won: a smaller number is a unit or a count read as a price
  plausible: { price: { minPrice: 10000 } },
  recovery: {
    default: {
      action: 'end',
      say: both('숙소 검색이 실패했어요. {why}', 'The hotel search failed. {why}'),
      next: both('날짜나 도시를 바꿔서 다시 요청해 주세요.', 'Change the dates or the city and ask again.'),
    },
  },
  texts: {},
  verification: [
    {
      id: 'results_exist',
      check: (f) => (Array.isArray(f.results) && f.results.length > 0 ? null : { expected: 'at least one stay', seen: 'none' }),
    },
  ],
  anySite: {
    as: 'hotels',
    slots: (f, locale) => {
      const q = stay(f);
      return {
        // "city" fits a field for the city and, by its aliases, one for the destination
        city: placeWords(f.to, locale),
        date_start: q.get('checkin') ?? '',
        date_end: q.get('checkout') ?? '',
        // only a number the person said: a site without a guests field is not asked for a default
        ...(f.passengers ? { guests: q.get('guests') ?? '' } : {}),
      };
    },
    read: true,
    // on a site of the person's, a guests field gets only a number they said
    brief: (f, locale) => stayWords(f, locale),
  },
  recipes: [
    {
      site: 'hotels',
      build: (f, base) => ({
        steps: [
          { id: 'search', type: 'navigate', url: `${base}/search?${stay(f)}` },
          {
            id: 'extract',
            type: 'extract',
            row_selector: 'article.hotel',
            fields: ['name', 'price', 'rating', 'location', 'url'],
            limit: 50,
          },
        ],
        extractSteps: ['extract'],
      }),
    },
  ],
  // the recipe searches for a number of guests even when none was said: the brief says how many
  brief: (f, locale) => `${stayWords(f, locale)}${fill(both(', {n}명', ', {n} guest(s)'), locale, { n: stay(f).get('guests') })}`,
  tools: (sites) =>
    sites.hotels
      ? [
          packTool({
            name: 'hotel_search',
            description: 'Stays in a city for given nights (read-only, the stays site API).',
            schema: z.object({ city: z.string().min(2), checkin: z.string(), checkout: z.string() }),
            readOnly: true,
            run: async (a, ctx) => {
              const body = await getJson(
                sites.hotels as string,
                '/api/hotels',
                { city: a.city, checkin: a.checkin, checkout: a.checkout },
                ctx.signal,
              );
              const hotels = ((body.hotels as Row[] | undefined) ?? []).slice(0, 5);
              return {
                count: (body.hotels as Row[] | undefined)?.length ?? 0,
                hotels: hotels.map((h) => ({ name: h.name, area: h.area, rating: h.rating, price: h.pricePerNight })),
              };
            },
          }),
        ]
      : [],
  expert: {
    id: 'travel',
    keywords: ['호텔', '숙소', '묵', 'hotel', 'stay'],
    tools: [
      {
        name: 'hotel_search',
        description: both('도시의 숙소를 조회해요', 'looks up stays in a city'),
        argsFrom: (q, f) => {
          const code = codesIn(q)[0] ?? f.to;
          const checkin = dateIn(q) ?? f.date_start;
          if (!code || typeof checkin !== 'string') return null;
          const checkout = typeof f.date_end === 'string' && f.date_end > checkin ? f.date_end : nextDay(checkin);
          return { city: cityOf(code), checkin, checkout };
        },
        summarise: (d, locale) => {
          const list = (d.hotels as Row[] | undefined) ?? [];
          const best = list[0];
          if (!best) return fill(both('그 날짜에 숙소가 없어요.', 'No stays for those dates.'), locale);
          return fill(
            both(
              '숙소 {count}곳이 있고, 가장 싼 곳은 {name}({area}) 1박 {price}이에요.',
              '{count} stays; the cheapest is {name} ({area}) at {price} a night.',
            ),
            locale,
            { count: d.count, name: best.name, area: best.area, price: won(best.price, locale) },
          );
        },
      },
    ],
    referral: both('숙소 세부 규정은 숙소에 직접 문의해 주세요.', 'For house rules, please ask the property directly.'),
  },
  present: (bySite, f) => {
    const budget = budgetOf(f);
    const rows = (bySite.hotels ?? []).filter(
      (r: Row) => num(r.price) !== undefined && (budget === undefined || (num(r.price) as number) <= budget),
    );
    // the area without the label the page writes before it ("위치 Location: 종로 Jongno" → "종로 Jongno")
    const best = rankBy(rows, [(r) => num(r.price), (r) => -(num(r.rating) ?? 0)]).map((r) =>
      typeof r.location === 'string' ? { ...r, location: r.location.replace(/^[^:：\d]{1,40}[:：]\s*(?=\S)/, '') } : r,
    );
    const line = (r: Row, i: number, locale: Locale) =>
      `${i + 1}. ${String(r.name ?? '')} — ${fill(both('1박 {price}', '{price} a night'), locale, { price: won(r.price, locale) })}, ★${String(r.rating ?? '-')} ${String(r.location ?? '')} ${String(r.url ?? '')}`.trim();
    const head = best.length
      ? both(
          `조건에 맞는 숙소 ${rows.length}곳 중 가장 싼 ${best.length}곳이에요:`,
          `The ${best.length} cheapest of ${rows.length} matching stays:`,
        )
      : both('조건에 맞는 숙소가 없어요.', 'No stay matches your conditions.');
    return {
      items: best,
      answer: {
        ko: [head.ko, ...best.map((r, i) => line(r, i, 'ko'))].join('\n'),
        en: [head.en, ...best.map((r, i) => line(r, i, 'en'))].join('\n'),
      },
    };
  },
};
