import type { Field, PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { fillOf, textual } from './piece-target.ts';

/** A person's name into the page's name fields: one field for the whole name, or given + family. */
export function nameClauses(name: string, model: PageModel): Clause[] {
  const fields = model.fields.filter(textual);
  const full = fields.find((f) => f.purpose === 'full_name');
  if (full) return [fillOf(full, name)];
  const given = fields.find((f) => f.purpose === 'given_name');
  const family = fields.find((f) => f.purpose === 'family_name');
  if (!given || !family) return [];
  const ko = /^[가-힣]{2,4}$/.test(name);
  const parts = name.trim().split(/\s+/);
  const [g, fam] = ko ? [name.slice(1), name.slice(0, 1)] : [parts.slice(0, -1).join(' '), parts.at(-1) ?? ''];
  return [fillOf(given, g), fillOf(family, fam)];
}

export function givenOr(f: Field, model: PageModel): Field {
  return model.fields.find((x) => textual(x) && x.purpose === 'given_name') ?? f;
}

/** Whether the page shows these words as an option of a list or group, or as a button. */
export function shownOnPage(words: string, model: PageModel): boolean {
  const w = words.trim();
  return (
    model.fields.some((f) => (f.options ?? []).some((o) => o.label.includes(w))) ||
    model.groups.some((g) => g.options.some((o) => o.label.includes(w))) ||
    model.buttons.some((b) => b.text.includes(w))
  );
}

/** Words that are capitalised in a request without being a name. */
const NOT_NAME =
  /^(?:mon|tues|wednes|thurs|fri|satur|sun)day$|^(?:january|february|march|april|may|june|july|august|september|october|november|december|today|tomorrow|tonight|next|this|please|thanks|hi|hello|the|and|for|with|my|our|i|we)$/i;

/**
 * Two or three capitalised words said alone ("Priya Nair"): a person's name, when none of its
 * words is a word the page shows (an option "Grove", a button "Express") or a day or a month.
 */
export function bareName(p: string, model: PageModel): string | undefined {
  const words = p
    .trim()
    .replace(/[.!,]+$/, '')
    .split(/\s+/);
  // (a first name said as its initial: "R. Okoye")
  const word = (w: string, i: number) => /^\p{Lu}\p{Ll}+(?:['-]\p{L}+)?$/u.test(w) || (i === 0 && /^\p{Lu}\.$/u.test(w));
  if (words.length < 2 || words.length > 3 || !words.every(word) || !/\p{Ll}/u.test(words.at(-1) ?? '')) return undefined;
  if (words.some((w) => NOT_NAME.test(w))) return undefined;
  const shown = new Set(
    [
      ...model.buttons.map((b) => b.text),
      ...model.groups.flatMap((g) => g.options.map((o) => o.label)),
      ...model.fields.flatMap((f) => [f.label, ...(f.options ?? []).map((o) => o.label)]),
    ]
      .join(' ')
      .toLowerCase()
      .split(/[^\p{L}]+/u),
  );
  return words.some((w) => shown.has(w.toLowerCase())) ? undefined : words.join(' ');
}
