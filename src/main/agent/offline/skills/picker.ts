import { optionByMeaning } from '../../../browser/meaning/options.ts';
import type { StepRecord } from '../../loop/actions.ts';
import { fieldShows } from '../../loop/verify.ts';
import type { Button, Field, PageModel } from '../../page-model/types.ts';
import { placeAlternatives } from '../place-alone.ts';
import { rank } from '../refs.ts';
import { clockOf } from '../when.ts';
import { act, failedOn, type SkillStep, verified } from './step.ts';

/** The choices a list shows while it is open: options of a listbox. */
export function listChoices(model: PageModel): Button[] {
  return model.buttons.filter((b) => (b.kind === 'option' || b.regions.some((r) => r.startsWith('listbox:'))) && !b.disabled);
}

/** The choice meant by `wanted` (alternatives split by "|"): by its words, else by meaning (a code, a number). */
export function choiceFor(choices: Button[], wanted: string): Button | undefined {
  // a clock time ("18:30") is the choice that says it in any way ("저녁 6:30", "6:30 PM")
  const clocks = wanted.split('|').filter((w) => /^\d{2}:\d{2}$/.test(w));
  const timed = clocks.length ? choices.filter((b) => clocks.includes(clockOf(b.text) ?? '')) : [];
  if (timed.length === 1) return timed[0];
  const byWords = rank(wanted, choices, (b) => [b.text], 0.3)[0]?.item;
  if (byWords) return byWords;
  // (a place said with the words around it — "서면 쪽으로" — is the choice named by the place alone)
  const alone = placeAlternatives(wanted);
  const byPlace = alone.length ? rank(alone.join('|'), choices, (b) => [b.text], 0.3)[0]?.item : undefined;
  if (byPlace) return byPlace;
  for (const w of wanted.split('|')) {
    const i = optionByMeaning(
      w,
      choices.map((b) => ({ value: '', label: b.text })),
    );
    if (i !== undefined && i >= 0) return choices[i];
  }
  return undefined;
}

/**
 * A button that opens a list (a station, a city, a sort order) takes a value the way a person
 * gives it: open the list, then choose the option that means the value. Typing into it does
 * nothing; it shows the choice as its own text once chosen.
 */
export function pickInList(field: Field, wanted: string, model: PageModel, mine: StepRecord[]): SkillStep {
  if (fieldShows(field, wanted)) return 'done';
  // (a clock time shown in the list's own words: "저녁 6:30 ▾" for "18:30")
  const shown = clockOf(field.value.replace(/[▾▼⌄⏷]/g, '').trim());
  if (shown && wanted.split('|').includes(shown)) return 'done';
  const label = field.label;
  const here = mine.filter((s) => 'handle' in s.action && s.action.handle === field.handle);
  const choices = listChoices(model);
  const opened = verified(here).some((s) => s.action.kind === 'click');
  if (choices.length) {
    const c = choiceFor(choices, wanted);
    const chosen = verified(mine).some((s) => s.action.kind === 'click' && s.action.handle === c?.handle);
    if (c && !chosen)
      return act({ kind: 'click', handle: c.handle }, c.text, `"${label}" offers "${c.text}" for "${wanted.split('|')[0]}"`, {
        kind: 'change',
      });
    // the choice was made and the button shows it in its own words ("김포" → "서울/김포")
    if (c && chosen) return 'done';
    if (opened) {
      const shown = choices
        .slice(0, 12)
        .map((b) => b.text)
        .join(', ');
      return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `"${label}" has no choice like "${wanted.split('|')[0]}" (${shown}).` };
    }
  }
  if (failedOn(mine, field.handle) >= 2 || here.filter((s) => s.action.kind === 'click').length >= 2)
    return { type: 'fail', code: 'ACTION_NO_EFFECT', why: `"${label}" opened no list to choose "${wanted.split('|')[0]}" from.` };
  return act({ kind: 'click', handle: field.handle }, label, `"${label}" is a button that opens a list of choices`, { kind: 'change' });
}
