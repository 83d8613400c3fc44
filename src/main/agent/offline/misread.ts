import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { fillPlace } from './fill-place.ts';
import { DAYTIME_REF } from './later-words.ts';
import { namedOptions } from './mention.ts';
import { ASK_HEAD } from './pieces.ts';
import { offeredLabels } from './refs.ts';

/**
 * The first reading of an errand checked against the page before anything is done: clauses the
 * grammar read that name no place on it are misreadings, and their words go back to be placed
 * as pieces. A "field name" that is a phrase of the request ("운동화고 260이라 제일 작은 상자면"),
 * a time of day or a clock time read as a field's name ("모레 오후에 …", "…오전 10시에 되면 …"),
 * "only these on" on a page that has no switches ("…만 하려고요"), and a head that only asks
 * for the errand ("quote pls: spanish -> english", whose value is the piece).
 */
export function misreadings(
  clauses: Clause[],
  model: PageModel,
): { misread: (c: Clause) => boolean; asks: (c: Clause) => boolean; phrases: string[] } {
  // (a field's own label is no misreading, digits and all: "차량번호 (예: 12가 3456)")
  const labels = new Set(model.fields.flatMap((f) => [f.label, f.texts[0] ?? ''].filter(Boolean)));
  const boxes = model.fields.some((f) => f.kind === 'checkbox') || model.groups.some((g) => g.kind === 'checkbox');
  const noSwitches = (c: Clause) => c.kind === 'switches' && !boxes && !!c.keep?.length;
  const misread = (c: Clause) =>
    noSwitches(c) ||
    (c.kind === 'fill' &&
      !labels.has(c.ref) &&
      (DAYTIME_REF.test(c.ref.trim()) ||
        /\d{2,}/.test(c.ref) ||
        /\d\s*(?:시|:\d{2}|\s?[ap]\.?m\b)/i.test(c.ref) ||
        ((c.ref.split(/\s+/).length >= 3 || /\d/.test(c.ref)) && !fillPlace(c.ref, c.value, model) && !namedOptions(c.value, model))));
  const asks = (c: Clause) => c.kind === 'fill' && ASK_HEAD.test(c.ref.trim());
  const phrases = clauses.flatMap((c) =>
    // (a part of the day read as a field's name is the errand's time wish, not a word of the piece)
    c.kind === 'fill' && asks(c)
      ? [c.value]
      : c.kind === 'fill' && misread(c)
        ? [DAYTIME_REF.test(c.ref.trim()) ? c.value : `${c.ref} ${c.value}`]
        : c.kind === 'switches' && noSwitches(c)
          ? [(c.keep ?? []).join(' ')]
          : [],
  );
  return { misread, asks, phrases };
}

/**
 * The words of a part of the day wished for ("in the evening"), to be taken out of the pieces:
 * undefined when the page offers a choice by that word ("Afternoon" as a kind of pass names it).
 */
export function partWordOf(words: string, model: PageModel): RegExp | undefined {
  const shown = offeredLabels(model).join(' ').toLowerCase();
  if (shown.includes(words.toLowerCase())) return undefined;
  return new RegExp(`\\s*${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*`, 'gi');
}
