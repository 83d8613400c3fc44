import { todayIn } from '../nlu/dates/calendar.ts';
import { findDates } from '../nlu/dates/index.ts';
import { rewrite } from '../nlu/rewrite.ts';
import { MASK, Utterance } from '../nlu/text.ts';
import { clockSpanIn } from '../nlu/travel.ts';
import { DATE_PURPOSES } from '../page-model/purpose.ts';
import type { Field, PageModel } from '../page-model/types.ts';
import { dayChips } from './day-chips.ts';
import { dayShown } from './day-words.ts';
import { usableButtons } from './refs.ts';
import { dateOpener } from './skills/range.ts';

/**
 * When a request says an errand is for ("내일 저녁 6시 반", "this Saturday at noon", "모레 점심 1시
 * 반"): the day as ISO and the clock time as "HH:MM", read by the understanding's own date and
 * time rules — values for a date field, a calendar or a time select, never names of fields.
 */
/** Words of a said time that tell its half of the day (the time's own words only). */
const HALF_DAY = /오전|오후|새벽|아침|점심|낮|저녁|밤|am|pm|a\.m|p\.m|noon|midnight/i;

export function whenOf(text: string, now: Date, tz: string): { date?: string; end?: string; time?: string; rest: string } {
  const u = new Utterance(rewrite(text));
  const found = findDates(u, todayIn(now, tz));
  const starts = found.items.filter((i) => i.role !== 'end');
  // "금요일부터 일요일까지", "from Friday to Sunday": two days said as a stretch
  const ranged = found.items.some((i) => i.role) || /부터|까지|~/.test(text);
  // "Friday the 11th": a weekday said with its day of the month is that day, not this week's Thursday
  const one = !ranged && starts[1] && starts[0]?.weekday && !starts[1].weekday && starts[1].start - starts[0].start <= 16;
  const first = (one ? starts[1] : starts[0]) ?? found.items[0];
  const date = first?.value;
  // "1월 10일부터 1월 14일까지", "from December 20 to December 27": the last day of a stay or a cover
  // (a Korean stretch says its end with 까지, not by the reading's roles)
  const koEnd = /부터[\s\S]*까지/.test(text) && !found.items.some((i) => i.role) ? starts.at(-1) : undefined;
  const last = (found.items.find((i) => i !== first && i.role === 'end') ?? (koEnd !== first ? koEnd : undefined))?.value;
  const end = last && date && last > date ? last : undefined;
  // the rest of the request, without the words of the day and the time ("에", "at", "from" around them too)
  let rest = u.remainder();
  const clock = clockSpanIn(rest);
  let time = clock?.time;
  if (clock) {
    // "6시 반" with no morning or evening said: either half of the day, the morning first
    const said = rest.slice(clock.index, clock.index + clock.length);
    const h = Number(time?.slice(0, 2));
    if (time && h >= 1 && h <= 11 && !HALF_DAY.test(said)) time = `${time}|${String(h + 12)}${time.slice(2)}`;
    rest = `${rest.slice(0, clock.index)}${MASK}${rest.slice(clock.index + clock.length)}`;
  }
  rest = rest
    .replace(
      new RegExp(`(?:\\b(?:on|at|from|for|starting|this|next)\\s+)*${MASK}+(?:\\s*${MASK}+)*(?:에는|에|부터|까지|으로|로)?`, 'gi'),
      ' ',
    )
    .replace(/\s+([,.])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return { ...(date ? { date } : {}), ...(end ? { end } : {}), ...(time ? { time } : {}), rest };
}

/** A clock time shown in words ("오후 6:30", "6:30 PM", "18:30", "12:00 PM", "정오") as "HH:MM". */
/** "HH:MM" as minutes after midnight. */
export const minutesOfDay = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

export function clockOf(words: string): string | undefined {
  const w = words.trim().toLowerCase();
  if (/^(?:noon|정오|12\s*noon)$/.test(w)) return '12:00';
  // (a part of the day before it says its half: "저녁 6:30", "아침 8시", "낮 1시")
  const m = /^(오전|오후|아침|새벽|낮|점심|저녁|밤)?\s*(\d{1,2})\s*[:시]\s*(\d{2})?\s*분?\s*(am|pm|a\.m\.|p\.m\.)?$/.exec(w);
  if (!m) return undefined;
  let h = Number(m[2]);
  const min = Number(m[3] ?? 0);
  const pm = /^(?:오후|저녁|밤)$/.test(m[1] ?? '') || (/^(?:낮|점심)$/.test(m[1] ?? '') && h <= 6) || m[4]?.startsWith('p');
  const am = /^(?:오전|아침|새벽)$/.test(m[1] ?? '') || m[4]?.startsWith('a');
  if (pm && h < 12) h += 12;
  if (am && h === 12) h = 0;
  if (h > 23 || min > 59) return undefined;
  return `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}`;
}

/** Buttons that are one clock time each (a time-slot picker), usable now. */
export function timeButtons(model: PageModel) {
  return usableButtons(model).filter((b) => b.kind !== 'link' && clockOf(b.text) !== undefined);
}

/** A field for a clock time: one meant for it, or a list whose options are clock times. */
/** A list whose options are lengths of time ("1시간", "90 min"): how long, not when. */
const LENGTH_OPTION = /^\s*\d+(?:\.\d+)?\s*(?:시간|분|hours?|hrs?|h|mins?|minutes?)(?![a-z])/i;
const lengths = (f: Field) => {
  const options = (f.options ?? []).filter((o) => o.label.trim());
  return options.length >= 2 && options.filter((o) => LENGTH_OPTION.test(o.label)).length >= options.length - 1;
};

export function timeField(model: PageModel, used: Set<string> = new Set()): Field | undefined {
  const free = model.fields.filter((f) => !f.disabled && !used.has(f.handle) && !(f.kind === 'select' && lengths(f)));
  return (
    free.find((f) => f.purpose === 'time') ??
    free.find((f) => f.kind === 'select' && (f.options ?? []).filter((o) => clockOf(o.label) ?? clockOf(o.value)).length >= 2)
  );
}

/** Radio options that are one clock time each ("오후 1:30"). */
export function timeChoices(model: PageModel) {
  return model.groups.filter((g) => g.kind === 'radio' && g.options.filter((o) => clockOf(o.label)).length >= 2).flatMap((g) => g.options);
}

export { dayShown } from './day-words.ts';

/** A row of buttons that are one day each ("오늘 12/1", "내일 12/2", …): a day picker without a calendar. */
export function dayButtons(model: PageModel) {
  const days = model.buttons.filter((b) => b.kind !== 'link' && !b.regions.some((r) => r.startsWith('cal:')) && dayShown(b.text));
  return days.length >= 2 ? days : [];
}

/** A list whose options are days ("Wed 3 Mar", "3월 3일 (수)"), whatever it is called ("Visit on", "Slot day"). */
export function dayList(model: PageModel): Field | undefined {
  return model.fields.find(
    (f) =>
      f.kind === 'select' &&
      !f.disabled &&
      f.purpose !== 'birth_date' &&
      (f.options ?? []).filter((o) => dayShown(o.label)).length >= Math.max(2, (f.options ?? []).length * 0.6),
  );
}

/** A place on the page for the errand's day: a date field that is not a birth date, a calendar, a list of days, or a row of day buttons. */
export function takesDay(model: PageModel): boolean {
  return (
    model.calendars.length > 0 ||
    dayList(model) !== undefined ||
    dayButtons(model).length > 0 ||
    dateOpener(model) !== undefined ||
    dayChips(model).length > 0 ||
    model.fields.some((f) => f.purpose !== 'birth_date' && (f.kind === 'date' || DATE_PURPOSES.has(f.purpose)) && !f.disabled)
  );
}

/** A place on the page for a clock time: a time field, time radios or a row of time-slot buttons. */
export function takesTime(model: PageModel): boolean {
  return timeField(model) !== undefined || timeChoices(model).length >= 2 || timeButtons(model).length >= 2;
}
