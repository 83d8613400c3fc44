/**
 * Runs the extractors in a safe order (identifiers, dates, money, travel, places, forms,
 * shopping) for the intent in context and maps what they found onto slot names.
 */
import type { Intent, SlotName } from '../../../shared/commands.ts';
import { smallNumber } from '../../language/numbers.ts';
import { findContacts } from './contacts.ts';
import { addDays, type Day, isoDay, parseIsoDay } from './dates/calendar.ts';
import { findDates } from './dates/index.ts';
import { findForm } from './forms.ts';
import { findMoney } from './money.ts';
import { assignRoles, findPlaces, type PlaceRole } from './places/index.ts';
import { cityOfCode } from './places/table.ts';
import { findShopping } from './shopping.ts';
import type { Utterance } from './text.ts';
import { findTravelDetails } from './travel.ts';
import { INTENT_SLOTS } from './vocabulary.ts';

export interface Clarification {
  slot: SlotName;
  options: string[];
  mention: string;
}

export interface SlotFindings {
  values: Partial<Record<SlotName, unknown>>;
  clarify: Clarification[];
}

export interface SlotContext {
  intent?: Intent;
  /** A new task starts with this utterance (its description may name a product, a form …). */
  starting: boolean;
  expecting?: string;
  heldSlots: Record<string, unknown>;
  correcting: boolean;
  today: Day;
}

const TRAVEL = new Set<Intent | undefined>(['FlightSearch', 'HotelSearch', undefined]);
const ROLE_KEYWORD_FROM = /출발지|출발\s?공항|출발(은|는)|departure|depart from|departing from|origin/;
const ROLE_KEYWORD_TO = /도착지|도착\s?공항|목적지|destination|arrival|arriving/;

function placeSlots(u: Utterance, ctx: SlotContext, out: SlotFindings): void {
  const mentions = assignRoles(u, findPlaces(u), ctx.expecting);
  if (!mentions.length) return;
  if (ctx.intent === 'HotelSearch') {
    const m = mentions.find((x) => x.role === 'to') ?? mentions[0];
    if (m) out.values.to = m.entry.city;
    return;
  }
  for (const m of mentions) {
    let role: PlaceRole = m.role ?? 'to';
    if (ctx.correcting || mentions.length === 1) {
      if (ROLE_KEYWORD_FROM.test(u.lower)) role = 'from';
      else if (ROLE_KEYWORD_TO.test(u.lower)) role = 'to';
      else {
        const sibling = (['from', 'to'] as const).find((slot) => {
          const held = ctx.heldSlots[slot];
          return typeof held === 'string' && (m.entry.airports.includes(held) || m.entry.city === cityOfCode(held));
        });
        if (sibling) role = sibling;
      }
    }
    const code = m.entry.airport ?? (m.entry.airports.length === 1 ? m.entry.airports[0] : undefined);
    if (code) out.values[role] = code;
    else out.clarify.push({ slot: role, options: m.entry.airports, mention: u.slice(m.start, m.end) });
  }
}

function dateSlots(u: Utterance, ctx: SlotContext, out: SlotFindings): void {
  const found = findDates(u, ctx.today);
  let start = found.items.find((i) => i.role === 'start')?.value;
  // "1/15 귀국 1/18": the return word between two dates marks both; the earlier one is the start
  const ends = found.items.filter((i) => i.role === 'end');
  if (!start && ends.length >= 2 && ends[0]) {
    start = ends[0].value;
    ends[0].role = 'start';
  }
  const endItem = found.items.find((i) => i.role === 'end');
  let end = endItem?.value;
  let endIsWeekday = Boolean(endItem?.weekday);
  for (const item of found.items.filter((i) => !i.role)) {
    if (ctx.expecting === 'date_end' && !end) {
      end = item.value;
      endIsWeekday = Boolean(item.weekday);
    } else if (!start) start = item.value;
    else if (!end) {
      end = item.value;
      endIsWeekday = Boolean(item.weekday);
    }
  }
  if (found.nights !== undefined) {
    const base = parseIsoDay(start ?? (ctx.heldSlots.date_start as string) ?? '');
    if (base) end = isoDay(addDays(base, found.nights));
  }
  // "토요일부터 일요일까지": an end that falls before its start belongs to the same or next week
  if (start && end && end < start && !ctx.correcting) {
    const s = parseIsoDay(start);
    let e = parseIsoDay(end);
    // a weekday named alone ("1월 9일 체크인 월요일 체크아웃") is the first such day after the start
    for (let i = 0; s && e && isoDay(e) < start && i < (endIsWeekday ? 60 : 2); i++) e = addDays(e, 7);
    if (e) end = isoDay(e);
  }
  if (start) out.values.date_start = start;
  if (end) out.values.date_end = end;
  if (found.tonight && ctx.intent === 'FlightSearch') out.values.time_pref = 'night';
  // "a room for this Saturday night": one night
  if (found.oneNight && ctx.intent === 'HotelSearch' && start && !end && found.nights === undefined) {
    const s = parseIsoDay(start);
    if (s) out.values.date_end = isoDay(addDays(s, 1));
  }
}

/** Everything the utterance says about slots of `ctx.intent` (all slots when there is none). */
export function extractSlots(u: Utterance, ctx: SlotContext): SlotFindings {
  const out: SlotFindings = { values: {}, clarify: [] };
  const intent = ctx.intent;
  const orderContext = intent === 'OrderChange' || intent === 'RefundCancel' || /주문|order|\bord[_\s-]?#?\d/.test(u.lower);
  const travel = intent === 'FlightSearch' || intent === 'HotelSearch';
  const contacts = findContacts(u, { orderContext, travel, ...(ctx.expecting ? { expecting: ctx.expecting } : {}) });
  if (intent === 'FormFill') {
    const form = ctx.starting || /^(form_purpose|profile_id|fields_override)$/.test(ctx.expecting ?? '') ? findForm(u, contacts) : {};
    if (form.formPurpose) out.values.form_purpose = form.formPurpose;
    if (form.profileId) out.values.profile_id = form.profileId;
    if (form.fieldsOverride) out.values.fields_override = form.fieldsOverride;
  } else {
    if (contacts.phone) out.values.phone = contacts.phone;
    if (contacts.address) out.values.address = contacts.address;
  }
  if (contacts.otp) out.values.otp = contacts.otp;
  if (contacts.orderId) out.values.order_id = contacts.orderId;

  if (TRAVEL.has(intent) || /^date_/.test(ctx.expecting ?? '')) dateSlots(u, ctx, out);
  const shopping = intent === 'ShoppingCompare' || /^price_/.test(ctx.expecting ?? '');
  for (const item of findMoney(u)) {
    const slot: SlotName =
      ctx.expecting === 'price_max' || ctx.expecting === 'price_min' || ctx.expecting === 'budget_max'
        ? (ctx.expecting as SlotName)
        : shopping
          ? item.bound === 'min'
            ? 'price_min'
            : 'price_max'
          : 'budget_max';
    if (slot === 'budget_max' && item.bound === 'min') continue;
    out.values[slot] ??= item.money;
  }
  // asked for a sum, "max 150 a night" in English: dollars (a Korean answer without a unit is left unread)
  const moneySlot = /^(budget_max|price_max|price_min)$/.test(ctx.expecting ?? '') ? (ctx.expecting as SlotName) : undefined;
  if (moneySlot && out.values[moneySlot] === undefined && !/[가-힣]/.test(u.text)) {
    const bare = /^\D*?(?<![\d.])(\d{1,3}(?:,\d{3})*|\d+)(?:\.\d+)?(?![\d.:])\D*$/.exec(u.remainder());
    const amount = Number(bare?.[1]?.replace(/,/g, '') ?? 0);
    if (amount >= 10) out.values[moneySlot] = { amount, currency: 'USD' };
  }
  if (TRAVEL.has(intent)) {
    const t = findTravelDetails(u, { bareNumber: ctx.expecting === 'passengers' });
    if (t.timeWindow) out.values.time_window = t.timeWindow;
    if (t.directOnly !== undefined) out.values.direct_only = t.directOnly;
    if (t.tripType) out.values.trip_type = t.tripType;
    if (t.timePref && intent === 'FlightSearch') out.values.time_pref = t.timePref;
    const heldPassengers = ctx.correcting && ctx.heldSlots.passengers !== undefined;
    if (!t.passengers && heldPassengers) {
      const bare = /^\D*?(\d)\D*$/.exec(u.remainder().replace(/\u2402/g, ' '));
      if (bare) t.passengers = { adults: Number(bare[1]), children: 0, infants: 0 };
    }
    // "한 명 더", "two more adults": added to the travellers held, never a count of its own
    const more = /(\S+)\s?명\s?더|(?:^|\s)(\w+) more (?:people|persons?|adults?|guests?|travell?ers?)\b/.exec(u.lower);
    const heldParty = ctx.heldSlots.passengers as { adults: number; children: number; infants: number } | undefined;
    if (more) {
      const n = smallNumber((more[1] ?? more[2]) as string);
      if (heldParty && n) t.passengers = { ...heldParty, adults: heldParty.adults + n };
      else delete t.passengers;
    }
    if (t.passengers) out.values.passengers = t.passengers;
    placeSlots(u, ctx, out);
  }
  if (intent === 'ShoppingCompare') {
    const s = findShopping(u);
    if (s.shippingPref) out.values.shipping_pref = s.shippingPref;
    if (s.brand) out.values.brand = s.brand;
    if (s.variant) out.values.variant = s.variant;
    const wantsProduct = (ctx.starting && !ctx.correcting) || ctx.expecting === 'product_name';
    if (s.productName && wantsProduct) out.values.product_name = s.productName;
  }
  if (intent) {
    const allowed = new Set<string>(INTENT_SLOTS[intent]);
    if (intent === 'GenericTask') allowed.clear();
    for (const k of Object.keys(out.values)) if (!allowed.has(k)) delete out.values[k as SlotName];
    out.clarify = out.clarify.filter((c) => allowed.has(c.slot));
  }
  return out;
}
