import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';

/**
 * A length said alone with its unit ("40분", "2시간", "5 nights", "45 mins"), for the one box,
 * slider or list of the page whose words name that unit ("대여 시간(분)", "Length (minutes)",
 * "숙박 일수"): the number into a box or slider, or the list's option that shows that number with the
 * unit. Undefined when no place names the unit, or more than one does.
 */
const UNITS: Array<{ said: RegExp; place: RegExp; option: RegExp }> = [
  { said: /^(?:분|mins?|minutes?)$/i, place: /분|\bmin(?:ute)?s?\b/i, option: /분|min/i },
  { said: /^(?:시간|hrs?|hours?)$/i, place: /시간|\bhours?\b|\bhrs?\b|duration|length|길이/i, option: /시간|h(?:ou)?rs?|hours?/i },
  { said: /^(?:박|nights?)$/i, place: /박|숙박|\bnights?\b/i, option: /박|nights?/i },
  { said: /^(?:주|weeks?)$/i, place: /주|\bweeks?\b/i, option: /주|weeks?/i },
  { said: /^(?:개월|months?)$/i, place: /개월|\bmonths?\b/i, option: /개월|months?/i },
];

const SAID = /^(\d{1,4})\s*([가-힣a-z]+?)(?:으로|로|이요|요)?$/i;

export function measureClause(piece: string, model: PageModel): Clause[] | undefined {
  const m = SAID.exec(piece.trim().replace(/[.!,~]+$/, ''));
  if (!m?.[1] || !m[2]) return undefined;
  const n = m[1];
  const unit = UNITS.find((u) => u.said.test(m[2] as string));
  if (!unit) return undefined;
  const words = (f: PageModel['fields'][number]) => [f.label, ...f.texts].join(' ');
  const places = model.fields.filter(
    (f) =>
      !f.disabled &&
      !f.readonly &&
      // (a list of clock times is when, not how long: "시작 시간")
      f.purpose !== 'time' &&
      ['number', 'range', 'select', 'text'].includes(f.kind) &&
      // (a list whose options say the unit — "1 night", "2 nights" — names it too)
      (unit.place.test(words(f)) ||
        (f.kind === 'select' && (f.options ?? []).some((o) => /\d/.test(o.label) && unit.option.test(o.label)))),
  );
  // (a text box counts only when nothing else names the unit: it may be a box for anything)
  const boxes = places.filter((f) => f.kind !== 'text');
  const pool = boxes.length ? boxes : places;
  if (pool.length !== 1) return undefined;
  const f = pool[0] as (typeof pool)[number];
  const ref = f.label || f.texts[0] || f.purpose;
  if (f.kind !== 'select') return [{ kind: 'fill', ref, value: n }];
  // the option that shows the number with the unit, or the number alone
  const option = (f.options ?? []).find(
    (o) => new RegExp(`(?<!\\d)${n}(?!\\d)`).test(o.label) && (unit.option.test(o.label) || /^\s*\d+\s*$/.test(o.label)),
  );
  return option ? [{ kind: 'fill', ref, value: option.label }] : undefined;
}
