import type { StepRecord } from '../../loop/actions.ts';
import type { Button, PageModel, ResultRecord } from '../../page-model/types.ts';
import { sameMeaning } from '../glossary.ts';
import { similarity, usableButtons } from '../refs.ts';
import { act, notFound, type SkillStep, verified } from './step.ts';

/**
 * "star the message from Mom", "delete the dentist reminder", "archive the newsletter from Daily
 * Deals": an action on one record named by its words. The record is found among the page's
 * records (or, when none is, among the records' own controls); the action is the record's own
 * button named by the verb (by its words or label, in either language); when the record has no
 * such button, it is opened first and the button looked for on what opens.
 */
export function recordAction(verb: string, text: string, model: PageModel, mine: StepRecord[]): SkillStep {
  const done = verified(mine);
  if (done.some((s) => s.why.includes('record action:'))) return 'done';
  const words = sameMeaning(verb);
  const named = (b: Button) => similarity(words, [b.text]) >= 0.6;
  const records = model.lists.flatMap((l) => l.records);
  const best = records
    .map((r) => ({ r, s: similarity(text, [r.text, ...r.cells]) }))
    .filter((x) => x.s >= 0.4)
    .sort((a, b) => b.s - a.s)[0]?.r;
  // a record drawn as a row of controls (a to-do list): its button names the thing ("Delete Dentist …")
  const byLabel = usableButtons(model)
    .filter((b) => named(b) && similarity(text, [b.text]) >= 0.2)
    .sort((a, b) => similarity(text, [b.text]) - similarity(text, [a.text]))[0];
  if (!best && byLabel) return press(byLabel, verb, text);
  if (!best) {
    const opened = done.some((s) => s.why.includes('record open:'));
    const here = opened ? usableButtons(model).find(named) : undefined;
    if (here) return press(here, verb, text);
    return notFound(`a record "${text}"`);
  }
  const own = best.actions.find(named);
  if (own) return press(own, verb, text);
  if (!done.some((s) => s.why.includes('record open:'))) {
    const link = best.actions.find((a) => a.kind === 'link') ?? best.actions[0];
    return act({ kind: 'click', handle: link?.handle ?? best.handle }, summary(best), `record open: "${summary(best)}" is "${text}"`, {
      kind: 'change',
    });
  }
  // opened: the verb's button is now on the page (a reading pane, the record's own page)
  const b = usableButtons(model).find(named);
  return b ? press(b, verb, text) : notFound(`a "${verb}" button for "${text}"`);
}

function press(b: Button, verb: string, text: string): SkillStep {
  return act({ kind: 'click', handle: b.handle }, b.text, `record action: "${b.text}" does "${verb}" to "${text}"`, { kind: 'change' });
}

const summary = (r: ResultRecord) => r.cells.slice(0, 3).join(' · ');
