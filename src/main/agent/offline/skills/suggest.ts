import type { StepRecord } from '../../loop/actions.ts';
import type { Field, PageModel } from '../../page-model/types.ts';
import { placeAlternatives } from '../place-alone.ts';
import { normText, rank } from '../refs.ts';
import { listChoices } from './picker.ts';
import type { SkillStep } from './step.ts';

/** The index of the label most like `value` (alternatives split by "|"), or -1. */
export function bestOption(labels: string[], value: string): number {
  const ranked = rank(
    value,
    labels.map((l, i) => ({ l, i })),
    (x) => [x.l],
    0.3,
  );
  return ranked[0]?.item.i ?? -1;
}

/**
 * Suggestions a field shows after typing: options of a listbox (role=option), not part of the
 * form; on a page that draws them as plain buttons, the buttons that hold the words typed.
 */
export function suggestions(model: PageModel, typed: string[] = []) {
  const listed = listChoices(model);
  if (listed.length) return listed;
  const words = typed.map(normText).filter((t) => t.length >= 2);
  if (!words.length) return listed;
  return model.buttons.filter(
    (b) =>
      !b.disabled &&
      (b.kind === 'button' || b.kind === 'submit' || b.kind === 'menuitem') &&
      !b.regions.some((r) => r.startsWith('rec:')) &&
      b.text.length <= 120 &&
      words.some((w) => normText(b.text).includes(w)),
  );
}

/**
 * The ways to type a value into a box that looks its words up: the person's words, then the
 * place alone without the words around it ("시청역에 있는 데로" → "시청역", "the one near Elm Park"
 * → "Elm Park", "강남 쪽" → "강남"), so the box's own list can offer it.
 */
export function lookupAlternatives(wanted: string, field: Field): string[] {
  const alts = wanted.split('|');
  if (!field.autocomplete && field.kind !== 'combobox') return alts;
  return [...alts, ...placeAlternatives(wanted)];
}

/**
 * A place field that looks its words up (it asked the site while they were typed, or shows
 * suggestions) and offered none of them for any way of saying the place: the site does not
 * know the place by these words, and sending the bare words would search for something else.
 */
export function unknownPlace(
  field: Field,
  wanted: string,
  offered: ReturnType<typeof suggestions>,
  mine: StepRecord[],
): SkillStep | undefined {
  // (a place to go, or any box that only takes one of its own list's choices)
  if (field.purpose !== 'origin' && field.purpose !== 'destination' && field.kind !== 'combobox') return undefined;
  const mineHere = mine.filter((s) => s.target === field.label || ('handle' in s.action && s.action.handle === field.handle));
  const typed = mineHere.filter((s) => s.action.kind === 'type' || s.action.kind === 'fill');
  if (!typed.length || typed.length < lookupAlternatives(wanted, field).length) return undefined;
  if (!mineHere.some((s) => s.action.kind === 'wait')) return undefined;
  const looksUp = typed.some((s) => (s.sent ?? 0) > 0) || offered.length > 0 || field.kind === 'combobox';
  if (
    !looksUp ||
    lookupAlternatives(wanted, field).some(
      (w) =>
        bestOption(
          offered.map((b) => b.text),
          w,
        ) >= 0,
    )
  )
    return undefined;
  // a suggestion was picked after the words were typed: the place is known
  const lastTyped = mine.findLastIndex((s) => (s.action.kind === 'type' || s.action.kind === 'fill') && s.action.handle === field.handle);
  if (mine.slice(lastTyped).some((s) => s.ok && s.action.kind === 'click')) return undefined;
  const said = wanted.split('|').join('" / "');
  return {
    type: 'fail',
    code: 'ELEMENT_NOT_FOUND',
    why: `"${field.label}" offers no place for "${said}": the site does not seem to know it by these words.`,
  };
}
