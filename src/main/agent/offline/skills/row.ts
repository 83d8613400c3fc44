import type { StepRecord } from '../../loop/actions.ts';
import type { Button, PageModel, ResultRecord } from '../../page-model/types.ts';
import { parseClock } from '../../page-model/values.ts';
import { closedWeekdays } from '../day-words.ts';
import { sameMeaning, translated } from '../glossary.ts';
import { coverage, normText, similarity } from '../refs.ts';
import { buttonAction, type RowRequest } from '../row-words.ts';
import { dayShown, minutesOfDay } from '../when.ts';
import { buttonNamesDay, goToDay } from './day-nav.ts';
import { act, type SkillStep, verified } from './step.ts';

/**
 * "Book" on the row the person named, not on another: the day is opened first when one was
 * said, then among the rows that carry a button for the action (a full class has "Join
 * waitlist", not "Book") the ones that show every word said (a kind, a person, a title), the
 * clock time said, and — for a superlative or when asked — are not marked sold, reserved or
 * full; the earliest, latest, cheapest or priciest of them; and that row's own button is pressed.
 */
const TAKEN = /예약\s*중|판매\s*완료|거래\s*완료|품절|매진|마감|\bsold(?:\s+out)?\b|\breserved\b|\bfull\b|unavailable|no longer available/i;

/** Whether a record shows a word, in its own language or the other ("수영" on a row saying "Swimming"). */
export function rowShows(r: ResultRecord, word: string): boolean {
  const text = normText(r.text);
  const w = normText(word);
  if (!w) return true;
  if (w.includes(' ')) return text.includes(w) || coverage(word, [r.text]) >= 0.75;
  // "bikes" on a row that says "bike"
  const stem = /^[a-z]{4,}$/.test(w) ? w.replace(/(?:es|s)$/, '') : w;
  return [...sameMeaning(w).split('|'), ...translated(w), stem].some((alt) => {
    const a = normText(alt);
    return a.length > 0 && (/[가-힣]/.test(a) ? text.includes(a) : new RegExp(`\\b${a.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(text));
  });
}

const like = (words: string, text: string) => similarity(words, [text], false);

/** Whether a button does the action: known by the action's words, or the very words every row's own button shows ("Options"). */
const carries = (b: Button, action: string) => buttonAction(b.text, like) === action || normText(b.text) === normText(action);

/** The record's own button for the action ("Book", "Join waitlist", "채팅하기", "가격 제안"). */
export function rowButton(r: ResultRecord, action: string): Button | undefined {
  return r.actions
    .filter((b) => !b.disabled && carries(b, action))
    .map((b) => ({ b, s: similarity(action, [b.text]) }))
    .sort((a, b) => b.s - a.s)[0]?.b;
}

/** A row's clock time: as typed from its cells, or said as "7 AM" / "19시". */
function timeOf(r: ResultRecord): number | undefined {
  if (r.values.time !== undefined) return r.values.time;
  for (const c of r.cells) {
    const ap = /\b(\d{1,2})\s?([ap])\.?m\.?(?![a-z])/i.exec(c);
    if (ap) return ((Number(ap[1]) % 12) + (ap[2]?.toLowerCase() === 'p' ? 12 : 0)) * 60;
    const ko = /(?<![\d:])(\d{1,2})시(?:\s?(\d{1,2})분)?/.exec(c);
    if (ko && Number(ko[1]) < 24) return Number(ko[1]) * 60 + Number(ko[2] ?? 0);
  }
  return undefined;
}

/** The row a request names among the records shown, with its button; or why none fits. */
export function chooseRow(req: RowRequest, model: PageModel, onDay?: string): { row: ResultRecord; button: Button } | { why: string } {
  const records = model.lists.flatMap((l) => l.records);
  let pool = records.filter((r) => rowButton(r, req.action));
  if (!pool.length) return { why: `no row here has a "${req.action.split('|')[0]}" button` };
  // a word no row shows names no row when the page says it elsewhere (its own heading, a field, an
  // option: "수업" on a page of teachers), or it only asks or counts ("부탁드려요", "1시간"): it does
  // not rule every row out. A word the page shows nowhere still does: that row is not here.
  const shown = req.words.filter((w) => pool.some((r) => rowShows(r, w)));
  const elsewhere = normText(
    [
      model.title,
      ...model.headings,
      ...model.fields.flatMap((f) => [f.label, ...(f.options ?? []).map((o) => o.label)]),
      ...model.buttons.map((b) => b.text),
    ].join(' '),
  );
  const naming = req.words.filter(
    (w) =>
      !shown.includes(w) && !elsewhere.includes(normText(w)) && !/\d|(?:요|다|세요|니다|해|줘|주세요)$/.test(w) && normText(w).length >= 2,
  );
  pool = naming.length ? [] : pool.filter((r) => shown.every((w) => rowShows(r, w)));
  if (!pool.length) return { why: `no row shows ${req.words.map((w) => `"${w}"`).join(', ')}` };
  // a page of every day at once: the rows that show the day said
  if (onDay) {
    const md = onDay.slice(5);
    const dated = pool.filter((r) => r.cells.some((c) => dayShown(c.toLowerCase())));
    if (dated.length) pool = dated.filter((r) => r.cells.some((c) => dayShown(c.toLowerCase()) === md));
    if (!pool.length) return { why: `no such row on ${onDay}` };
  }
  // a row that says it is closed on the day's weekday ("수·토요일 휴무") is not that day's
  const day = onDay ?? req.date;
  if (day) {
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const wd = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    pool = pool.filter((r) => !closedWeekdays(r.text).has(wd));
    if (!pool.length) return { why: `every such row is closed on ${day}` };
  }
  if (req.part) {
    const [from, to] = req.part;
    const timed = pool.filter((r) => timeOf(r) !== undefined);
    if (timed.length) pool = timed.filter((r) => (timeOf(r) as number) >= from && (timeOf(r) as number) < to);
    if (!pool.length) return { why: 'no such row at that time of day' };
  }
  if (req.time) {
    const said = minutesOfDay(req.time);
    const at = (want: number) => pool.filter((r) => timeOf(r) === want || r.cells.some((c) => parseClock(c) === want));
    // "at 6:30" with no half of the day: the evening one when no row is at 6:30 in the morning
    const want = !at(said).length && req.either && said < 12 * 60 ? said + 12 * 60 : said;
    // (rows that show no time at all are not told apart by one: the time is for what the row opens)
    const timed = pool.some((r) => timeOf(r) !== undefined || r.cells.some((c) => parseClock(c) !== undefined));
    if (timed) pool = at(want);
    if (!pool.length) return { why: `no such row at ${req.time}` };
  }
  if (req.available || req.by === 'cheapest' || req.by === 'priciest') {
    const open = pool.filter((r) => !TAKEN.test(r.cells.filter((c) => !r.actions.some((a) => a.text === c)).join(' ')));
    if (open.length || req.available) pool = open;
    if (!pool.length) return { why: 'every such row is marked sold, reserved or full' };
  }
  const key = (r: ResultRecord) => (req.by === 'earliest' || req.by === 'latest' ? timeOf(r) : r.values.money);
  if (req.by) {
    const keyed = pool.filter((r) => key(r) !== undefined);
    const high = req.by === 'latest' || req.by === 'priciest';
    keyed.sort((a, b) => (high ? -1 : 1) * ((key(a) as number) - (key(b) as number)));
    // no row shows what to compare: the superlative is about something inside a row (its time slots)
    if (!keyed.length) return { why: `no row shows a ${req.by === 'earliest' || req.by === 'latest' ? 'time' : 'price'} to compare` };
    pool = keyed;
  }
  const row = pool[0] as ResultRecord;
  // a row of several cells each with its own button (a week of days side by side): the one whose
  // column names the day or a word said; no guess between them
  const own = row.actions.filter((b) => !b.disabled && carries(b, req.action));
  const cols = new Set(own.map((b) => b.cell?.col ?? ''));
  if (own.length > 1 && cols.size > 1) {
    const day = onDay ?? req.date;
    const named = own.filter(
      (b) =>
        (day && b.cell && buttonNamesDay(b.cell.col, day)) ||
        (b.cell && req.words.some((w) => normText(b.cell?.col ?? '').includes(normText(w)))),
    );
    if (named.length !== 1) return { why: `the row has ${own.length} "${own[0]?.text}" buttons and nothing said tells which` };
    return { row, button: named[0] as Button };
  }
  return { row, button: rowButton(row, req.action) as Button };
}

export function rowAction(req: RowRequest, model: PageModel, mine: StepRecord[], now: Date, tz: string): SkillStep {
  if (verified(mine).some((s) => s.why.includes('row:'))) return 'done';
  let onDay: string | undefined;
  if (req.date) {
    const day = goToDay(req.date, model, mine, now, tz);
    if (day !== 'done' && day !== 'none') return day;
    if (day === 'none') onDay = req.date;
  }
  const chosen = chooseRow(req, model, onDay);
  if ('why' in chosen) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `No row fits: ${chosen.why}.` };
  const { row, button } = chosen;
  const words = row.cells
    .filter((c) => c !== button.text)
    .slice(0, 4)
    .join(' · ');
  return act({ kind: 'click', handle: button.handle }, button.text, `row: "${words}" fits; press its own "${button.text}"`, {
    kind: 'change',
  });
}
