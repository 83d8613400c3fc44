import { smallNumber } from '../../language/numbers.ts';
import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { normText } from './refs.ts';

/**
 * A stretch of time said for an errand: "from 10 to 1pm", "1 till 4 in the afternoon", "오전 9시부터
 * 11시까지", "밤 9시부터 세 시간", "for 2 hours". Read as a start ("HH:MM", when said) and a
 * length in hours, for a page that asks the start and "how long" apart.
 */
export interface TimeSpan {
  start?: string;
  hours: number;
}

const HALF = /오후|저녁|밤|낮|pm|p\.m|afternoon|evening|night/i;
const pad = (n: number) => String(n).padStart(2, '0');

function hourOf(h: number, half: string | undefined, other?: number): number {
  if (half && HALF.test(half)) return h < 12 ? h + 12 : h;
  if (half) return h === 12 ? 0 : h;
  // (no half said: the end's half, unless that puts the start after the end — "11 to 1pm")
  return other !== undefined && h < 12 && h + 12 <= other ? h + 12 : h;
}

const COUNT = '(\\d{1,2}|한|두|세|네|다섯|여섯|one|two|three|four|five|six)';

const EN_SPAN =
  /\b(?:from\s+)?(\d{1,2})(?::(\d{2}))?(?:\s*(am|pm|a\.m\.|p\.m\.))?\s*(?:to|till|until|–|-)\s*(\d{1,2})(?::(\d{2}))?(?:\s*(am|pm|a\.m\.|p\.m\.))?(?:\s+in\s+the\s+(morning|afternoon|evening))?/i;
const KO_SPAN =
  /(오전|오후|저녁|아침|낮|밤)?\s*(\d{1,2})시\s*(반)?\s*(?:부터|에서|~|-)\s*(오전|오후|저녁|밤)?\s*(\d{1,2})시\s*(반)?\s*까지/;

/** The words without the stretch of time they say ("… the 3rd from 10 to 1pm for …" → "… the 3rd for …"). */
export function withoutSpan(text: string): string {
  if (!timeSpanOf(text)?.start) return text;
  return text
    .replace(EN_SPAN, ' ')
    .replace(KO_SPAN, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

export function timeSpanOf(text: string): TimeSpan | undefined {
  const t = text.toLowerCase();
  const en = EN_SPAN.exec(t);
  if (en && (en[3] || en[6] || en[7] || en[2] || en[5])) {
    const endHalf = en[6] ?? en[7];
    const end = hourOf(Number(en[4]), endHalf) * 60 + Number(en[5] ?? 0);
    const start = hourOf(Number(en[1]), en[3] ?? (en[7] ? en[7] : undefined), end / 60) * 60 + Number(en[2] ?? 0);
    if (end > start) return { start: `${pad(Math.floor(start / 60))}:${pad(start % 60)}`, hours: (end - start) / 60 };
  }
  const ko = KO_SPAN.exec(t);
  if (ko) {
    const end = hourOf(Number(ko[5]), ko[4] ?? ko[1]) * 60 + (ko[6] ? 30 : 0);
    const start = hourOf(Number(ko[2]), ko[1], end / 60) * 60 + (ko[3] ? 30 : 0);
    if (end > start) return { start: `${pad(Math.floor(start / 60))}:${pad(start % 60)}`, hours: (end - start) / 60 };
  }
  const length = new RegExp(`(?:for\\s+)?${COUNT}\\s*(?:hours?|hrs?|시간)(?!\\s*(?:전|후|뒤|이후))`).exec(t);
  const n = length?.[1] ? (/^\d+$/.test(length[1]) ? Number(length[1]) : smallNumber(length[1])) : undefined;
  return n && n <= 24 ? { hours: n } : undefined;
}

/** Words of a place that asks how long ("Length of booking", "사용 시간", "Hours"). */
const LONG = /how long|duration|length|\bhours?\b|이용\s*시간|사용\s*시간|시간\s*수|몇\s*시간|대여\s*시간/i;

/** The clause that sets the page's "how long" place to the span's hours; undefined when the page has none. */
/** The minutes a choice says ("60분", "1시간 30분", "90 min", "2 hours"); undefined when it says no length. */
function minutesSaid(label: string): number | undefined {
  const t = normText(label);
  const h = /(\d+(?:\.\d+)?)\s*(?:시간|h|hrs?|hours?)(?![a-z])/.exec(t);
  const m = /(\d+)\s*(?:분|m|mins?|minutes?)(?![a-z])/.exec(t);
  if (!h && !m) return undefined;
  return Math.round(Number(h?.[1] ?? 0) * 60 + Number(m?.[1] ?? 0));
}

export function lengthClause(span: TimeSpan, model: PageModel): Clause | undefined {
  // a set of choices that are each a length ("45분 / 90분", "1 hr / 2 hrs"): the one as long as said
  for (const g of model.groups) {
    if (g.kind !== 'radio' || g.options.length < 2 || !g.options.every((o) => minutesSaid(o.label) !== undefined)) continue;
    const o = g.options.find((x) => minutesSaid(x.label) === span.hours * 60);
    if (o) return { kind: 'choose', option: o.label, ...(g.label ? { ref: g.label } : {}) };
  }
  for (const f of model.fields) {
    if (f.disabled || f.readonly || !LONG.test([f.label, ...f.texts].join(' '))) continue;
    if (f.kind === 'select') {
      const o = (f.options ?? []).find(
        (x) => new RegExp(`(?:^|\\D)${span.hours}(?:\\D|$)`).test(normText(x.label)) || x.value === String(span.hours),
      );
      if (o) return { kind: 'fill', ref: f.label || f.texts[0] || '', value: o.label };
    } else if (f.kind === 'number' || f.kind === 'range' || f.kind === 'text') {
      return { kind: 'fill', ref: f.label || f.texts[0] || '', value: String(span.hours) };
    }
  }
  return undefined;
}
