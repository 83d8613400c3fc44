import { purposeOfWords } from '../page-model/purpose.ts';
import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { type DayWish, earliestDay } from './day-wish.ts';
import { boundOnly, type SlotWish, slotWishOf, wishedPeriod, wishedTime } from './slot-wish.ts';
import { Q, splitClauses } from './split.ts';
import { timeSpanOf } from './time-span.ts';
import { clockOf, dayShown, takesDay, takesTime, whenOf } from './when.ts';
import { onwardButton } from './wizard-step.ts';

/** A piece that says a birthday ("생년월일 98년 3월 14일", "2001년 11월 2일생", "born 1990-04-12"). */
export const isBirthday = (piece: string) => /생일|생년|\d\s*일생|birth|born|\bdob\b/i.test(unparty(piece));
/** Without the words of a party ("birthday party", "생일 파티"): they name an occasion, not a birth date. */
export const unparty = (piece: string) =>
  piece.replace(/birthday\s+(?:party|celebration|dinner|lunch|cake|event)|생일\s*(?:파티|잔치|모임|케이크)/gi, ' ');

/** The day and time the request says for the errand (not a birthday) when no reading carries them and this step has no place for them. */
export function holdWhen(
  when: Record<string, string>,
  given: { clauses: Clause[]; unknown: string[]; later?: string[] },
  text: string,
  model: PageModel,
  clock: { now: Date; tz: string },
): boolean {
  // (only a plain reading: a row, a grid, a day or a result to pick carry the day and time in their own way —
  // except rows that show neither a day nor a time, or a row named only to open it: the day and time are then for what the row opens)
  const rowsUntimed = given.clauses.some((c) => c.kind === 'row' && (c.row.opens || !rowsShowWhen(model)));
  if (rowsUntimed) return holdAll(when, text, clock);
  const plain = given.clauses.every((c) => ['fill', 'choose', 'click', 'check', 'count', 'submit', 'forward'].includes(c.kind));
  if (!plain || given.later?.length || (takesDay(model) && takesTime(model)) || !onwardButton(model)) return false;
  return holdAll(when, text, clock);
}

/** Whether the page's rows show a day or a clock time of their own. */
function rowsShowWhen(model: PageModel): boolean {
  return model.lists.some((l) => l.records.some((r) => r.values.time !== undefined || r.cells.some((c) => dayShown(c) || clockOf(c))));
}

/** The request's day and time, each piece read once, into the held values. */
function holdAll(when: Record<string, string>, text: string, clock: { now: Date; tz: string }): boolean {
  // (a day inside a message the person quotes — "…라고 보내줘", "saying '…'" — is the message's, not the errand's)
  for (const piece of splitClauses(text).map((p) => p.replace(new RegExp(Q, 'g'), ' '))) {
    const w = whenOf(piece, clock.now, clock.tz);
    // ("from 7 to 9pm", "2 till 5 in the afternoon": the stretch's start, not its end)
    const start = timeSpanOf(piece)?.start ?? w.time;
    if (!w.date && !start) continue;
    if (isBirthday(piece) || purposeOfWords(unparty(w.rest)) === 'birth_date') continue;
    if (w.date && !when.date_start) when.date_start = w.date;
    // ("after 2pm" bounds the slot wished for; it is no time to book)
    const wish = slotWishOf(piece);
    if (start && !when.time && !(wish && boundOnly(wish, start))) when.time = start;
  }
  return Object.keys(when).length > 0;
}

/**
 * The slot wished for, once the page shows its slots and no day is still to be chosen (the slots
 * shown belong to the day): the earliest free one that fits, as the errand's time.
 */
export function wishedSlot(wish: SlotWish, when: Record<string, string>, ahead: Clause[], model: PageModel): string | undefined {
  if (when.date_start || !takesTime(model)) return undefined;
  const dayAhead = ahead.some((c) => (c.kind === 'form' && (c.slots.date_start || c.slots.time)) || c.kind === 'day' || c.kind === 'slots');
  if (dayAhead) return undefined;
  return wishedTime(wish, model);
}

/** The wished part of the day, once the day is chosen and the page offers parts instead of times: its label. */
export function wishedPart(wish: SlotWish, when: Record<string, string>, ahead: Clause[], model: PageModel): string | undefined {
  if (when.date_start) return undefined;
  const dayAhead = ahead.some((c) => (c.kind === 'form' && (c.slots.date_start || c.slots.time)) || c.kind === 'day' || c.kind === 'slots');
  return dayAhead ? undefined : wishedPeriod(wish, model);
}

/**
 * The errand's day (or time) held for a later step, when this first page already takes it (a
 * wizard whose first step is a strip of days), and a day left to the page when this page shows
 * its days: placed here (taken out of `when`), and the held values that only said them dropped.
 */
export function whenHere(
  when: Record<string, string>,
  dayWish: DayWish | undefined,
  held: Array<Extract<Clause, { kind: 'fill' }>>,
  model: PageModel,
  clock: { now: Date; tz: string },
): { clauses: Clause[]; held: Array<Extract<Clause, { kind: 'fill' }>>; dayTaken: boolean } {
  const slots: Record<string, string> = {};
  const day = dayWish ? earliestDay(dayWish, model, clock.now, clock.tz) : undefined;
  if (day) slots.date_start = day;
  if (when.date_start && takesDay(model)) slots.date_start = when.date_start;
  if (when.time && takesTime(model)) slots.time = when.time;
  // no place for a day, but one choice says it ("Express — ready Tue 12 Jan" for "tomorrow"): that choice
  const byDay = when.date_start && !slots.date_start ? dayChoice(when.date_start, model) : undefined;
  if (byDay) delete when.date_start;
  if (!Object.keys(slots).length) return { clauses: byDay ? [byDay] : [], held, dayTaken: false };
  for (const k of Object.keys(slots)) delete when[k];
  const kept = held.filter((c) => {
    const w = whenOf(c.value, clock.now, clock.tz);
    return !((w.date || w.time) && !w.rest.trim());
  });
  return { clauses: [{ kind: 'form', slots }, ...(byDay ? [byDay] : [])], held: kept, dayTaken: !!day };
}

/** The one option of a choice whose options say days (two or more of them) that says this day. */
function dayChoice(iso: string, model: PageModel): Clause | undefined {
  for (const g of model.groups) {
    const dated = g.options.filter((o) => dayShown(o.label));
    const fits = dated.filter((o) => dayShown(o.label) === iso.slice(5));
    if (dated.length >= 2 && fits.length === 1)
      return { kind: 'choose', option: (fits[0] as { label: string }).label, ...(g.label ? { ref: g.label } : {}) };
  }
  return undefined;
}
