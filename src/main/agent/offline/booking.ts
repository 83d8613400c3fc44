import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { EN_ASK_LEAD, KO_ASK } from './errand-verbs.ts';
import { parseCommand } from './grammar.ts';
import { contentWords, namedOptions } from './mention.ts';
import { withPageWords } from './page-words.ts';
import { peopleCount, peopleSaid } from './people-count.ts';
import { shownOnPage } from './piece-name.ts';
import { namesField } from './piece-target.ts';
import { readPiece } from './pieces.ts';
import { besideWish, boundOnly, slotWishOf } from './slot-wish.ts';
import { splitClauses } from './split.ts';
import { timeSpanOf } from './time-span.ts';
import { takesDay, takesTime, whenOf } from './when.ts';

/** The words that name the errand itself and ask to send it ("book a court", "피부과 예약해줘", "apply to volunteer"). */
const EN_ERRAND = new RegExp(
  `^${EN_ASK_LEAD}(?:book|reserve|schedule|apply(?:\\s+(?:to|for))?|sign\\s+up(?:\\s+for)?|register(?:\\s+for)?|request|make\\s+an?\\s+(?:appointment|booking|reservation)(?:\\s+for)?)\\b\\s*(.*)$`,
  'i',
);
const KO_ERRAND = new RegExp(`^(.*?)\\s*(?:을|를)?\\s*(?:예약|신청|접수|등록|예매)${KO_ASK}$`);
const KO_AGREE = /^(.*?)\s*(?:에|에도)?\s*동의(?:할게요?|합니다|해요|함|하고|해|해줘|해 ?주세요)?$/;
const EN_AGREE = /^(?:and\s+)?i\s+(?:agree|consent)(?:\s+to\s+(?:the\s+)?(.+))?$/i;
/** A thing's words before the errand noun that only say what the errand is ("a court", "a table", "to volunteer"). */
const FILLER = /^(?:a|an|the|my|me|us|to|for)\b/i;

/**
 * A booking, reservation, appointment or application errand on a form that takes a day or a
 * time: the day and the time said in words are read by the understanding's date and time rules
 * and go to the form's date field, calendar, time list or slot buttons; every other piece of the
 * request ("이름은 김하늘", "phone 010-…", "afternoon shift", "피부과") is read against the page's
 * own fields and options; the errand's verb sends the form. Undefined when the request says no
 * day or time, or the page has nowhere to put them.
 */
export function bookingOf(
  text: string,
  now: Date,
  tz: string,
  model: PageModel,
): { clauses: Clause[]; unknown: string[]; later?: string[] } | undefined {
  const dayPlace = takesDay(model);
  const timePlace = takesTime(model);
  const slots: Record<string, string> = {};
  const pieces: string[] = [];
  const later: string[] = [];
  for (const piece of splitClauses(text.replace(/[.!?。]\s+/g, ', '))) {
    const when = whenOf(piece, now, tz);
    // "생년월일 1990-04-12", "born 1988-02-03": a date a field's words name is that field's value, not the errand's day
    const owned = (when.date || when.time) && namesField(when.rest.replace(/[,:]/g, ' ').trim(), model);
    const day = when.date && dayPlace && !slots.date_start && !owned ? when.date : undefined;
    // "soonest opening after 4pm": a bound of the slots wished for, not the time to book (the errand picks the slot)
    const wish = slotWishOf(piece);
    // ("from 10 to 1pm": the stretch's start is the time, not its end)
    const said = timeSpanOf(piece)?.start ?? when.time;
    const clock = said && !(wish && boundOnly(wish, said)) ? said : undefined;
    const time = clock && timePlace && !slots.time && !owned ? clock : undefined;
    // a time said for a day whose slots the page shows only once the day is chosen: kept for that page, never dropped
    if (clock && !timePlace && day && !owned) later.push(clock);
    if (day) slots.date_start = day;
    // "3월 2일 2박" on a page that asks how many nights, not the day of leaving: the nights are a piece of their own
    const nights = /(\d{1,2})\s*(박|nights?)/i.exec(piece);
    const leaves = model.fields.some((f) => f.purpose === 'checkout_date' || f.purpose === 'return_date') || model.calendars.length > 0;
    if (day && nights && !leaves && !nights[0].split('').every((ch) => when.rest.includes(ch))) pieces.push(`${nights[1]}${nights[2]}`);
    else if (day && when.end) slots.date_end = when.end;
    if (time) slots.time = time;
    const rest = wish && !besideWish(day ? when.rest : piece) ? '' : day || time ? when.rest : piece;
    if (rest.trim()) pieces.push(rest.trim());
  }
  if (!Object.keys(slots).length) return undefined;
  const order: Array<Clause | string> = [];
  const unknownHere: string[] = [];
  let sends = false;
  for (const piece of pieces) {
    const errand = EN_ERRAND.exec(piece) ?? KO_ERRAND.exec(piece);
    if (errand) {
      sends = true;
      const object = (errand[1] ?? '').trim();
      // "피부과 예약해줘": the thing booked may be an option on the page; "a court", "to volunteer" only name the errand
      // (both readings: "트럭 상·하부 점검" is a size by one and a service by the other)
      const read = object ? both(readPiece(object, model), namedOptions(object, model)) : undefined;
      // (a count said with it — "둘이서 X로" — is never dropped with the rest: it is read on its own, or the object waits whole)
      const count = object.split(/\s+/).find((w) => peopleSaid(w) !== undefined);
      const counted = count && read?.length && !read.some((c) => c.kind === 'count') ? peopleCount(count, model) : [];
      if (read?.length && count && !counted?.length && !read.some((c) => c.kind === 'count')) unknownHere.push(object);
      else if (read?.length) order.push(...read, ...(counted ?? []));
      // (an object of several words the page did not read here is a piece to place, never dropped: "X랑 Y 둘 다 되는 걸로 성인 셋")
      // (nor one the page does not show as what it is about: "A형으로 셋이서" is a choice and a count)
      else if (object && !FILLER.test(object) && (/\d/.test(object) || object.split(/\s+/).length >= 3 || countOrChoice(object, model)))
        unknownHere.push(object);
      continue;
    }
    // "개인정보 동의할게", "I agree to the privacy terms": the person gives that consent
    const agree = KO_AGREE.exec(piece) ?? EN_AGREE.exec(piece);
    if (agree) {
      order.push({ kind: 'check', ref: (agree[1] ?? '').trim() || 'agree|동의', checked: true });
      continue;
    }
    const parsed = parseCommand(piece);
    if (parsed.clauses.length && !parsed.unknown.length) {
      order.push(...parsed.clauses);
      continue;
    }
    // "afternoon shift": an option's words before the name of its list
    const words = piece.split(/\s+/);
    // (a short piece only: a long one ending in a field's word is no option — "hire 12 … for 4 days")
    const turned =
      words.length >= 2 && words.length <= 3 && !readPiece(piece, model)
        ? readPiece(`${words.at(-1)} ${words.slice(0, -1).join(' ')}`, model)
        : undefined;
    if (turned?.length) order.push(...turned);
    else order.push(piece);
  }
  const read = withPageWords(text, { clauses: order.filter((c): c is Clause => typeof c !== 'string'), unknown: [], order }, model);
  const clauses: Clause[] = [{ kind: 'form', slots }, ...read.clauses.filter((c) => c.kind !== 'submit')];
  if (sends || read.clauses.some((c) => c.kind === 'submit')) clauses.push({ kind: 'submit' });
  return { clauses, unknown: [...unknownHere, ...read.unknown], ...(later.length ? { later } : {}) };
}

/** Whether the thing booked says a count of people or a word the page shows as a choice ("B코스로 셋이서"): never dropped. */
function countOrChoice(object: string, model: PageModel): boolean {
  const words = object.split(/\s+/);
  return words.some((w) => peopleSaid(w) !== undefined) || contentWords(object).some((w) => shownOnPage(w, model));
}

/** The clauses of two readings of one piece, the second's only for controls the first left alone. */
function both(first: Clause[] | undefined, second: Clause[] | undefined): Clause[] | undefined {
  if (!first?.length) return second;
  const refOf = (c: Clause) => ('ref' in c ? c.ref : undefined) ?? ('option' in c ? c.option : undefined);
  const used = new Set(first.map(refOf));
  return [...first, ...(second ?? []).filter((c) => !used.has(refOf(c)))];
}
