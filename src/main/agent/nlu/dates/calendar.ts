/** Calendar days in the user's time zone: "today", day arithmetic and weekdays, no clock times. */

export interface Day {
  y: number;
  m: number; // 1..12
  d: number;
}

/** Today's date where the user is (not where the machine is). */
const FORMATS = new Map<string, Intl.DateTimeFormat>();

export function todayIn(now: Date, tz: string): Day {
  let format = FORMATS.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (FORMATS.size < 64) FORMATS.set(tz, format);
  }
  const s = format.format(now);
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  return { y, m, d };
}

function toUtc(day: Day): number {
  return Date.UTC(day.y, day.m - 1, day.d);
}

function fromUtc(ms: number): Day {
  const t = new Date(ms);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

export function addDays(day: Day, n: number): Day {
  return fromUtc(toUtc(day) + n * 86_400_000);
}

export function compareDays(a: Day, b: Day): number {
  return toUtc(a) - toUtc(b);
}

/** Monday = 0 … Sunday = 6. */
export function weekday(day: Day): number {
  return (new Date(toUtc(day)).getUTCDay() + 6) % 7;
}

export function isoDay(day: Day): string {
  return `${day.y}-${String(day.m).padStart(2, '0')}-${String(day.d).padStart(2, '0')}`;
}

export function parseIsoDay(s: string): Day | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  return m ? { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) } : undefined;
}

function valid(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Month and day without a year: this year, or next year when it has passed. */
export function monthDay(today: Day, m: number, d: number): Day | undefined {
  if (!valid(today.y, m, d) && !valid(today.y + 1, m, d)) return undefined;
  const day = { y: today.y, m, d };
  return compareDays(day, today) < 0 ? { y: today.y + 1, m, d } : day;
}

/** A day of the month without a month: this month, or next month when it has passed. */
export function dayOfMonth(today: Day, d: number): Day | undefined {
  if (d < 1 || d > 31) return undefined;
  let y = today.y;
  let m = today.m;
  if (d < today.d) {
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  for (let i = 0; i < 3; i++) {
    if (valid(y, m, d)) return { y, m, d };
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return undefined;
}

/** The Monday of the week `offset` weeks from this one. */
export function mondayOf(today: Day, offset: number): Day {
  return addDays(today, -weekday(today) + 7 * offset);
}

/** A weekday in a given week ("다음주 금요일"), or its next occurrence when `week` is undefined. */
export function weekdayDate(today: Day, wd: number, week: 'this' | 'next' | 'after_next' | undefined): Day {
  if (week === undefined) return addDays(today, (wd - weekday(today) + 7) % 7);
  const offset = week === 'this' ? 0 : week === 'next' ? 1 : 2;
  const day = addDays(mondayOf(today, offset), wd);
  return week === 'this' && compareDays(day, today) < 0 ? addDays(day, 7) : day;
}
