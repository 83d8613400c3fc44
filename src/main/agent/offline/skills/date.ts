import type { StepRecord } from '../../loop/actions.ts';
import { monthOf } from '../../page-model/build.ts';
import type { Calendar, Field, PageModel } from '../../page-model/types.ts';
import { act, failedOn, type SkillStep } from './step.ts';

/** "2026-12-20" in the layout a text field asks for (its placeholder or current value). */
export function formatFor(field: Field, iso: string): string {
  const [y, m, d] = iso.split('-');
  // (the layout may be shown beside the box rather than in it: "예) 20000101", "8 digits")
  const hint = `${field.placeholder} ${field.value} ${field.texts.join(' ')}`.toLowerCase();
  if (/\b(?:19|20)\d{6}\b|8\s*자리|8\s*digits/.test(hint) && !/\d{4}[-./]\d{2}/.test(`${field.placeholder} ${field.value}`))
    return `${y}${m}${d}`;
  if (/mm\/dd\/yyyy|\d{2}\/\d{2}\/\d{4}/.test(hint) && !/dd\/mm/.test(hint)) return `${m}/${d}/${y}`;
  if (/dd\/mm\/yyyy/.test(hint)) return `${d}/${m}/${y}`;
  if (/yyyy\.mm\.dd|\d{4}\.\d{2}\.\d{2}/.test(hint)) return `${y}.${m}.${d}`;
  if (/yyyy\/mm\/dd|\d{4}\/\d{2}\/\d{2}/.test(hint)) return `${y}/${m}/${d}`;
  if (/yyyymmdd/.test(hint)) return `${y}${m}${d}`;
  return iso;
}

/** Whether a field's text names the date (any common layout). */
export function showsDate(value: string, iso: string): boolean {
  if (value.replace(/\D/g, '') === iso.replace(/-/g, '') && /^\s*\d{8}\s*$/.test(value)) return true;
  const [y, m, d] = iso.split('-').map(Number);
  const nums = (value.match(/\d+/g) ?? []).map(Number);
  // (each of the year, month and day is its own number of the value: "2026-12-08" does not show the 12th of December)
  const left = [...nums];
  const take = (n: number | undefined) => {
    const i = left.indexOf(n as number);
    if (i >= 0) left.splice(i, 1);
    return i >= 0;
  };
  if (take(y) && take(m) && take(d)) return true;
  // (a month said in words — "Dec 12, 2026", "12월 12일" — beside the day's number)
  if (!/[a-z가-힣]/i.test(value)) return false;
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
  const fills = mine.flatMap((s) => (s.action.kind === 'fill' && s.action.handle === field.handle ? [s.action.value] : []));
  const typed = fills.length > 0;
  // the box kept only the start of what was typed (it takes so many characters): the date as digits alone
  const cut = fills.at(-1);
  const digits = iso.replace(/-/g, '');
  if (cut && field.value && cut.startsWith(field.value) && field.value.length < cut.length && !fills.includes(digits))
    return act(
      { kind: 'fill', handle: field.handle, value: digits },
      label,
      `"${label}" kept "${field.value}" only; type the date as digits`,
      {
        kind: 'value',
        handle: field.handle,
        value: digits,
      },
    );
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

/**
 * A date-and-time input takes both at once ("2027-01-03T10:00"): the date said, with the time
 * said or the one it shows already (midnight when it shows none); a time alone goes with the
 * date it shows.
 */
export function setDateTime(field: Field, iso: string | undefined, time: string | undefined): SkillStep {
  const [shownDate, shownTime] = field.value.split('T');
  const date = iso ?? shownDate;
  if (!date) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `"${field.label}" needs a date before the time ${time ?? ''}.` };
  const value = `${date}T${time ?? shownTime?.slice(0, 5) ?? '00:00'}`;
  if (field.value.slice(0, 16) === value) return 'done';
  return act({ kind: 'fill', handle: field.handle, value }, field.label, 'a date-and-time input takes both as one value', {
    kind: 'value',
    handle: field.handle,
    value,
  });
}

/** On an open calendar: move month by month with its own arrows to the date's month, then click the day. */
export function dayStep(cal: Calendar, iso: string, why: string): SkillStep {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const want = y * 12 + m;
  const shown = cal.months.map((x) => x.year * 12 + x.month);
  // months not read from the header: the days' own labels say which month is shown ("2026년 12월 10일")
  if (!shown.length && cal.days.some((x) => x.label)) {
    const named = cal.days.find((x) => !x.dim && x.label && showsDate(x.label, iso));
    if (!named) {
      const later = cal.days.some((x) => x.label && labelMonth(x.label) !== undefined && (labelMonth(x.label) as number) > want);
      const arrow = later ? cal.prev : cal.next;
      if (arrow && cal.days.some((x) => labelMonth(x.label ?? '') !== undefined))
        return act(
          { kind: 'click', handle: arrow },
          later ? 'previous month' : 'next month',
          `the calendar shows another month; move ${later ? 'back' : 'forward'}`,
          {
            kind: 'change',
          },
        );
    }
  }
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
  // a day whose own label names the date is that date, whatever month the header was read as
  const labelled = at < 0 ? cal.days.find((x) => !x.dim && x.label && showsDate(x.label, iso)) : undefined;
  const cell = labelled ?? days.find((x) => x.day === d) ?? cal.days.find((x) => x.label && showsDate(x.label, iso));
  if (!cell) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `The calendar has no day ${d}.` };
  if (cell.disabled) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `${iso} cannot be chosen on this calendar.` };
  return act({ kind: 'click', handle: cell.handle }, `${d}`, `${why} day ${d} in the calendar`, { kind: 'change' });
}

const numberIn = (s: string) => Number(/\d+/.exec(s)?.[0] ?? Number.NaN);
const realOptions = (f: Field) => (f.options ?? []).filter((o) => /\d/.test(o.label) || /\d/.test(o.value));
const isYearList = (f: Field) => {
  const os = realOptions(f);
  return os.length > 0 && os.every((o) => /^(19|20)\d{2}\D{0,2}$/.test(o.label.trim()));
};
const isMonthList = (f: Field) => {
  const ns = realOptions(f).map((o) => numberIn(o.label));
  return ns.length === 12 && ns.every((n, i) => n === i + 1);
};
const isDayList = (f: Field) => {
  const ns = realOptions(f).map((o) => numberIn(o.label));
  return ns.length >= 28 && ns.length <= 31 && ns.every((n, i) => n === i + 1);
};

export interface DateLists {
  year: Field | undefined;
  month: Field;
  day: Field;
}

/** A date asked as lists side by side (year, month, day — in any order): the lists around `field`. */
export function dateListsAround(field: Field, model: PageModel): DateLists | undefined {
  const at = model.fields.indexOf(field);
  if (at < 0) return undefined;
  const near = model.fields.slice(Math.max(0, at - 2), at + 3).filter((f) => f.kind === 'select' && f.form === field.form && !f.disabled);
  if (!near.includes(field)) return undefined;
  const month = near.find(isMonthList);
  const day = near.find(isDayList);
  const year = near.find(isYearList);
  if (!month || !day || ![month, day, year].includes(field)) return undefined;
  return { year, month, day };
}

/** Chooses the year, the month and the day of `iso`, one list at a time. */
export function setDateLists(lists: DateLists, iso: string): SkillStep {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  for (const [f, n] of [
    [lists.year, y],
    [lists.month, m],
    [lists.day, d],
  ] as Array<[Field | undefined, number]>) {
    if (!f) continue;
    const o = realOptions(f).find((x) => numberIn(x.label) === n);
    if (!o) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `"${f.label}" has no option ${n} for ${iso}.` };
    if (o.selected) continue;
    return act({ kind: 'select', handle: f.handle, option: o.label }, f.label, `the date ${iso} is chosen list by list: ${n}`, {
      kind: 'value',
      handle: f.handle,
      value: o.label,
    });
  }
  return 'done';
}

/**
 * The page's one place for a date — a date input, a date field, or a set of year/month/day
 * lists — when it has exactly one: a date said for a field named in other words goes there.
 */
export function onlyDatePlace(model: PageModel, isDateField: (f: Field) => boolean): Field | undefined {
  const places: Field[] = [];
  const inLists = new Set<Field>();
  for (const f of model.fields) {
    if (f.disabled || inLists.has(f)) continue;
    const lists = f.kind === 'select' ? dateListsAround(f, model) : undefined;
    if (lists) {
      for (const x of [lists.year, lists.month, lists.day]) if (x) inLists.add(x);
      places.push(f);
    } else if (f.kind === 'date' || isDateField(f)) places.push(f);
  }
  return places.length === 1 ? places[0] : undefined;
}

/** The month a day's label names, as year * 12 + month ("2026년 12월 10일", "December 10, 2026", "2026-12-10"). */
function labelMonth(label: string): number | undefined {
  const ko = /(\d{4})\s*년\s*(\d{1,2})\s*월/.exec(label);
  if (ko) return Number(ko[1]) * 12 + Number(ko[2]);
  const iso = /(\d{4})-(\d{2})-\d{2}/.exec(label);
  if (iso) return Number(iso[1]) * 12 + Number(iso[2]);
  const names = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
  const en = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+(\d{4})/i.exec(label);
  if (en) return Number(en[2]) * 12 + names.indexOf((en[1] ?? '').toLowerCase()) + 1;
  return undefined;
}
