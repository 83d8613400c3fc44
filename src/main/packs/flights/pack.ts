/**
 * FlightSearch: search the flights site for the person's route and date, extract the results
 * (price, times, stops), rank them by the person's constraints (direct only, time window,
 * budget) and present the best three with links. Booking stops at the payment page: the
 * person pays themselves (hand-over).
 */

import { z } from 'zod';
import { packTool } from '../../tools/pack-source.ts';
import { namedByWords } from '../shared/pick-by-words.ts';
import { placeWords } from '../shared/place-words.ts';
import { budgetOf, chosenPosition, minutes, num, type Row, rankBy, windowOf, won } from '../shared/ranking.ts';
import { codesIn, dateIn, getJson } from '../shared/site-api.ts';
import { commonSlots, slot } from '../shared/slots.ts';
import { both, fill } from '../text.ts';
import type { BrowsePack, Facts } from '../types.ts';

const passengers = (f: Facts) => (f.passengers as { adults?: number; children?: number } | undefined) ?? {};

export function flightQuery(f: Facts): URLSearchParams {
  const p = passengers(f);
  return new URLSearchParams({
    from: String(f.from),
    to: String(f.to),
    date: String(f.date_start),
    adults: String(Math.max(1, p.adults ?? 1)),
    children: String(p.children ?? 0),
    ...(f.direct_only ? { direct: '1' } : {}),
  });
}

export const flightsPack: BrowsePack = {
  id: 'flights',
  kind: 'browse',
  intent: 'FlightSearch',
  version: '1.0.0',
  title: both('항공권 검색', 'Flight search'),
  slots: [
    ...commonSlots,
    slot('from', true, both('어디에서 출발하세요?', 'Where are you flying from?')),
    slot('to', true, both('어디로 가세요?', 'Where are you flying to?')),
    slot('date_start', true, both('언제 출발하세요?', 'What day do you leave?')),
    slot('date_end', false),
    slot('trip_type', false),
    slot('passengers', false),
    slot('direct_only', false),
    slot('time_window', false),
  ],
  allowedTools: ['navigate_page', 'wait_for', 'take_snapshot', 'evaluate_script', 'click', 'fill'],
  approval: { gated: ['payment'], mode: 'hand_over' },
  // nothing on these sites costs less than this many won: a smaller number is a unit or a count read as a price
  plausible: { price: { minPrice: 10000 } },
  recovery: {
    default: {
      action: 'end',
      say: both('항공편 검색이 실패했어요. {why}', 'The flight search failed. {why}'),
      next: both('잠시 후 다시 시도하시거나 조건을 바꿔 주세요.', 'Try again later or change the search.'),
    },
  },
  texts: {},
  verification: [
    {
      id: 'results_exist',
      check: (f) => (Array.isArray(f.results) && f.results.length > 0 ? null : { expected: 'at least one matching flight', seen: 'none' }),
    },
  ],
  anySite: {
    as: 'flights',
    slots: (f, locale) => {
      const adults = Math.max(1, passengers(f).adults ?? 1);
      return {
        origin: placeWords(f.from, locale),
        destination: placeWords(f.to, locale),
        date_start: String(f.date_start),
        ...(typeof f.date_end === 'string' ? { date_end: f.date_end } : {}),
        ...(adults > 1 ? { passengers: String(adults) } : {}),
      };
    },
    read: true,
  },
  recipes: [
    {
      site: 'flights',
      build: (f, base) => ({
        steps: [
          { id: 'open_results', type: 'navigate', url: `${base}/results?${flightQuery(f)}` },
          { id: 'wait_results', type: 'wait', text: 'flights found', timeout_ms: 20_000 },
          {
            id: 'extract',
            type: 'extract',
            container: { selector: '#results' },
            row_selector: 'tbody tr',
            fields: ['airline', 'flight_no', 'depart_time', 'arrive_time', 'duration', 'stops', 'price', 'url'],
            limit: 50,
          },
        ],
        extractSteps: ['extract'],
        // the results are for the route and day asked: the site's own "modify search" fields show them
        verify: [
          { rule: 'slot_applied', slot: 'from', target: { label: '출발지 From' }, expected: String(f.from) },
          { rule: 'slot_applied', slot: 'to', target: { label: '도착지 To' }, expected: String(f.to) },
          { rule: 'slot_applied', slot: 'date_start', target: { label: '가는 날 Departure date' }, expected: String(f.date_start) },
        ],
      }),
    },
  ],
  brief: (f, locale) =>
    fill(both('{from} → {to}, {date}{direct}', '{from} → {to} on {date}{direct}'), locale, {
      from: f.from,
      to: f.to,
      date: f.date_start,
      direct: f.direct_only ? fill(both(', 직항만', ', direct only'), locale) : '',
    }),
  present: (bySite, f) => {
    const w = windowOf(f);
    const budget = budgetOf(f);
    const rows = (bySite.flights ?? []).filter((r: Row) => {
      const dep = minutes(r.depart_time);
      if (f.direct_only && num(r.stops) !== 0) return false;
      if (w.earliest !== undefined && dep !== undefined && dep < w.earliest) return false;
      if (w.latest !== undefined && dep !== undefined && dep > w.latest) return false;
      if (budget !== undefined && (num(r.price) ?? 0) > budget) return false;
      return num(r.price) !== undefined;
    });
    const best = rankBy(rows, [(r) => num(r.price), (r) => num(r.stops), (r) => minutes(r.depart_time)]);
    const line = (r: Row, i: number, ko: boolean) => {
      const stops =
        num(r.stops) === 0 ? (ko ? '직항' : 'direct') : ko ? `${String(r.stops ?? '?')}회 경유` : `${String(r.stops ?? '?')} stop(s)`;
      return `${i + 1}. ${String(r.airline ?? '')} ${String(r.flight_no ?? '')} ${String(r.depart_time ?? '?')}→${String(r.arrive_time ?? '?')} ${stops} ${won(r.price, ko ? 'ko' : 'en')} ${String(r.url ?? '')}`.trim();
    };
    const head = best.length
      ? both(
          `조건에 맞는 항공편 ${rows.length}개 중 가장 싼 ${best.length}개예요:`,
          `The ${best.length} cheapest of ${rows.length} matching flights:`,
        )
      : both('조건에 맞는 항공편이 없어요.', 'No flight matches your conditions.');
    const ko = best.map((r, i) => line(r, i, true));
    const en = best.map((r, i) => line(r, i, false));
    return { items: best, answer: { ko: [head.ko, ...ko].join('\n'), en: [head.en, ...en].join('\n') } };
  },
  followUps: [
    {
      id: 'book',
      match: (text, f) => {
        if (!/예약|book|reserve/i.test(text) || !Array.isArray(f.results)) return null;
        const rows = f.results as Row[];
        // a flight named by its words ("the Jeju Air 7C225 one", "제주항공 거") — the best ranked of those named — else by position
        const named = namedByWords(
          text,
          rows.map((r, i) => ({ id: String(i), words: `${String(r.airline ?? '')} ${String(r.flight_no ?? '')}` })),
        )[0];
        const chosen = named !== undefined ? rows[Number(named)] : rows[(chosenPosition(text) ?? 0) - 1];
        return chosen?.url ? { chosen_flight: chosen } : null;
      },
      recipe: {
        site: 'flights',
        build: (f, base, locale) => {
          const chosen = f.chosen_flight as Row;
          const flight = `${String(chosen.airline ?? '')} ${String(chosen.flight_no ?? '')}`.trim();
          // what the hand-over card says is the person's to do, in their language (the CLI, with none, names the button)
          const yours = locale
            ? fill(
                both(
                  '{flight} 예약: 남은 탑승객 정보, 요금 규정 동의와 결제는 직접 해 주세요 ("다음: 결제"부터).',
                  '{flight} booking: the remaining passenger details, agreeing to the fare rules and the payment are yours ("Continue to payment" on).',
                ),
                locale,
                { flight },
              )
            : undefined;
          const profile = (f.profiles as Record<string, Record<string, string>> | undefined)?.[String(f.profile_id ?? 'default')] ?? {};
          const fills: Array<[string, string | undefined]> = [
            ['성 Last name', profile.surname],
            ['이름 First name', profile.given_names],
            ['생년월일 Date of birth', profile.birth_date],
            ['이메일 Email', profile.email],
            ['휴대폰 Mobile phone', profile.phone],
          ];
          const gender = profile.sex === 'F' ? '여성 Female' : profile.sex === 'M' ? '남성 Male' : undefined;
          return {
            steps: [
              // the link came from the results page: it must stay on the site the person chose, or they are asked
              { id: 'open_booking', type: 'navigate', url: String(chosen.url), stay_on: base },
              { id: 'wait_form', type: 'wait', target: { label: '성 Last name' }, timeout_ms: 20_000 },
              ...fills.flatMap(([label, value], i) => (value ? [{ id: `fill_${i}`, type: 'fill', target: { label }, value }] : [])),
              ...(gender ? [{ id: 'gender', type: 'select', target: { label: '성별 Gender' }, option: gender }] : []),
              // agreeing to the fare rules is the person's: they tick it in the hand-over (the policy never ticks a consent)
              {
                id: 'to_payment',
                type: 'click',
                target: { role: 'button', name: '다음: 결제 Continue to payment' },
                ...(yours ? { description: yours } : {}),
                approval: { kind: 'payment', mode: 'hand_over', completion: { url_includes: '/confirmation' } },
              },
            ],
            extractSteps: [],
          };
        },
      },
      done: (f, locale) => {
        const c = f.chosen_flight as Row;
        return fill(
          both(
            '{flight} 예약을 직접 결제까지 마치셨어요. 카드 정보는 제가 입력하지 않았어요.',
            'You finished booking {flight} and paid yourself; I never typed card details.',
          ),
          locale,
          { flight: `${String(c.airline ?? '')} ${String(c.flight_no ?? '')}`.trim() },
        );
      },
    },
  ],
  tools: (sites) =>
    sites.flights
      ? [
          packTool({
            name: 'flight_search',
            description: 'Flights on one day between two airports (read-only, the flights site API).',
            schema: z.object({ from: z.string().length(3), to: z.string().length(3), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
            readOnly: true,
            run: async (a, ctx) => {
              const body = await getJson(sites.flights as string, '/api/flights', { from: a.from, to: a.to, date: a.date }, ctx.signal);
              const flights = ((body.flights as Row[] | undefined) ?? []).slice(0, 5);
              return {
                count: body.count ?? flights.length,
                flights: flights.map((f) => ({
                  airline: f.airline,
                  flight_no: f.flightNo,
                  depart: f.depart,
                  arrive: f.arrive,
                  stops: f.stops,
                  price: f.totalPrice,
                })),
              };
            },
          }),
        ]
      : [],
  expert: {
    id: 'travel',
    keywords: ['항공', '비행기', '비행편', '공항', 'flight', 'airport', 'plane', '호텔', '숙소', 'hotel'],
    tools: [
      {
        name: 'flight_search',
        description: both('하루치 항공편을 조회해요', 'looks up the flights of one day'),
        argsFrom: (q, f) => {
          const codes = codesIn(q);
          const from = codes[0] ?? f.from;
          const to = codes[1] ?? f.to;
          const date = dateIn(q) ?? f.date_start;
          return from && to && date ? { from, to, date } : null;
        },
        summarise: (d, locale) => {
          const list = (d.flights as Row[] | undefined) ?? [];
          const cheapest = list.reduce<Row | undefined>((b, x) => (!b || (num(x.price) ?? 0) < (num(b.price) ?? 0) ? x : b), undefined);
          if (!cheapest) return fill(both('그날 항공편이 없어요.', 'There are no flights that day.'), locale);
          return fill(
            both(
              '그날 항공편은 {count}편이고, 가장 싼 편은 {airline} {flight_no} {depart} 출발 {price}이에요.',
              '{count} flights that day; the cheapest is {airline} {flight_no} at {depart} for {price}.',
            ),
            locale,
            {
              count: d.count,
              airline: cheapest.airline,
              flight_no: cheapest.flight_no,
              depart: cheapest.depart,
              price: won(cheapest.price, locale),
            },
          );
        },
      },
    ],
    referral: both('항공편 세부 규정은 항공사에 직접 문의해 주세요.', 'For fare rules, please ask the airline directly.'),
  },
};
