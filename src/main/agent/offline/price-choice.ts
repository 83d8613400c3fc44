import type { PageModel } from '../page-model/types.ts';
import { parseMoney } from '../page-model/values.ts';
import type { Clause } from './clauses.ts';
import { criterionOf } from './criteria.ts';
import { labelOf } from './piece-target.ts';
import { coverage, normText } from './refs.ts';
import { withoutSuperlative } from './row-words.ts';
import { listChoices } from './skills/picker.ts';

/**
 * "the cheapest plan", "whichever paper is cheapest", "가장 비싼 옵션": the option whose own words
 * show the lowest (highest) price, in the choice the words name ("paper" → the list called
 * "Paper stock"), or in the one choice whose options all show prices when no choice is named.
 * A price said as a change ("+$4", "−$3") counts with its sign; an option that cannot be chosen
 * (sold out, greyed) does not count. A list that shows its options only when opened is left
 * closed here: it is opened to look, and the piece read again on what it shows.
 */
interface Choice {
  label: string;
  options: string[];
  /** a list that shows its options only when opened */
  closed?: boolean;
  /** a group of radios counts only when every option shows a price (a select may have a blank first) */
  every?: boolean;
  /** the group's own kind of clause */
  clause: (option: string) => Clause;
}

/** Words that say which one, not what: left out of the choice's name. */
const WHICH = new Set([
  'whichever',
  'whatever',
  'which',
  'one',
  'ones',
  'option',
  'options',
  'any',
  'the',
  'is',
  'are',
  'on',
  'in',
  'with',
]);

/** A price with its sign: "+$4" is 4, "−$3" is −3, "$12" is 12 (a spaced dash between words is no sign: "A4 – €5"). */
function signed(text: string): number | undefined {
  const m = parseMoney(text);
  if (!m) return undefined;
  return /(?:^|[\s(])[−–-](?:[$₩€£¥]\s?)?\d[\d,.]*\s?(?:원|won|krw)?(?![\d-])/i.test(text) && /(?:^|[\s(])[−–-][$₩€£¥\d]/.test(text)
    ? -m.value
    : m.value;
}

function choicesOf(model: PageModel): Choice[] {
  const open = listChoices(model);
  return [
    ...model.groups.map((g) => ({
      label: g.label,
      options: g.options.map((o) => o.label),
      every: true,
      clause: (option: string): Clause => ({ kind: 'choose', option, ...(g.label ? { ref: g.label } : {}) }),
    })),
    ...model.fields
      .filter((f) => f.kind === 'select' && !f.disabled)
      .map((f) => ({
        label: labelOf(f),
        options: (f.options ?? []).filter((o) => !o.disabled).map((o) => o.label),
        clause: (option: string): Clause => ({ kind: 'fill', ref: labelOf(f), value: option }),
      })),
    // (a list opened to look: the options it shows, under the picker's name)
    ...model.fields
      .filter((f) => f.picker && !f.disabled)
      .map((f) => ({
        label: labelOf(f),
        options: open.map((b) => b.text),
        closed: !open.length,
        clause: (option: string): Clause => ({ kind: 'choose', option }),
      })),
  ];
}

export function choiceByPrice(p: string, model: PageModel): Clause[] | undefined {
  const c = criterionOf(p);
  if (c?.by !== 'cheapest' && c?.by !== 'priciest') return undefined;
  const best = (options: string[]) => {
    const priced = options.map((o) => ({ o, price: signed(o) })).filter((x): x is { o: string; price: number } => x.price !== undefined);
    if (priced.length < 2) return undefined;
    return priced.sort((a, b) => (c.by === 'cheapest' ? a.price - b.price : b.price - a.price))[0]?.o;
  };
  const choices = choicesOf(model);
  const words = normText(withoutSuperlative(p))
    .split(' ')
    .filter((w) => w.length >= 2 && !WHICH.has(w));
  // (a piece that says more than which choice — "a large mug with the cheapest glaze and a box" — is read in parts, not here)
  if (words.length > 3) return undefined;
  const name = words.join(' ');
  // the choice the words name, when they name one: never another choice's cheapest
  // (the one it names best; two named alike leave it open)
  const named = name
    ? choices
        .filter((x) => x.label)
        .map((x) => ({ x, s: coverage(name, [x.label]) }))
        .filter((n) => n.s > 0)
        .sort((a, b) => b.s - a.s)
    : [];
  if (named.length > 1 && named[0]?.s === named[1]?.s) return undefined;
  if (named.length) {
    const one = (named[0] as { x: Choice }).x;
    if (one.closed) return undefined;
    const o = best(one.options);
    return o ? [one.clause(o)] : undefined;
  }
  if (name && choices.some((x) => x.closed)) return undefined;
  for (const x of choices) {
    const o = best(x.options);
    if (o && (!x.every || x.options.every((l) => parseMoney(l)))) return [x.clause(o)];
  }
  return undefined;
}
