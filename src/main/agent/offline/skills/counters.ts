import type { StepRecord } from '../../loop/actions.ts';
import type { PageModel } from '../../page-model/types.ts';
import type { CountClause } from '../count-words.ts';
import { meansSame } from '../glossary.ts';
import { fieldWords, normText, rank } from '../refs.ts';
import { putValue, setCount } from './field.ts';
import { failedOn, notFound, type SkillStep } from './step.ts';

/** "adults" names the counter "Adult", "kids" the one "어린이": the kind without its plural. */
const singular = (ref: string) => ref.replace(/(?<=[a-z]{3})(?:ren|ies|s)$/i, (m) => (m === 'ies' ? 'y' : ''));

/**
 * "어른 둘, 청소년 한 명": the counter named by the kind (− / + buttons with the count between)
 * pressed until it shows the number — each press verified by the count the page shows — or a
 * number box or list named by the kind set to it. A counter that does not move stops the run.
 */
const sharesWord = (a: string, b: string) => {
  const words = (t: string) =>
    normText(t)
      .split(' ')
      .filter((w) => w.length >= 2);
  const other = new Set(words(b));
  return words(a).some((w) => other.has(w));
};

export function setCounter(c: CountClause, model: PageModel, mine: StepRecord[]): SkillStep {
  const refs = `${c.ref}|${singular(c.ref)}`;
  // by its words, or by a word of the same meaning ("어린이" for the counter "소인")
  const s =
    rank(refs, model.steppers, (x) => [x.label], 0.5)[0]?.item ??
    model.steppers.find((x) =>
      normText(x.label)
        .split(' ')
        .some((w) => meansSame(c.ref, w) || meansSame(singular(c.ref), w)),
    ) ??
    // the page's one counter, named in other words that share one ("탑승할 인원" for "탑승하실 인원")
    (model.steppers.length === 1 && sharesWord(c.ref, model.steppers[0]?.label ?? '') ? model.steppers[0] : undefined);
  if (s) {
    if (s.value === c.n) return 'done';
    // a counter whose box takes typing: the number typed, not pressed out one by one ("12 chairs")
    const box = model.fields.find(
      (f) => !f.disabled && !f.readonly && f.kind === 'number' && normText(f.label).startsWith(normText(s.label)),
    );
    if (box && (s.value === null || Math.abs(c.n - s.value) > 3)) return putValue(box, String(c.n), model, mine);
    const last = mine.at(-1);
    if (last && !last.ok && failedOn(mine, s.value !== null && s.value < c.n ? (s.inc ?? '') : (s.dec ?? '')) >= 2)
      return { type: 'fail', code: 'ACTION_NO_EFFECT', why: `"${s.label}" stays at ${s.value}.` };
    return setCount(s, c.n);
  }
  const f = rank(
    refs,
    model.fields.filter((x) => !x.disabled && ['number', 'range', 'select', 'text', 'combobox'].includes(x.kind)),
    fieldWords,
    0.5,
  )[0]?.item;
  if (f) return putValue(f, String(c.n), model, mine);
  return notFound(`a counter "${c.ref}"`);
}
