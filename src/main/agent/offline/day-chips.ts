import type { StepRecord } from '../loop/actions.ts';
import type { PageModel } from '../page-model/types.ts';
import { dayShown } from './day-words.ts';
import { act, type SkillStep, verified } from './skills/step.ts';

/** One day of a row of day chips: a radio or a button whose words are a day ("화 1", "Thu 3", "12.3 (목)"). */
export interface DayChip {
  handle: string;
  text: string;
  /** day of the month */
  d: number;
  /** 0 (Sunday) … 6, when the chip says it */
  wd?: number;
  /** "MM-DD", when the chip says its month */
  md?: string;
  disabled: boolean;
  selected: boolean;
  /** a radio (verified by being checked) or a button (verified by the page changing) */
  radio: boolean;
}

const KO_WD = ['일', '월', '화', '수', '목', '금', '토'];
const EN_WD = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const WD = '(일|월|화|수|목|금|토)(?:요일)?|(sun|mon|tue|wed|thu|fri|sat)[a-z]*\\.?';

/** The day a chip's words show: "화 1", "1 (화)", "1일 화요일", "Thu 3", "3 Thu", "오늘 1 화", or a month and day. */
export function chipDay(words: string): Pick<DayChip, 'd' | 'wd' | 'md'> | undefined {
  const w = words
    .toLowerCase()
    .replace(/^(?:오늘|내일|모레|today|tomorrow)\s*[·,]?\s*/, '')
    .replace(/[()[\]·,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const md = dayShown(words);
  const wdOf = (ko?: string, en?: string) => (ko ? KO_WD.indexOf(ko) : en ? EN_WD.indexOf(en) : -1);
  const a = new RegExp(`^(?:${WD})\\s*(\\d{1,2})\\s*일?$`).exec(w);
  const b = new RegExp(`^(\\d{1,2})\\s*일?\\s*(?:${WD})$`).exec(w);
  if (a) return { d: Number(a[3]), wd: wdOf(a[1], a[2]), ...(md ? { md } : {}) };
  if (b) return { d: Number(b[1]), wd: wdOf(b[2], b[3]), ...(md ? { md } : {}) };
  if (md) {
    const wd = new RegExp(`(?:^|\\s)(?:${WD})(?:\\s|$)`).exec(w);
    const x = wd ? wdOf(wd[1], wd[2]) : -1;
    return { d: Number(md.slice(3)), md, ...(x >= 0 ? { wd: x } : {}) };
  }
  return undefined;
}

/**
 * A row of day chips: three or more radios or buttons (outside calendars) each showing one day,
 * at least one with its weekday or its month (a bare number is no day). Closed days are the
 * disabled ones.
 */
export function dayChips(model: PageModel): DayChip[] {
  const out: DayChip[] = [];
  for (const f of model.fields) {
    if (f.kind !== 'radio') continue;
    const day = chipDay(f.label);
    if (day && day.d >= 1 && day.d <= 31)
      out.push({ handle: f.handle, text: f.label, ...day, disabled: f.disabled, selected: f.checked === true, radio: true });
  }
  for (const b of model.buttons) {
    if (b.kind === 'link' || b.regions.some((r) => /^(?:f\d+\.)?cal:/.test(r))) continue;
    const day = chipDay(b.text);
    if (day && day.d >= 1 && day.d <= 31)
      out.push({ handle: b.handle, text: b.text, ...day, disabled: b.disabled, selected: b.selected, radio: false });
  }
  return out.length >= 3 && out.some((c) => c.wd !== undefined || c.md) ? out : [];
}

/** Whether a chip shows the ISO day: its month and day, else its day and (when it says one) its weekday. */
function shows(c: DayChip, iso: string): boolean {
  if (c.md) return c.md === iso.slice(5, 10);
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return c.d === d && (c.wd === undefined || c.wd === new Date(Date.UTC(y, m - 1, d)).getUTCDay());
}

/**
 * The day chip that shows the errand's day, pressed once: undefined when the page has no row of
 * day chips or the day is not among them; a stop that says so when the day is shown but closed.
 */
export function pickDayChip(iso: string, model: PageModel, mine: StepRecord[]): SkillStep | undefined {
  const chips = dayChips(model);
  if (!chips.length) return undefined;
  const c = chips.find((x) => shows(x, iso));
  // not among the days shown: the row's own paging (or another place for the day) is for the caller
  if (!c) return undefined;
  if (c.selected || verified(mine).some((s) => s.why.includes(`day chip: ${iso}`))) return 'done';
  if (c.disabled)
    return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `"${c.text}" (${iso}) cannot be chosen on this page: it is closed.` };
  return act(
    { kind: 'click', handle: c.handle },
    c.text,
    `day chip: ${iso} is "${c.text}"`,
    c.radio ? { kind: 'checked', handle: c.handle, checked: true } : { kind: 'change' },
  );
}
