import { DATE_PURPOSES, purposeOfWords } from '../page-model/purpose.ts';
import type { Field, PageModel } from '../page-model/types.ts';
import { coverage, fieldWords, rank, similarity } from './refs.ts';
import { onlyDatePlace } from './skills/date.ts';
import { fieldForSlot, toIsoDate } from './skills/field.ts';

/**
 * Where a value said for a named place goes on this page ("생일은 880512", "topic: billing"): an
 * option of a list or radio group named like it, else the field its words, its slot name, most of
 * its words or the purpose its words name point to, else — for a date — the page's one date
 * place. Undefined when the page has no such place (it may come on a later step).
 */
export function fillPlace(ref: string, value: string, model: PageModel, now?: Date): { option: string } | { field: Field } | undefined {
  const option = optionOf(ref, value, model);
  if (option) return { option };
  const usable = model.fields.filter((x) => !x.disabled);
  const named = purposeOfWords(ref);
  const f =
    rank(ref, usable, fieldWords, 0.3)[0]?.item ??
    fieldForSlot(model, ref, new Set()) ??
    // a field named by most of its words ("how likely I'd recommend")
    usable
      .map((x) => ({ x, s: coverage(ref, [x.label]) }))
      .filter((x) => x.s >= 0.6)
      .sort((a, b) => b.s - a.s)[0]?.x ??
    // a field for what the words name in other words ("생일" where the page asks 출생일)
    (named && named !== 'other' ? onlyOne(usable.filter((x) => x.purpose === named)) : undefined);
  // a date for a place named in other words ("viewing date" where the page says 관람일): its one date place
  const g = f ?? (toIsoDate(value, now) ? onlyDatePlace(model, (x) => DATE_PURPOSES.has(x.purpose)) : undefined);
  // a box for a phone number or an e-mail takes only a value of that shape ("4 kg" is no phone number)
  if (g?.purpose === 'phone' && (value.match(/\d/g)?.length ?? 0) < 7) return undefined;
  if (g?.purpose === 'email' && !value.includes('@')) return undefined;
  // a list named like the place that has nothing like the value (words, not a number or a date): not its place
  if (g?.kind === 'select' && !/\d/.test(value) && !(g.options ?? []).some((o) => similarity(value, [o.label, o.value]) >= 0.5))
    return undefined;
  // a statement ("자주 오는 편이에요", "it's our second visit") is written in a box, never chosen in a list or ticked as a value
  // (nor typed into a box for a name, a number or a date)
  const free =
    g && (g.kind === 'textarea' || g.kind === 'editable' || (g.kind === 'text' && ['other', 'message', 'subject'].includes(g.purpose)));
  // (a number said with "is" — "010-1234-0000입니다" — is still that value)
  if (g && SAYS.test(value.trim()) && !COPULA.test(value.trim()) && !free) return undefined;
  return g ? { field: g } : undefined;
}

/** A number or an address said with "is" at its end. */
const COPULA = /[\d@]\S*(?:입니다|이에요|예요|이요)[.!~]*$/;

/** A value that is a sentence about the person rather than a value: it ends as a statement does. */
const SAYS = /(?:니다|어요|아요|예요|에요|해요|네요|거든요|[가-힣]다)[.!~]*$|^(?:i'?m|i am|it'?s|it is|this is|we'?re)\s+\S+\s+\S+/i;

const onlyOne = <T>(xs: T[]): T | undefined => (xs.length === 1 ? xs[0] : undefined);

/** When the value of "X Y" names an option of a list or a radio group named like X, the option's words. */
function optionOf(ref: string, value: string, model: PageModel): string | undefined {
  const v = value.replace(/\s*(?:으로|로)$/, '');
  // a list named like X that has the option ("도메인은 직접입력으로")
  for (const f of model.fields) {
    if (f.kind !== 'select' || f.disabled || similarity(ref, [f.label, ...f.texts]) < 0.3) continue;
    const o = rank(v, f.options ?? [], (x) => [x.label], 0.6)[0]?.item;
    if (o) return o.label;
  }
  for (const g of model.groups) {
    if (g.kind !== 'radio' || similarity(ref, [g.label]) < 0.3) continue;
    const o = rank(v, g.options, (x) => [x.label], 0.4)[0]?.item;
    if (o) return o.label;
  }
  return undefined;
}
