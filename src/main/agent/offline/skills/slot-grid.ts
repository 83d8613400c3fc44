import type { StepRecord } from '../../loop/actions.ts';
import { type SlotCell, type SlotRow, slotGridOf } from '../../page-model/slot-grid.ts';
import type { PageModel } from '../../page-model/types.ts';
import { normText, usableButtons } from '../refs.ts';
import type { SlotRequest } from '../slot-words.ts';
import { goToDay } from './day-nav.ts';
import { act, type SkillStep, verified } from './step.ts';

/**
 * Hours of one row of a rooms × hours grid: the day first, then the cells — the first hour,
 * then the last (a page that fills the range between), then any hour of the range the page
 * did not mark chosen (a page where each hour is its own click). Never across a taken hour:
 * a range that holds one is a stop, not a guess. Then the page's own button that goes on
 * ("Continue", "Reserve"), unless the person said to stop at choosing.
 */
const ONWARD =
  /^(?:continue|proceed|book|reserve|confirm selection|next(?!\s*(?:day|date|week|month|page))|계속|다음(?!\s*(?:날|주|달|페이지))|예약|선택 완료)/i;
const DESTRUCTIVE = /cancel|clear|reset|remove|delete|취소|초기화|삭제|지우/i;
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The cells of the range asked for, or why there are none. */
export function rangeCells(req: SlotRequest, row: SlotRow): SlotCell[] | string {
  const cells = row.cells;
  if (req.from !== undefined && req.to !== undefined) {
    const pick = cells.filter((c) => c.start >= (req.from as number) && c.start < (req.to as number));
    if (!pick.length || pick[0]?.start !== req.from || (pick.at(-1)?.end ?? 0) < req.to)
      return `${row.name} has no cells from ${hhmm(req.from)} to ${hhmm(req.to)}`;
    // an hour with no cell of its own (a taken hour drawn as text) breaks the range
    const gap = pick.find((c, k) => k > 0 && c.start !== (pick[k - 1] as SlotCell).end);
    if (gap) return `${row.name} is taken before ${hhmm(gap.start)}, inside ${hhmm(req.from)}–${hhmm(req.to)}`;
    const taken = pick.find((c) => c.disabled);
    return taken ? `${row.name} is taken at ${hhmm(taken.start)}, inside ${hhmm(req.from)}–${hhmm(req.to)}` : pick;
  }
  const n = Math.max(1, Math.round(((req.hours ?? 1) * 60) / Math.max(15, (cells[0]?.end ?? 60) - (cells[0]?.start ?? 0))));
  for (let i = 0; i + n <= cells.length; i++) {
    const run = cells.slice(i, i + n);
    if (run.every((c, k) => !c.disabled && (k === 0 || c.start === (run[k - 1] as SlotCell).end))) return run;
  }
  return `${row.name} has no ${n} free hours in a row`;
}

export function chooseSlots(req: SlotRequest, model: PageModel, mine: StepRecord[], now: Date, tz: string): SkillStep {
  const done = verified(mine);
  if (done.some((s) => s.why.includes('slots: onward'))) return 'done';
  if (req.date) {
    const day = goToDay(req.date, model, mine, now, tz);
    if (day !== 'done' && day !== 'none') return day;
  }
  const row = slotGridOf(model).find((r) => normText(r.name) === normText(req.row));
  if (!row) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `The grid has no row "${req.row}".` };
  const cells = rangeCells(req, row);
  if (typeof cells === 'string') return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `${cells}.` };
  const first = cells[0] as SlotCell;
  const last = cells.at(-1) as SlotCell;
  const span = `${row.name} ${hhmm(first.start)}–${hhmm(last.end)}`;
  const clicked = (what: string) => done.some((s) => s.why.includes(`slots: ${what}`));
  if (!clicked('first'))
    return act({ kind: 'click', handle: first.handle }, `${row.name} ${hhmm(first.start)}`, `slots: first hour of ${span}`, {
      kind: 'change',
    });
  if (cells.length > 1 && !clicked('last'))
    return act({ kind: 'click', handle: last.handle }, `${row.name} ${hhmm(last.start)}`, `slots: last hour of ${span}`, {
      kind: 'change',
    });
  // a page that marks what is chosen and left an hour of the range unmarked: that hour too
  const marks = row.cells.some((c) => c.selected);
  const gap = marks ? cells.find((c) => !c.selected && !done.some((s) => s.why.includes(`slots: hour ${hhmm(c.start)}`))) : undefined;
  if (gap)
    return act({ kind: 'click', handle: gap.handle }, `${row.name} ${hhmm(gap.start)}`, `slots: hour ${hhmm(gap.start)} of ${span}`, {
      kind: 'change',
    });
  // what the grid shows is the check: a page that marks choices must show the whole range chosen, and a
  // choice the person asked only to make ("but don't book it yet") must be shown at all
  if ((marks || req.hold) && !cells.every((c) => c.selected))
    return { type: 'fail', code: 'VERIFICATION_FAILED', why: `The grid does not show ${span} chosen.` };
  if (req.hold) return 'done';
  // the details form is already on the page: its own send comes after the details
  const blank = model.fields.some(
    (f) =>
      !f.disabled &&
      !f.readonly &&
      !f.value &&
      ['text', 'textarea', 'select', 'number'].includes(f.kind) &&
      !f.regions.some((r) => r.startsWith('rec:')),
  );
  if (blank) return 'done';
  const inGrid = new Set(row.cells.map((c) => c.handle));
  const onward = usableButtons(model).find((b) => !inGrid.has(b.handle) && ONWARD.test(normText(b.text)) && !DESTRUCTIVE.test(b.text));
  if (!onward) return 'done';
  return act({ kind: 'click', handle: onward.handle }, onward.text, `slots: onward with "${onward.text}" for ${span}`, { kind: 'change' });
}
