import type { PageModel } from '../page-model/types.ts';
import { dayChips } from './day-chips.ts';

/**
 * A day the person leaves to the page: "제일 빨리 와 주실 수 있는 날짜로", "the earliest day you have",
 * "가장 빠른 날짜에" — the earliest day the page still offers, and when a part of the day is said
 * with it ("아침 중에 가장 빠른 …"), the earliest day whose chip shows that part still open.
 */
export interface DayWish {
  /** the part of the day said with it ("오전", "morning"), read on each day's chip */
  part?: string;
  words: string;
}

const EARLIEST_DAY =
  /(?:제일|가장|최대한)\s*(?:빨리|빠른|일찍)\s*(?:\S+\s+){0,4}?(?:날짜|날|일자|요일)(?:로|에|으로)?|(?:earliest|soonest|first)\s+(?:available\s+|free\s+|open\s+|possible\s+)?(?:day|date)\b(?:\s+(?:possible|available|you have|you've got|you can do))?|as soon as (?:possible|you can)|\basap\b/i;
const PART = /(오전|오후|아침|저녁|morning|afternoon|evening)/i;
/** A mark a day's chip puts after a part of the day: open or full. */
const OPEN = /^\s*[:：]?\s*(?:○|◯|o\b|✓|✔|가능|여유|open|available|free)/i;
const FULL = /^\s*[:：]?\s*(?:×|✕|✖|x\b|마감|full|sold\s*out|closed|없음)/i;

export function dayWishOf(text: string): DayWish | undefined {
  const m = EARLIEST_DAY.exec(text);
  if (!m) return undefined;
  const part = PART.exec(text)?.[1];
  return { ...(part ? { part } : {}), words: m[0].trim() };
}

/** The words of a piece left once the wish is taken out ("아침 중에 가장 빠른 날짜로 설치 신청" → "설치 신청"). */
export function besideDayWish(piece: string): string {
  return piece
    .replace(EARLIEST_DAY, ' ')
    .replace(/(?:오전|오후|아침|저녁)\s*(?:중에|중으로|중|에)?|\b(?:in the\s+)?(?:morning|afternoon|evening)\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The ISO day a chip shows, the first on or after today that fits its month and day (and weekday). */
function isoOf(c: { d: number; wd?: number; md?: string }, today: Date): string | undefined {
  for (let i = 0; i < 400; i++) {
    const t = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + i));
    const md = `${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
    if (c.md ? c.md === md : t.getUTCDate() === c.d && (c.wd === undefined || c.wd === t.getUTCDay())) return `${t.getUTCFullYear()}-${md}`;
  }
  return undefined;
}

/**
 * The earliest day the page's row of day chips still offers for the wish, as "YYYY-MM-DD": a
 * chip not disabled, and when a part of the day was said, one whose words show that part open
 * ("3/4 (수) 오전 ○ 오후 ×"), never one that shows it full. Undefined when the page has no row
 * of day chips or none fits.
 */
export function earliestDay(wish: DayWish, model: PageModel, now: Date, tz: string): string | undefined {
  const local = new Date(now.toLocaleString('en-US', { timeZone: tz }));
  const today = new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()));
  const days = dayChips(model)
    .filter((c) => !c.disabled)
    .map((c) => ({ c, iso: isoOf(c, today) }))
    .filter((x): x is { c: (typeof x)['c']; iso: string } => x.iso !== undefined)
    .sort((a, b) => a.iso.localeCompare(b.iso));
  const fits = days.filter(({ c }) => {
    const marks = [...c.text.matchAll(new RegExp(PART.source, 'gi'))];
    if (wish.part) {
      const at = marks.find((m) => m[1]?.toLowerCase() === wish.part?.toLowerCase());
      if (!at) return marks.length === 0;
      const after = c.text.slice((at.index ?? 0) + at[0].length);
      return OPEN.test(after) && !FULL.test(after);
    }
    // (a day whose every part shows full is no day to take)
    return !marks.length || marks.some((m) => OPEN.test(c.text.slice((m.index ?? 0) + m[0].length)));
  });
  return fits[0]?.iso ?? (wish.part ? undefined : earliestOnCalendar(model, today));
}

/** The first day a calendar of one month still offers, from today on (a greyed or other month's day is none). */
function earliestOnCalendar(model: PageModel, today: Date): string | undefined {
  const cal = model.calendars.find((c) => c.months.length === 1);
  const month = cal?.months[0];
  if (!cal || !month) return undefined;
  const iso = (d: number) => `${month.year}-${pad(month.month)}-${pad(d)}`;
  const from = today.toISOString().slice(0, 10);
  const open = cal.days.filter((d) => !d.disabled && !d.dim && iso(d.day) >= from).sort((a, b) => a.day - b.day);
  return open[0] ? iso(open[0].day) : undefined;
}
