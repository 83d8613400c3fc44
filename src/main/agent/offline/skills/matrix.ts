import type { StepRecord } from '../../loop/actions.ts';
import type { PageModel } from '../../page-model/types.ts';
import { similarity } from '../refs.ts';
import { act, type SkillStep } from './step.ts';

/**
 * "rate everything Agree": one answer for every row of a grid of radio groups (a survey's
 * matrix, each row a group whose options are the grid's columns). Each group gets the option
 * named by the answer — the column words at the end of its label — in turn.
 */
export function answerEveryRow(answer: string, model: PageModel, _mine: StepRecord[]): SkillStep {
  const rows = model.groups.filter((g) => g.kind === 'radio' && g.options.length >= 2);
  let matched = 0;
  for (const g of rows) {
    const scored = g.options
      .map((o) => ({ o, s: Math.max(similarity(answer, [o.label]), endsWith(o.label, answer) ? 1 : 0) }))
      .filter((x) => x.s >= 0.5)
      .sort((a, b) => b.s - a.s);
    const best = scored[0]?.o;
    if (!best) continue;
    matched++;
    if (best.checked) continue;
    return act({ kind: 'click', handle: best.handle }, best.label, `every row: "${best.label}" answers "${answer}"`, {
      kind: 'checked',
      handle: best.handle,
      checked: true,
    });
  }
  return matched ? 'done' : { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `No row of choices offers "${answer}".` };
}

const endsWith = (label: string, answer: string) => label.trim().toLowerCase().endsWith(` ${answer.trim().toLowerCase()}`);

/**
 * "show only Anker products": in the group of filter boxes that has the option, the option
 * ticked and every other box of the group not, one click at a time.
 */
export function onlyOption(option: string, model: PageModel): SkillStep {
  const group = model.groups
    .filter((g) => g.kind === 'checkbox')
    // "paperbacks" names the box "Paperback"
    .map((g) => ({
      g,
      o: g.options
        .map((o) => ({ o, s: Math.max(similarity(option, [o.label]), similarity(option.replace(/(?<=\w{3})e?s$/i, ''), [o.label])) }))
        .sort((a, b) => b.s - a.s)[0],
    }))
    .filter((x) => x.o && x.o.s >= 0.6)
    .sort((a, b) => (b.o?.s ?? 0) - (a.o?.s ?? 0))[0];
  if (!group?.o) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `No filter box is called "${option}".` };
  const keep = group.o.o;
  for (const o of group.g.options) {
    const want = o === keep;
    if (o.checked === want) continue;
    return act({ kind: 'click', handle: o.handle }, o.label, `only "${keep.label}": ${want ? 'tick' : 'untick'} "${o.label}"`, {
      kind: 'checked',
      handle: o.handle,
      checked: want,
    });
  }
  return 'done';
}
