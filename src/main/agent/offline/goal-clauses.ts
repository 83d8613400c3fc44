import type { Goal } from '../loop/contract.ts';
import { rewrite } from '../nlu/rewrite.ts';
import { clockTimeIn } from '../nlu/travel.ts';
import type { PageModel } from '../page-model/types.ts';
import { bookingOf } from './booking.ts';
import type { Clause } from './clauses.ts';
import { dayClauses } from './day-errand.ts';
import { errandOf, unusedDetails } from './errand.ts';
import { parseCommand } from './grammar.ts';
import { gridClauses } from './grid-errand.ts';
import { withPageWords } from './page-words.ts';
import { rowClauses } from './row-errand.ts';
import { openerClauses } from './row-opener.ts';
import { fieldForSlot } from './skills/field.ts';
import { takesDay, takesTime, whenOf } from './when.ts';

/** The clauses of a goal: a page command's own clauses, or a form errand (fill → submit → pick). */
export function clausesOf(goal: Goal, model: PageModel): { clauses: Clause[]; unknown: string[]; later?: string[] } {
  const text = goal.request?.trim() ?? '';
  const now = goal.now ?? new Date();
  const tz = goal.tz ?? 'Asia/Seoul';
  // one row's own action ("book … with Coach Lee"), or a day to show, on a page of such rows
  const rows =
    text && !goal.slots
      ? (gridClauses(text, model, now, tz) ?? rowClauses(text, model, now, tz) ?? dayClauses(text, model, now, tz))
      : undefined;
  if (rows) return rows;
  const read = readClauses(goal, model);
  // pieces left unread, one of which names a row whose own button opens it: the row first, the rest for what it opens
  return (text && !goal.slots && read.unknown.length ? openerClauses(text, read.unknown, model) : undefined) ?? read;
}

/** The plain reading, or a booking when that reads more of the request. */
function readClauses(goal: Goal, model: PageModel): { clauses: Clause[]; unknown: string[] } {
  const text = goal.request?.trim() ?? '';
  const now = goal.now ?? new Date();
  const tz = goal.tz ?? 'Asia/Seoul';
  const first = plainClauses(goal, model);
  if (!text || goal.slots) return first;
  // a booking form (no places, no query) and a request whose day or time the reading above left
  // unread, or took for a field's name ("No field is called '내일 저녁 6시 반'")
  const dated = first.clauses.some((c) => c.kind === 'fill' && c.ref !== '' && Object.keys(whenOf(c.ref, now, tz)).length > 1);
  const searches = model.fields.some((f) => ['origin', 'destination', 'query'].includes(f.purpose));
  // or said a day or a time the page has a place for that no clause carries
  const said = whenOf(text, now, tz);
  const carries = (get: (w: ReturnType<typeof whenOf>) => string | undefined) =>
    first.clauses.some(
      (c) =>
        c.kind === 'form' || ((c.kind === 'fill' || c.kind === 'choose') && get(whenOf(c.kind === 'fill' ? c.value : c.option, now, tz))),
    );
  const dayPlace = takesDay(model);
  const untaken = (said.date && dayPlace && !carries((w) => w.date)) || (said.time && takesTime(model) && !carries((w) => w.time));
  if (searches || (!first.unknown.length && !dated && !untaken)) return first;
  const booking = bookingOf(text, now, tz, model);
  return booking && booking.unknown.length <= first.unknown.length ? booking : first;
}

/** The clauses by the grammar, or as a search errand, or with the page's own words. */
function plainClauses(goal: Goal, model: PageModel): { clauses: Clause[]; unknown: string[] } {
  const tail = (pick: Goal['pick']): Clause[] => (pick ? [{ kind: 'result', criterion: pick, verb: 'pick' }] : []);
  if (goal.slots && Object.keys(goal.slots).length) {
    return {
      clauses: [{ kind: 'form', slots: goal.slots }, ...(goal.submit === false ? [] : [{ kind: 'submit' } as Clause]), ...tail(goal.pick)],
      unknown: [],
    };
  }
  const text = goal.request?.trim() ?? '';
  const command = parseCommand(text);
  const hasSearchForm = model.fields.some((f) => ['origin', 'destination', 'query', 'depart_date', 'checkin_date'].includes(f.purpose));
  if (hasSearchForm && (command.unknown.length || command.clauses.every((c) => c.kind === 'result' || c.kind === 'month'))) {
    const errand = errandOf(text, goal.now ?? new Date(), goal.tz);
    // (a trip read from a request on a page that has no place for its towns is not this page's errand:
    // a station said to a lost-property search is no origin)
    const placeable = (k: string) => !['origin', 'destination'].includes(k) || fieldForSlot(model, k, new Set()) !== undefined;
    if (errand && Object.keys(errand.slots).every(placeable)) {
      // a detail the errand does not carry (a time, "seat 3") is not silently dropped: the person is asked
      // a clock time said goes into the page's time field or slot buttons when it has them
      const time = takesTime(model) ? whenOf(text, goal.now ?? new Date(), goal.tz ?? 'Asia/Seoul').time : undefined;
      if (time) errand.slots.time = time;
      const unused = unusedDetails(text, command.unknown, errand.slots).filter((d) => !(time && sameClock(clockTimeIn(d), time)));
      return {
        clauses: [{ kind: 'form', slots: errand.slots }, { kind: 'submit' }, ...tail(errand.pick ?? goal.pick)],
        unknown: unused,
      };
    }
  }
  if (!command.clauses.length && goal.pick) return { clauses: tail(goal.pick), unknown: [] };
  if (command.unknown.length) return withPageWords(text, command, model);
  return command;
}

/** The goal as the readings take it: spoken forms and common typos written out ("두 장으로 해조", "tmrw"). */
export function typed(goal: Goal): Goal {
  return goal.request ? { ...goal, request: rewrite(goal.request) } : goal;
}

/** "6시 반" read alone (06:30) is the "저녁 6시 반" (18:30) the request's time was read from. */
function sameClock(a: string | undefined, b: string): boolean {
  if (!a) return false;
  const [ah, am] = a.split(':').map(Number) as [number, number];
  const [bh, bm] = (b.split('|')[0] ?? b).split(':').map(Number) as [number, number];
  return am === bm && ah % 12 === bh % 12;
}
