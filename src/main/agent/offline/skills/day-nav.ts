import type { StepRecord } from '../../loop/actions.ts';
import type { Button, PageModel } from '../../page-model/types.ts';
import { normText, usableButtons } from '../refs.ts';
import { dayShown, whenOf } from '../when.ts';
import { dayStep, setDate } from './date.ts';
import { act, type SkillStep, verified } from './step.ts';

/**
 * Going to a day on a page that shows one day at a time: a timetable with a week strip of day
 * tabs, a booking grid with ‹ › day arrows and a date label, a "pick a date" popover. The day
 * the page shows is read from its own date label (or the selected day tab); the way there is a
 * day button that names the day, the calendar when one is open, the day or week arrows towards
 * it, or the button that opens a calendar. 'none' when the page has no way to change its day.
 */
const WEEKDAYS_EN = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const WEEKDAYS_KO = ['일', '월', '화', '수', '목', '금', '토'];
const NEXT = /^(?:next|다음|›|»|>|→|▶|⟩|〉|⏵)|\bnext\s+(?:day|date|week)|다음\s*(?:날|주|일)/i;
const PREV = /^(?:prev|previous|이전|‹|«|<|←|◀|⟨|〈|⏴)|\bprev(?:ious)?\s+(?:day|date|week)|이전\s*(?:날|주|일)|지난\s*주|전날/i;
const WEEK = /week|주/i;
const GO = /^(?:go|show|view|apply|update|search|load|조회|보기|이동|검색|확인|적용)$/i;
const OPENER = /calendar|pick a date|choose a date|select (?:a )?date|change date|go to date|날짜\s*(?:선택|변경|이동)|달력|📅|🗓/i;

const isoDay = (iso: string) => new Date(`${iso}T12:00:00Z`);
const daysBetween = (a: string, b: string) => Math.round((isoDay(b).getTime() - isoDay(a).getTime()) / 86_400_000);

/** The dates the page says it shows: its date labels and its headings. */
export function shownDates(model: PageModel, now: Date, tz: string): string[] {
  const texts = [...(model.dateTexts ?? []), ...model.headings];
  return [...new Set(texts.flatMap((t) => (t.length <= 40 ? (whenOf(t, now, tz).date ?? []) : [])))];
}

/** Whether a day button's words ("Thu 3", "12/3 (목)", "Dec 3", "3일 목", "Tomorrow") name this date. */
export function buttonNamesDay(text: string, iso: string, today?: string): boolean {
  const t = normText(text);
  if (t.length > 28 || /\d{1,2}:\d{2}/.test(t)) return false;
  // "내일 12.02": the day it names outright counts first
  const md = dayShown(text.toLowerCase());
  const [, m, d] = iso.split('-').map(Number) as [number, number, number];
  if (md) return md === `${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  // "오늘" / "Today", "내일" / "Tomorrow" alone: the day counted from today
  const rel = /^(today|오늘)$/.test(t) ? 0 : /^(tomorrow|내일)$/.test(t) ? 1 : /^(모레)$/.test(t) ? 2 : undefined;
  if (rel !== undefined) return today !== undefined && daysBetween(today, iso) === rel;
  const wd = isoDay(iso).getUTCDay();
  const en = new RegExp(`\\b(${WEEKDAYS_EN.join('|')})[a-z]*\\b`).exec(t);
  const ko = /(?:^|[\s(])([일월화수목금토])(?:요일)?(?:[\s)]|$)/.exec(t);
  const said = en ? WEEKDAYS_EN.indexOf(en[1] as string) : ko ? WEEKDAYS_KO.indexOf(ko[1] as string) : -1;
  const n = /(?:^|\D)(\d{1,2})(?:일)?(?:\D|$)/.exec(t);
  // a tab that is only a weekday ("Thu", "목요일"): the one in the coming week
  const ahead = today === undefined ? -1 : daysBetween(today, iso);
  if (said >= 0 && !n && /^(?:[a-z]{3,9}|[일월화수목금토](?:요일)?)$/.test(t)) return said === wd && ahead >= 0 && ahead <= 6;
  return said >= 0 && n !== null && Number(n[1]) === d && said === wd;
}

const dayButtonsOf = (model: PageModel) =>
  usableButtons(model).filter((b) => !b.regions.some((r) => r.startsWith('cal:') || r.startsWith('rec:')));

function arrow(buttons: Button[], forward: boolean, week: boolean | undefined): Button | undefined {
  const fits = buttons.filter((b) => (forward ? NEXT : PREV).test(b.text.trim()) && !/month|달|page|페이지/i.test(b.text));
  if (week === undefined) return fits[0];
  return fits.find((b) => WEEK.test(b.text) === week);
}

export function goToDay(iso: string, model: PageModel, mine: StepRecord[], now: Date, tz: string): SkillStep | 'none' {
  const buttons = dayButtonsOf(model);
  const today = whenOf('today', now, tz).date;
  const input = model.fields.find((f) => f.kind === 'date' && f.type === 'date' && !f.disabled && !f.readonly);
  // the page's own date box is what it shows when it has no date label of its own
  const shown = shownDates(model, now, tz);
  // a button that shows the day and opens a calendar ("Dec 1, 2026 ▾")
  const dateButton = buttons.find((b) => b.expanded !== null && b.text.length <= 40 && whenOf(b.text, now, tz).date);
  if (!shown.length && dateButton) shown.push(whenOf(dateButton.text, now, tz).date as string);
  if (!shown.length && input?.value) shown.push(input.value);
  const selected = buttons.find((b) => b.selected && buttonNamesDay(b.text, iso, today));
  if (shown.includes(iso) || selected) return 'done';
  const moves = verified(mine).filter((s) => s.why.includes('day:')).length;
  if (moves >= 20) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `The page did not reach ${iso} after ${moves} moves.` };
  const named = buttons.find((b) => buttonNamesDay(b.text, iso, today) && !b.selected);
  if (named) return act({ kind: 'click', handle: named.handle }, named.text, `day: "${named.text}" is ${iso}`, { kind: 'change' });
  const cal = model.calendars[0];
  if (cal) {
    const step = dayStep(cal, iso, 'day:');
    if (step !== 'done' && step.type === 'act') return { ...step, why: `day: ${step.why}` };
    return step;
  }
  // a date box that takes the day: set it (the page redraws on its change, or on its own "Go")
  const typed = input ? verified(mine).some((s) => s.action.kind === 'fill' && s.action.handle === input.handle) : false;
  if (input && input.value !== iso && !typed) {
    const step = setDate(input, iso, model, mine);
    if (step !== 'done' && step.type === 'act') return { ...step, expect: { kind: 'change' }, why: `day: ${step.why}` };
  }
  if (input && input.value === iso && typed && !mine.some((s) => s.why.includes('day: show'))) {
    const go = buttons.find((b) => GO.test(normText(b.text)));
    if (go) return act({ kind: 'click', handle: go.handle }, go.text, `day: show ${iso} with "${go.text}"`, { kind: 'change' });
  }
  const from = shown[0];
  // a strip of days with its own week arrows: the week first, then the day in it
  const strip = buttons.filter(
    (b) => /\d/.test(b.text) && (dayShown(b.text) || /[a-z]{3}|[일월화수목금토]/i.test(b.text)) && b.text.length <= 16,
  );
  const diff = daysBetween(from ?? today ?? iso, iso);
  const opener = buttons.find((b) => (OPENER.test(`${b.text}`) || b === dateButton) && b.expanded !== true);
  if (opener && Math.abs(diff) > 3 && !mine.some((s) => s.why.includes('day: open the calendar')))
    return act({ kind: 'click', handle: opener.handle }, opener.text, 'day: open the calendar', { kind: 'change' });
  // with no date shown, only an arrow that says it moves by days or weeks (not a results page's "Next ›")
  const moving = from ? buttons : buttons.filter((b) => /day|date|week|날|주|일/i.test(b.text));
  const weekly = strip.length >= 3 ? arrow(moving, diff > 0, true) : undefined;
  const step = weekly ?? arrow(moving, diff > 0, false) ?? arrow(moving, diff > 0, undefined);
  if (step && diff !== 0)
    return act(
      { kind: 'click', handle: step.handle },
      step.text,
      `day: ${iso} is ${diff > 0 ? 'after' : 'before'} ${from ?? 'the day shown'}`,
      {
        kind: 'change',
      },
    );
  if (opener && !mine.some((s) => s.why.includes('day: open the calendar')))
    return act({ kind: 'click', handle: opener.handle }, opener.text, 'day: open the calendar', { kind: 'change' });
  return 'none';
}
