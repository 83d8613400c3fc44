import { normText } from './refs.ts';
import { whenOf } from './when.ts';

/**
 * A request for hours of one resource on a grid of rooms × hours: "Reserve Room 3 on May
 * 2nd from 1 to 3pm", "5월 2일 세미나실 2를 제일 빠른 빈 시간으로 2시간 예약해줘",
 * "select Room 1 on May 4 from 9 to 11 but don't book it yet". The row is one of the
 * grid's own row names said in the request; hours without a half of the day are read as the
 * ones the grid has.
 */
export interface SlotRequest {
  row: string;
  date?: string;
  /** minutes after midnight: the first hour, and the end of the last */
  from?: number;
  to?: number;
  hours?: number;
  earliest?: boolean;
  /** select only: do not go on to book */
  hold?: boolean;
}

const HOLD =
  /\b(?:don'?t|do not)\s+(?:book|reserve|confirm|submit|send)|\bnot\s+(?:book|reserve|confirm)\w*\s+(?:it\s+|them\s+)?yet\b|\bwithout\s+(?:booking|reserving|confirming)|\bjust\s+(?:select|pick|hold)\b|예약(?:은|하지)?\s*(?:말고|하지\s*마|아직)|선택만|골라만|아직\s*예약/i;
const EARLIEST = /\bearliest\b|\bfirst\s+(?:free|open|available)\b|\bsoonest\b|(?:가장|제일)\s*(?:빠른|이른)/i;
/** "from 2 to 4pm", "14:00–16:00", "9am-11am" (not a phone number's "010-9876"). */
const RANGE_EN =
  /(?:from\s+)?(?<![\d-])([01]?\d|2[0-4])(?::(\d{2}))?\s*([ap]\.?m\.?)?\s*(?:to|until|till|-|–|~)\s*([01]?\d|2[0-4])(?::(\d{2}))?(?![\d-])\s*([ap]\.?m\.?)?/i;
const RANGE_KO =
  /(오전|오후)?\s*(\d{1,2})시(?:\s*(\d{1,2})분|\s*반)?\s*(?:부터|에서|~|-)\s*(오전|오후)?\s*(\d{1,2})시(?!간)(?:\s*(\d{1,2})분|\s*반)?/;

/** An hour said without its half of the day: the one the grid has (2 → 14:00 on a 9–18 grid). */
function hourOf(h: number, m: number, half: string | undefined, starts: number[]): number {
  if (half) {
    const pm = /^p|오후/i.test(half);
    return ((h % 12) + (pm ? 12 : 0)) * 60 + m;
  }
  const plain = h * 60 + m;
  const late = (h + 12) * 60 + m;
  if (h < 12 && !starts.includes(plain) && (starts.includes(late) || starts.some((s) => s > plain + 6 * 60))) return late;
  return plain;
}

export function slotRequestOf(said: string, rows: string[], starts: number[], now: Date, tz: string): SlotRequest | undefined {
  // "from 10 to noon", "정오까지": the hours those words name
  const text = said
    .replace(/\b(?:noon|midday)\b/gi, '12pm')
    .replace(/\bmidnight\b/gi, '12am')
    .replace(/정오/g, '오후 12시');
  const t = normText(text);
  const tokens = new Set(t.split(' '));
  const bare = (r: string) => normText(r.replace(/\(.*?\)/g, ''));
  const byLength = [...rows].sort((a, b) => b.length - a.length);
  // the row's whole name, or (said shorter) its last two words when no other row ends so: "Room B" for "Study Room B"
  const tail = (r: string) => bare(r).split(' ').slice(-2).join(' ');
  const named =
    byLength.find((r) => {
      const n = bare(r);
      return t.includes(n) || n.split(' ').every((w) => tokens.has(w) || [...tokens].some((x) => x.startsWith(w) && /[가-힣]/.test(x)));
    }) ??
    byLength.find(
      (r) =>
        tail(r).includes(' ') &&
        new RegExp(`(?:^|\\s)${tail(r).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|\\s)`).test(t) &&
        rows.filter((o) => tail(o) === tail(r)).length === 1,
    );
  if (!named) return undefined;
  const dateless = text
    .replace(/\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b/gi, ' ')
    .replace(/\b\d{4}-\d{1,2}-\d{1,2}\b/g, ' ');
  const ko = RANGE_KO.exec(text);
  const en = ko ? null : RANGE_EN.exec(dateless);
  const range = ko?.[0] ?? en?.[0];
  const when = whenOf(range ? text.replace(range, ' ') : text, now, tz);
  let from: number | undefined;
  let to: number | undefined;
  if (ko) {
    from = hourOf(Number(ko[2]), ko[3] ? Number(ko[3]) : 0, ko[1], starts);
    to = hourOf(
      Number(ko[5]),
      ko[6] ? Number(ko[6]) : 0,
      ko[4] ?? (ko[1] && Number(ko[5]) > Number(ko[2]) ? ko[1] : undefined),
      starts.map((s) => s + 60),
    );
  } else if (en) {
    // "2 to 4pm": the half said once is both ends'
    const endHalf = en[6];
    // (not across noon: "10 to 12pm" starts in the morning)
    const startHalf = en[3] ?? (endHalf && Number(en[1]) < Number(en[4]) && Number(en[4]) !== 12 ? endHalf : undefined);
    from = hourOf(Number(en[1]), Number(en[2] ?? 0), startHalf, starts);
    to = hourOf(
      Number(en[4]),
      Number(en[5] ?? 0),
      endHalf,
      starts.map((s) => s + 60),
    );
  }
  const hours = /(\d{1,2})\s*(?:hours?|hrs?|시간)/i.exec(text);
  // "at 3pm for 2 hours", "3시부터 2시간": a start and a length
  if (from === undefined) {
    const at =
      /\b(?:at|from|starting(?:\s+at)?)\s+([01]?\d|2[0-4])(?::(\d{2}))?\s*([ap]\.?m\.?)?(?![\d:-])/i.exec(dateless) ??
      /(오전|오후)?\s*(\d{1,2})시(?:\s*(\d{1,2})분|\s*(반))?\s*(?:부터|에|시작)/.exec(text);
    if (at) {
      const ko = /시/.test(at[0]);
      const [h, m, half] = ko ? [at[2], at[4] ? '30' : at[3], at[1]] : [at[1], at[2], at[3]];
      from = hourOf(Number(h), Number(m ?? 0), half, starts);
      to = from + (hours ? Number(hours[1]) : 1) * 60;
    }
  }
  return {
    row: named,
    ...(when.date ? { date: when.date } : {}),
    ...(from !== undefined && to !== undefined && to > from ? { from, to } : {}),
    ...(hours ? { hours: Number(hours[1]) } : {}),
    ...(EARLIEST.test(text) ? { earliest: true } : {}),
    ...(HOLD.test(text) ? { hold: true } : {}),
  };
}
