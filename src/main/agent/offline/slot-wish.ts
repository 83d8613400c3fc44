import type { PageModel } from '../page-model/types.ts';
import { clockOf, minutesOfDay, timeButtons, timeChoices, timeField } from './when.ts';

/**
 * A time the person leaves to the page's free slots instead of naming one: "가장 빠른 시간대로",
 * "아침에 빈 시간 아무 때나", "soonest opening after 4pm", "the first free morning slot". Read
 * as a span of the day (minutes from midnight) in which the earliest slot the page still offers
 * is taken. A bare part of the day ("오후에") is not such a wish: it names no slot.
 */
export interface SlotWish {
  from: number;
  to: number;
  /** the clock times said as its bounds ("after 4pm"): not a time to book */
  bounds: number[];
  /** the words that said it, for a question when no slot fits */
  words: string;
  /** only a part of the day was said ("모레 아침에"): taken when the page offers exactly one slot in it */
  only?: boolean;
}

/** (with a word for a slot or a time: "the earliest departure" is a result to pick, not a slot) */
const EARLIEST =
  /(?:제일|가장)\s*빠른\s*(?:시간|타임|슬롯|때)|최대한\s*빨리|빠른\s*시간|비어\s*있는\s*(?:시간|타임)|빈\s*(?:시간|타임)|(?:가능한|되는|비는|남은)\s*(?:시간대?|타임)|(?:earliest|soonest|first)\s+(?:\w+\s+)?(?:slot|time|opening|appointment)s?|(?:any|a|the)\s+(?:free|open|available)\s+(?:slot|time)|(?:free|open|available)\s+slot/i;

const PARTS: Array<[RegExp, number, number]> = [
  [/오전|아침|morning/i, 0, 12 * 60],
  [/점심|lunch/i, 11 * 60, 14 * 60],
  [/오후|afternoon/i, 12 * 60, 18 * 60],
  [/저녁|evening/i, 17 * 60, 22 * 60],
  [/\bnight\b|밤/i, 18 * 60, 24 * 60],
];

const EN_BOUND = /\b(after|before|from|by)\s+(?:(noon)|(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)|(\d{1,2}):(\d{2}))/i;
const KO_BOUND = /(오전|오후)?\s*(\d{1,2})시\s*(?:(\d{1,2})분|반)?\s*(이후|넘어서|지나서|부터|이전|전|까지)/;

/** "after 2pm", "2시 이후", "오후 3시 넘어서"; "before noon", "11시 전". */
function bound(text: string): { after?: number; before?: number } {
  const out: { after?: number; before?: number } = {};
  // (a clock time only — with am/pm, minutes or "noon" — never a day: "from 20 December")
  const en = EN_BOUND.exec(text);
  if (en) {
    const h = en[2] ? 12 : Number(en[3] ?? en[6]);
    const min = Number(en[4] ?? en[7] ?? 0);
    const pm = !!en[2] || !!en[5]?.toLowerCase().startsWith('p');
    const m = (en[6] ? h : (h % 12) + (pm ? 12 : 0)) * 60 + min;
    if (/after|from/i.test(en[1] ?? '')) out.after = m;
    else out.before = m;
  }
  const ko = KO_BOUND.exec(text);
  if (ko) {
    const h = Number(ko[2]);
    const pm = ko[1] === '오후' || (!ko[1] && h >= 1 && h <= 7);
    const m = ((h % 12) + (pm ? 12 : 0)) * 60 + (ko[3] ? Number(ko[3]) : /반/.test(ko[0]) ? 30 : 0);
    if (/이후|넘어서|지나서|부터/.test(ko[4] ?? '')) out.after = m;
    else out.before = m;
  }
  return out;
}

export function slotWishOf(text: string): SlotWish | undefined {
  const earliest = EARLIEST.exec(text);
  const b = bound(text);
  if (!earliest && b.after === undefined && b.before === undefined) return undefined;
  let from = 0;
  let to = 24 * 60;
  // (the half of the day a bound is said in — "오후 4시 이후" — is the bound's, not a span of its own)
  const spans = text.replace(KO_BOUND, ' ').replace(EN_BOUND, ' ');
  for (const [re, f, t] of PARTS) {
    if (!re.test(spans)) continue;
    from = f;
    to = t;
    break;
  }
  if (b.after !== undefined) from = Math.max(from, b.after);
  if (b.before !== undefined) to = Math.min(to, b.before);
  if (from >= to) return undefined;
  const bounds = [b.after, b.before].filter((x): x is number => x !== undefined);
  return { from, to, bounds, words: (earliest?.[0] ?? '').trim() || text.trim() };
}

/**
 * A part of the day said with no clock time ("모레 아침에 …", "Saturday afternoon"): a wish that
 * holds only when the page offers exactly one slot in that part — two morning times are asked
 * about, never guessed. Undefined when a clock time is said or no part of the day is.
 */
export function partOfDayWish(text: string, clockSaid: boolean): SlotWish | undefined {
  if (clockSaid) return undefined;
  for (const [re, from, to] of PARTS) {
    const m = re.exec(text);
    if (m) return { from, to, bounds: [], words: m[0], only: true };
  }
  return undefined;
}

/** Whether a clock time read from the words ("14:00", or "02:00|14:00") is only the wish's bound. */
export function boundOnly(wish: SlotWish, time: string): boolean {
  return time.split('|').some((t) => wish.bounds.includes(minutesOfDay(t)));
}

/** The words of a piece left once the wish is taken out ("soonest opening after 4pm please" → ""). */
export function besideWish(piece: string): string {
  return piece
    .replace(EARLIEST, ' ')
    .replace(/\b(?:after|before|from|by)\s+(?:noon|\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?)/gi, ' ')
    .replace(/(?:오전|오후)?\s*\d{1,2}시\s*(?:\d{1,2}분|반)?\s*(?:이후|넘어서|지나서|부터|이전|전|까지)/g, ' ')
    .replace(/오전|오후|아침|점심|저녁|밤|morning|afternoon|evening|night|lunch/gi, ' ')
    .replace(
      /\b(?:slot|slots|time|times|one|the|a|an|in|on|at|pls|please|possible|available|free|open|works?|best|is|fine|ok|that'?s|that|which|there|left|you|have|got)\b|시간(?:대|으로|에|이면|이요)?|중(?:에|으로)?|(?:으로|로)\s*(?:잡아|해|예약)\S*|으로|로|요$/gi,
      ' ',
    )
    .replace(/[,.!?]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The earliest slot the page still offers within the wish, as "HH:MM"; undefined when none does. */
export function wishedTime(wish: SlotWish, model: PageModel): string | undefined {
  const offered: string[] = [];
  for (const b of timeButtons(model)) offered.push(clockOf(b.text) as string);
  const enabled = new Set(model.fields.filter((f) => !f.disabled).map((f) => f.handle));
  for (const o of timeChoices(model)) if (enabled.has(o.handle)) offered.push(clockOf(o.label) as string);
  const field = timeField(model);
  for (const o of field?.options ?? []) {
    const t = o.disabled ? undefined : (clockOf(o.label) ?? clockOf(o.value));
    if (t) offered.push(t);
  }
  const fits = [...new Set(offered.filter((t) => minutesOfDay(t) >= wish.from && minutesOfDay(t) < wish.to))].sort(
    (a, b) => minutesOfDay(a) - minutesOfDay(b),
  );
  return wish.only && fits.length !== 1 ? undefined : fits[0];
}

/** A choice that is a part of the day ("아침 (8시~11시)", "Afternoon 1–5pm", "저녁"): the part's span. */
function periodSpan(label: string): [number, number] | undefined {
  const t = label.trim();
  for (const [re, from, to] of PARTS) if (new RegExp(`^(?:${re.source})`, 'i').test(t)) return [from, to];
  return clockRange(t);
}

/** A window said as two clock times ("7am – 11am", "1 – 5pm", "오후 2시~6시", "08:00-10:00"): minutes after midnight, from and to. */
const RANGE = /^(오전|오후)?\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm|시)?\s*[-–—~]\s*(오전|오후)?\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm|시)?$/i;
function clockRange(t: string): [number, number] | undefined {
  const m = RANGE.exec(t);
  if (!m) return undefined;
  const half = (ko: string | undefined, en: string | undefined) =>
    ko === '오후' || /pm/i.test(en ?? '') ? 'pm' : ko === '오전' || /am/i.test(en ?? '') ? 'am' : undefined;
  const h1 = Number(m[2]);
  const h2 = Number(m[6]);
  const end = half(m[5] ?? m[1], m[8]);
  // (the start takes the end's half of the day when it is said once: "1 – 4pm"; "11 – 2pm" starts in the morning)
  const start = half(m[1], m[4]) ?? (end === 'pm' && h1 % 12 > h2 % 12 ? 'am' : end);
  const at = (h: number, min: string | undefined, ap: string | undefined) =>
    ((ap ? h % 12 : h) + (ap === 'pm' ? 12 : 0)) * 60 + Number(min ?? 0);
  const from = at(h1, m[3], start);
  const to = at(h2, m[7], end);
  return from < to && to <= 24 * 60 ? [from, to] : undefined;
}

/**
 * The wished slot when the page offers parts of the day instead of clock times (radios or
 * buttons "아침 (8시~11시)" / "오후 (1시~5시)"): the earliest part it still offers (enabled)
 * that falls within the wish, by its label. Undefined when none, or when a part alone was said
 * and more than one fits.
 */
export function wishedPeriod(wish: SlotWish, model: PageModel): string | undefined {
  const enabled = new Set(model.fields.filter((f) => !f.disabled).map((f) => f.handle));
  const labels = [
    ...model.groups.filter((g) => g.kind === 'radio').flatMap((g) => g.options.filter((o) => enabled.has(o.handle)).map((o) => o.label)),
    ...model.buttons.filter((b) => !b.disabled && b.kind !== 'link' && b.choice).map((b) => b.text),
    // (buttons that each show a window of clock times are choices by what they say)
    ...model.buttons.filter((b) => !b.disabled && b.kind !== 'link' && !b.choice && clockRange(b.text.trim())).map((b) => b.text),
  ];
  const fits = labels
    .map((l) => ({ l, span: periodSpan(l) }))
    // (a part that starts within the wish: "10:30 – 12:30" is the morning's, not the afternoon's)
    .filter((x): x is { l: string; span: [number, number] } => !!x.span && x.span[0] >= wish.from && x.span[0] < wish.to)
    .sort((a, b) => a.span[0] - b.span[0]);
  if (fits.length < 1 || (wish.only && fits.length !== 1)) return undefined;
  return fits[0]?.l;
}
