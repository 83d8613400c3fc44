import type { StepRecord } from '../../loop/actions.ts';
import type { PageModel } from '../../page-model/types.ts';
import { contentWords, same } from '../mention.ts';
import { cleanRef, coverage, similarity, usableButtons } from '../refs.ts';
import { putValue } from './field.ts';
import { act, type SkillStep, verified } from './step.ts';

/** Words that say what kind of thing a list holds, not which kind: "pilates classes", "비건 메뉴". */
const KIND_NOUNS =
  /\s+(?:classes|class|sessions|courses|dishes|meals|items|products|ones|results|options|listings|events|menu items|menus?|수업|클래스|강좌|메뉴|요리|음식|상품|제품|목록|것|거)$/i;

/** A chip: a button or link outside the records, calendars and dialogs, or a radio drawn as a chip. */
interface Chip {
  handle: string;
  text: string;
  selected: boolean;
  radio: boolean;
}

const chipsOf = (model: PageModel): Chip[] => [
  ...usableButtons(model)
    .filter((b) => b.kind !== 'submit' && b.kind !== 'option' && !b.regions.some((r) => /^(?:f\d+\.)?(?:rec|cal|dialog|listbox):/.test(r)))
    .map((b) => ({ handle: b.handle, text: b.text, selected: b.selected, radio: false })),
  ...model.fields
    .filter((f) => f.kind === 'radio' && !f.disabled)
    .map((f) => ({ handle: f.handle, text: f.label, selected: f.checked === true, radio: true })),
];

/** How well a chip's words name the kind asked for: its words all said ("필라테스" in "필라테스 수업"), or like them. */
export function chipScore(option: string, b: Pick<Chip, 'text'>): number {
  const text = cleanRef(b.text);
  if (!text || text.length > 30) return 0;
  const bare = option.replace(KIND_NOUNS, '');
  const said = coverage(b.text, [option]) >= 1 ? 0.8 : 0;
  return Math.max(similarity(option, [b.text]), similarity(bare, [b.text]), said);
}

/**
 * "요가만 보여줘", "show only the vegan ones" on a page whose filters are a row of chips (toggle
 * buttons, `aria-pressed`, or links drawn as chips) rather than boxes: the chip whose words
 * name the kind is pressed once (nothing when it is pressed already), and the press counts only
 * when the page shows something else after it (the list of other kinds hidden).
 */
export function pressChip(option: string, model: PageModel, mine: StepRecord[]): SkillStep {
  if (verified(mine).some((s) => s.why.includes('chip: '))) return 'done';
  const best = chipsOf(model)
    .map((b) => ({ b, s: chipScore(option, b) }))
    .filter((x) => x.s >= 0.6)
    .sort((a, b) => b.s - a.s)[0]?.b;
  if (!best) {
    // a filter that is a list: its option of that name
    const lists = model.fields
      .filter((f) => f.kind === 'select' && !f.disabled)
      .flatMap((f) => (f.options ?? []).map((o) => ({ f, o, s: chipScore(option, { text: o.label }) })))
      .filter((x) => x.s >= 0.6)
      .sort((a, b) => b.s - a.s);
    const hit = lists[0];
    if (hit) return putValue(hit.f, hit.o.label, model, mine);
    // "the guides who do evening walks": the one toggle chip a word of the request names ("Evening tours")
    const said = contentWords(option);
    const named = usableButtons(model).filter(
      (b) => b.choice && b.text.length <= 30 && contentWords(b.text).some((w) => said.some((x) => x === w || same(x, w))),
    );
    const one = named.length === 1 ? named[0] : undefined;
    if (one?.selected) return 'done';
    if (one) return act({ kind: 'click', handle: one.handle }, one.text, `chip: "${one.text}" shows only "${option}"`, { kind: 'change' });
    return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `No filter box, chip or list option is called "${option}".` };
  }
  if (best.selected) return 'done';
  return act(
    { kind: 'click', handle: best.handle },
    best.text,
    `chip: "${best.text}" shows only "${option}"`,
    best.radio ? { kind: 'checked', handle: best.handle, checked: true } : { kind: 'change' },
  );
}
