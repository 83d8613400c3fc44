import type { StepRecord } from '../../loop/actions.ts';
import { monthOf } from '../../page-model/build.ts';
import type { Calendar, Field, PageModel } from '../../page-model/types.ts';
import { act, failedOn, type SkillStep } from './step.ts';

/** "2026-12-20" in the layout a text field asks for (its placeholder or current value). */
export function formatFor(field: Field, iso: string): string {
  const [y, m, d] = iso.split('-');
  const hint = `${field.placeholder} ${field.value}`.toLowerCase();
  if (/mm\/dd\/yyyy|\d{2}\/\d{2}\/\d{4}/.test(hint) && !/dd\/mm/.test(hint)) return `${m}/${d}/${y}`;
  if (/dd\/mm\/yyyy/.test(hint)) return `${d}/${m}/${y}`;
  if (/yyyy\.mm\.dd|\d{4}\.\d{2}\.\d{2}/.test(hint)) return `${y}.${m}.${d}`;
  if (/yyyy\/mm\/dd|\d{4}\/\d{2}\/\d{2}/.test(hint)) return `${y}/${m}/${d}`;
  if (/yyyymmdd/.test(hint)) return `${y}${m}${d}`;
  return iso;
}

/** Whether a field's text names the date (any common layout). */
export function showsDate(value: string, iso: string): boolean {
  const [y, m, d] = iso.split('-').map(Number);
  const nums = (value.match(/\d+/g) ?? []).map(Number);
  if (nums.includes(y as number) && nums.includes(m as number) && nums.includes(d as number)) return true;
  const month = monthOf(`${value.replace(/\b(\d{1,2}),?\s+(\d{4})/, '$2')} ${y}`);
  return Boolean(month && month.month === m && nums.includes(d as number));
}

/**
 * Sets a date on any date field: a native date input by value; a typeable text field in its
 * own layout; otherwise (read-only, or typing did not take) through the calendar the field
 * opens — moving month by month with the calendar's own arrows, then clicking the day.
 */
export function setDate(field: Field, iso: string, model: PageModel, mine: StepRecord[]): SkillStep {
  if (showsDate(field.value, iso)) return 'done';
  const label = field.label;
  if (field.kind === 'date')
    return act({ kind: 'fill', handle: field.handle, value: iso }, label, 'a date input takes the date as a value', {
      kind: 'value',
      handle: field.handle,
      value: iso,
    });
  const typed = mine.some((s) => s.action.kind === 'fill' && s.action.handle === field.handle);
  if (!field.readonly && !typed && !model.calendars.length) {
    const v = formatFor(field, iso);
    return act({ kind: 'fill', handle: field.handle, value: v }, label, `type the date in the field's layout (${v})`, {
      kind: 'value',
      handle: field.handle,
      value: v,
    });
  }
  const cal = model.calendars[0];
  if (!cal) {
    if (failedOn(mine, field.handle) >= 2)
      return { type: 'fail', code: 'ACTION_NO_EFFECT', why: `"${label}" opened no calendar and does not take typed dates.` };
    return act({ kind: 'click', handle: field.handle }, label, 'open the calendar of the date field', { kind: 'change' });
  }
  return dayStep(cal, iso, 'click');
}

/** On an open calendar: move month by month with its own arrows to the date's month, then click the day. */
export function dayStep(cal: Calendar, iso: string, why: string): SkillStep {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const want = y * 12 + m;
  const shown = cal.months.map((x) => x.year * 12 + x.month);
  const at = shown.indexOf(want);
  if (at < 0 && shown.length) {
    const forward = want > (shown[0] as number);
    const arrow = forward ? cal.next : cal.prev;
    if (!arrow)
      return {
        type: 'fail',
        code: 'ELEMENT_NOT_FOUND',
        why: `The calendar shows ${cal.months.map((x) => `${x.year}-${x.month}`).join(', ')} and has no ${forward ? 'next' : 'previous'} month button.`,
      };
    return act(
      { kind: 'click', handle: arrow },
      forward ? 'next month' : 'previous month',
      `the calendar shows another month; move ${forward ? 'forward' : 'back'}`,
      { kind: 'change' },
    );
  }
  // the days of the wanted month: the (at)-th run of 1..N among the not-dimmed days
  const runs: Array<typeof cal.days> = [];
  for (const day of cal.days.filter((x) => !x.dim)) {
    if (day.day === 1 || !runs.length) runs.push([]);
    runs.at(-1)?.push(day);
  }
  const days = runs[Math.max(0, at)] ?? [];
  const cell = days.find((x) => x.day === d) ?? cal.days.find((x) => x.label && showsDate(x.label, iso));
  if (!cell) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `The calendar has no day ${d}.` };
  if (cell.disabled) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `${iso} cannot be chosen on this calendar.` };
  return act({ kind: 'click', handle: cell.handle }, `${d}`, `${why} day ${d} in the calendar`, { kind: 'change' });
}
