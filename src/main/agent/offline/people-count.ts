import { smallNumber } from '../../language/numbers.ts';
import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { PEOPLE_PLACE } from './counted.ts';
import { normText } from './refs.ts';

/**
 * How many people the errand is for, said with no kind of person: "5명", "세 명이서", "넷이서",
 * "3인", "for 4", "4 people", "3 ppl", "party of 6", "me + 2 friends". It goes into the page's one
 * place for how many: a counter or number box named for people, or a list for them whose option
 * shows that number. Undefined when the page has no such place, or more than one.
 */
const KO = /^(\d{1,2}|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열)\s*(?:명|인|분)(?:이서|이|으로|로|이요|요)?$|^(둘|셋|넷)(?:이서|이요)$/;
const EN_WORD = '\\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve';
const EN = new RegExp(
  `^(?:for\\s+)?(?:(${EN_WORD})\\s+(?:people|persons|ppl|pax|guests|of us)|(?:a\\s+)?(?:party|group|table)\\s+(?:of|for)\\s+(${EN_WORD})|for\\s+(${EN_WORD}))$`,
  'i',
);
/** "me + 2 friends", "me and 3 pals": the person and the others. */
const ME_AND = new RegExp(`^(?:me|myself)\\s*(?:\\+|and|&|plus)\\s*(${EN_WORD}|a)\\s+(?:friends?|mates?|others?|pals?|colleagues?)$`, 'i');

const numberOf = (w: string): number | undefined => (/^\d+$/.test(w) ? Number(w) : w === '열' ? 10 : smallNumber(w.toLowerCase()));

/** The count of people a piece says and nothing else, or undefined. */
export function peopleSaid(piece: string): number | undefined {
  const p = piece.trim().replace(/[.!,~]+$/, '');
  const ko = KO.exec(p);
  if (ko) return numberOf(ko[1] ?? ko[2] ?? '');
  const en = EN.exec(p);
  if (en) return numberOf(en[1] ?? en[2] ?? en[3] ?? '');
  const me = ME_AND.exec(p);
  if (me?.[1]) {
    const others = me[1].toLowerCase() === 'a' ? 1 : numberOf(me[1]);
    return others === undefined ? undefined : others + 1;
  }
  return undefined;
}

/** The clause that sets the page's one count of people to n, or undefined when it has none or several. */
export function peopleClause(n: number, model: PageModel): Clause | undefined {
  const steppers = model.steppers.filter((s) => PEOPLE_PLACE.test(s.label));
  const boxes = model.fields.filter(
    (f) =>
      !f.disabled && !f.readonly && (f.kind === 'number' || f.kind === 'range') && (f.purpose === 'guests' || PEOPLE_PLACE.test(f.label)),
  );
  const lists = model.fields.filter(
    (f) => !f.disabled && f.kind === 'select' && (f.purpose === 'guests' || PEOPLE_PLACE.test(f.label || f.texts[0] || '')),
  );
  // (a stepper's own box is the same place as the stepper)
  const own = boxes.filter((f) => !steppers.some((s) => normText(f.label).startsWith(normText(s.label))));
  const places = steppers.length + own.length + lists.length;
  if (places !== 1) return undefined;
  const stepper = steppers[0];
  if (stepper) return { kind: 'count', ref: stepper.label, n };
  const box = own[0];
  if (box) return { kind: 'count', ref: box.label || box.texts[0] || box.purpose, n };
  const list = lists[0];
  if (!list) return undefined;
  // the option that shows the number alone ("4", "4명", "4 people"), not one that only has it inside ("14명")
  const option = (list.options ?? []).find((o) => new RegExp(`(?<!\\d)${n}(?!\\d)`).test(o.label) && !/\d+\s*[-~–]\s*\d+/.test(o.label));
  return option ? { kind: 'fill', ref: list.label || list.texts[0] || list.purpose, value: option.label } : undefined;
}

/** A piece that is only a count of people, as the clause for the page's place for it. */
export function peopleCount(piece: string, model: PageModel): Clause[] | undefined {
  const n = peopleSaid(piece);
  if (n === undefined || n < 1) return undefined;
  const c = peopleClause(n, model);
  return c ? [c] : undefined;
}
