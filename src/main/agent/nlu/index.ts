/**
 * Offline understanding: turns one utterance (Korean or English) into the typed commands
 * the conversation consumes — the same commands a model would produce.
 */
import type { Command, Intent, Locale, SlotName, UnderstandingState } from '../../../shared/commands.ts';
import { CORRECTION, isInfoQuestion, isQuestion, localeRequest, REJECTED, wantsHandOver, wholeUtteranceAct } from './acts.ts';
import { findChoice } from './choices.ts';
import { todayIn } from './dates/calendar.ts';
import { decideIntent } from './intent/decision.ts';
import { rewrite } from './rewrite.ts';
import { extractSlots } from './slots.ts';
import { detectLocale, MASK, Utterance } from './text.ts';

const INSTITUTION =
  /은행|카드사|보험(?!금)|증권사|통신사|관리사무소|구청|주민센터|\bbank\b|credit card|insurance|insurer|phone company|mobile carrier|utility|brokerage/;
const ORDER_TALK = /주문|배송|택배|\border\b|\bord[_-]?\d|deliver|ship|parcel|package/;
/** Going by train, bus, car or boat: a route and a date, but not a flight. */
const OTHER_TRANSPORT =
  /기차|ktx|srt|고속버스|시외버스|버스표|렌터카|렌트카|배편|페리|\b(?:trains?|bus|coach|ferry|rental car|car rental|rent a car)\b/;
const FLIGHT_WORD = /비행기|항공|뱅기|\bflights?\b|\bfly|\bplane\b|airline/;
/** Moving house: the address changes everywhere, not on one order. */
const MOVED = /이사\s?(했|해서|하고|갔|왔|가서|와서|를)|\b(?:i|we)\s(?:just\s)?moved\b|전입\s?신고/;

/** How long a trip takes: looked up even when it names the route. */
const DURATION_FACT = /얼마나\s?걸|몇\s?시간\s?걸|how long (?:is|does|do|will|would)|flight time/;
/** Asking how travel works rather than asking for a trip. */
const TRAVEL_FACT =
  /보통|원래|맞지|맞나|맞아요?\?|규정|보상|지연|몇\s?시|뭐\s?타고|어떻게\s?가|수\s?있(?:어|나|을까|나요)|되나요|가능한가|compensation|delayed|usually|what time|how do i get|is it true|allowed|can i (?:bring|take|carry|get)/;

export interface ParseOptions {
  now: Date;
  tz: string;
  locale?: Locale;
  state?: UnderstandingState;
}

export interface ParseResult {
  commands: Command[];
  intent?: { name: Intent; confidence: number };
  slots: Record<string, unknown>;
  locale: Locale;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function parseUtterance(text: string, opts: ParseOptions): ParseResult {
  const u = new Utterance(rewrite(text));
  const locale = opts.locale ?? detectLocale(u.text);
  const state = opts.state ?? {};
  const active = state.activeIntent;
  const expecting = state.expecting;
  const held = state.slots ?? {};
  const done = (commands: Command[], intent?: ParseResult['intent'], slots: Record<string, unknown> = {}): ParseResult => ({
    commands,
    ...(intent ? { intent } : {}),
    slots,
    locale,
  });
  if (!u.text) return done([{ type: 'cannot_handle', reason: 'empty message', confidence: 1 }]);

  const act = wholeUtteranceAct(u.lower, expecting);
  if (act) return done([{ type: act, confidence: 0.95 }]);
  if (wantsHandOver(u.lower)) return done([{ type: 'hand_over', reason: u.text, confidence: 0.9 }]);

  // "2번", "두 번째 주문이요", "the second one": a pick among what was shown, by position
  const choice = findChoice(u, { expectingChoice: expecting === 'order_id' || expecting === 'order_choice' });
  const correcting = Boolean(active) && CORRECTION.test(u.lower);
  for (const re of REJECTED) {
    for (const m of u.matches(re, false)) {
      const word = m[1] as string;
      const start = m.index + m[0].indexOf(word);
      u.consume({ start, end: start + word.length });
    }
  }
  const question = isQuestion(u.lower);
  const decision = decideIntent(u.text, u.remainder().replaceAll(MASK, ' '), { ...(active ? { active } : {}), question });
  // a change of address with a bank, a card company, an insurer: their form, not a shop's order
  const start =
    decision.start === 'OrderChange' && (INSTITUTION.test(u.lower) || MOVED.test(u.lower)) && !ORDER_TALK.test(u.lower)
      ? 'FormFill'
      : // "KTX 부산 내일", "train ticket Seoul to Busan": a route by another way of travelling is not a flight search
        decision.start === 'FlightSearch' && !active && OTHER_TRANSPORT.test(u.lower) && !FLIGHT_WORD.test(u.lower)
        ? 'GenericTask'
        : decision.start;
  const ask = decision.ask || (!start && !active && question && isInfoQuestion(u.lower));
  const guess = { confidence: decision.confidence };

  const commands: Command[] = [];
  const slots: Record<string, unknown> = {};
  // a request that fits two tasks about equally asks which; its slots are read for the likelier one and kept
  if (start && decision.close) commands.push({ type: 'choose_task', options: decision.close, confidence: guess.confidence });
  else if (start) commands.push({ type: 'start_task', intent: start, confidence: guess.confidence });
  if (!ask && !(start === 'GenericTask' && !active)) {
    const found = extractSlots(u, {
      ...(start || active ? { intent: (start ?? active) as Intent } : {}),
      starting: Boolean(start),
      ...(expecting ? { expecting } : {}),
      heldSlots: start ? {} : held,
      correcting: correcting && !start,
      today: todayIn(opts.now, opts.tz),
    });
    for (const [slot, value] of Object.entries(found.values)) {
      const isCorrection = !start && ((correcting && slot !== expecting) || (held[slot] !== undefined && !same(held[slot], value)));
      commands.push({ type: isCorrection ? 'correct_slot' : 'set_slot', slot: slot as SlotName, value, confidence: 0.9 });
      slots[slot] = value;
    }
    for (const c of found.clarify) {
      commands.push({ type: 'clarify', slot: c.slot, options: c.options, mention: c.mention, confidence: 0.9 });
    }
  }
  // "비행기 지연되면 보상 받을 수 있어?", "호텔 체크인은 보통 몇 시부터야?": a question about travel, not a
  // search — with no date, no travellers and no route it is looked up like any other question
  const fact = TRAVEL_FACT.test(u.lower) || DURATION_FACT.test(u.lower);
  if (start && !active && question && fact && (start === 'FlightSearch' || start === 'HotelSearch')) {
    const route = slots.from !== undefined && slots.to !== undefined && !DURATION_FACT.test(u.lower);
    if (!route && slots.date_start === undefined && slots.passengers === undefined) {
      commands.splice(0, commands.length, { type: 'start_task', intent: 'GenericTask', confidence: guess.confidence });
      for (const k of Object.keys(slots)) delete slots[k];
      return done(commands, { name: 'GenericTask', confidence: guess.confidence }, slots);
    }
  }
  const lang = localeRequest(u.lower);
  if (lang) {
    commands.push({ type: 'set_slot', slot: 'locale', value: lang, confidence: 0.9 });
    slots.locale = lang;
  }
  if (ask) commands.push({ type: 'ask_question', text: u.text, confidence: 0.8 });
  // No command carries a position: it travels as `slots.choice` (1-based) for the pack that
  // showed the list to map onto its item (see packs/shared/shop/identity.ts resolveChoice).
  if (choice) slots.choice = choice.position;
  if (!commands.length && !choice) {
    commands.push({ type: 'cannot_handle', reason: 'no task, answer or question recognised', confidence: 0.6 });
  }
  return done(commands, start && !decision.close ? { name: start, confidence: guess.confidence } : undefined, slots);
}
