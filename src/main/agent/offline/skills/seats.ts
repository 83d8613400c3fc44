import type { StepRecord } from '../../loop/actions.ts';
import type { Button, PageModel } from '../../page-model/types.ts';
import { type SeatsClause, seatId } from '../seat-words.ts';
import { act, type SkillStep, verified } from './step.ts';

interface Seat {
  b: Pick<Button, 'handle' | 'text' | 'disabled' | 'selected'>;
  id: string;
  row: string;
  n: number;
  /** a seat drawn as a checkbox (verified by being checked) rather than a button */
  box: boolean;
}

/** The seat map: buttons (or cells) each named as a seat ("F열 7번", "Row F Seat 7", "F7"), eight or more. */
export function seatMapOf(model: PageModel): Seat[] {
  const seats: Seat[] = [];
  const add = (b: Seat['b'] & { cell?: { row: string; col: string } }, box: boolean) => {
    // a seat that shows only its number, its row known by the letter at the row's start
    const row = b.cell?.row.trim() ?? '';
    const own = /^\d{1,3}$/.test(b.text.trim()) ? b.text.trim() : /^\d{1,3}$/.test(b.cell?.col.trim() ?? '') ? b.cell?.col.trim() : '';
    const id = seatId(b.text) ?? (/^[A-Z]{1,2}$/i.test(row) && own ? `${row.toUpperCase()}${Number(own)}` : undefined);
    if (id) seats.push({ b, id, row: id.replace(/\d+$/, ''), n: Number(/\d+$/.exec(id)?.[0]), box });
  };
  for (const b of model.buttons) add(b, false);
  for (const f of model.fields)
    if (f.kind === 'checkbox') add({ handle: f.handle, text: f.label, disabled: f.disabled, selected: f.checked === true }, true);
  return seats.length >= 8 ? seats : [];
}

const seatTaken = (s: Seat) => (s.box ? { kind: 'checked' as const, handle: s.b.handle, checked: true } : { kind: 'change' as const });

/** How many seats the person's party needs when they did not say: the page's own counters, when it has them. */
function partySize(model: PageModel): number | undefined {
  const n = model.steppers.reduce((sum, s) => sum + (s.value ?? 0), 0);
  return n > 0 ? n : undefined;
}

/** A free seat near the middle of the room, next to the ones chosen already when there are some. */
function nextFree(seats: Seat[]): Seat | undefined {
  const free = seats.filter((s) => !s.b.disabled && !s.b.selected);
  const chosen = seats.filter((s) => s.b.selected);
  const rows = [...new Set(seats.map((s) => s.row))];
  const mid = (rows.length - 1) / 2;
  const width = (row: string) => seats.filter((s) => s.row === row).map((s) => s.n);
  const centre = (row: string) => {
    const ns = width(row);
    return (Math.min(...ns) + Math.max(...ns)) / 2;
  };
  const cost = (s: Seat) => {
    if (chosen.length) {
      const near = Math.min(...chosen.map((c) => (c.row === s.row ? Math.abs(c.n - s.n) : 100 + Math.abs(c.n - s.n))));
      return near * 10 + Math.abs(s.n - centre(s.row));
    }
    return Math.abs(rows.indexOf(s.row) - mid) * 4 + Math.abs(s.n - centre(s.row));
  };
  return [...free].sort((a, b) => cost(a) - cost(b))[0];
}

/**
 * Seats on a seat map: the ones named, each clicked once (a sold — disabled — one stops the run
 * and says so); or "any" seats, as many as said, as the party counted on the page, or — when
 * neither is known — one after another until the page takes no more (a cap it announces, a
 * click that changes nothing, no free seat left). Each click is verified by the page changing.
 */
export function chooseSeats(c: SeatsClause, model: PageModel, mine: StepRecord[]): SkillStep {
  // a seat map that draws a chosen seat only by its colour: a seat clicked (and the page changed) once is chosen
  const clicked = new Set(verified(mine).flatMap((s) => ('handle' in s.action && s.action.handle ? [s.action.handle] : [])));
  const seats = seatMapOf(model).map((x) => (clicked.has(x.b.handle) && !x.box ? { ...x, b: { ...x.b, selected: true } } : x));
  if (!seats.length) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: 'No seat map on the page.' };
  if (!c.any) {
    for (const id of c.seats) {
      const s = seats.find((x) => x.id === id);
      if (!s) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `The seat map has no seat ${id}.` };
      if (s.b.selected) continue;
      if (s.b.disabled) return { type: 'fail', code: 'VERIFICATION_FAILED', why: `Seat ${id} ("${s.b.text}") is taken.` };
      return act({ kind: 'click', handle: s.b.handle }, s.b.text, `seat ${id}`, seatTaken(s));
    }
    return 'done';
  }
  const want = c.count ?? partySize(model);
  const chosen = seats.filter((s) => s.b.selected).length;
  if (want !== undefined && chosen >= want) return 'done';
  // unknown how many: the page saying no (a cap message, nothing changed) ends it
  const last = mine.at(-1);
  if (want === undefined && last && !last.ok && verified(mine).length) return 'done';
  const s = nextFree(seats);
  if (!s) return chosen ? 'done' : { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: 'No free seat is left.' };
  if (mine.length >= 12) return { type: 'fail', code: 'ACTION_NO_EFFECT', why: 'The seats clicked do not stay chosen.' };
  return act(
    { kind: 'click', handle: s.b.handle },
    s.b.text,
    `any seat: ${s.id}${want ? ` (${chosen + 1} of ${want})` : ''}`,
    seatTaken(s),
  );
}
