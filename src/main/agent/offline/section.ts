import type { StepRecord } from '../loop/actions.ts';
import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { normText, rank, usableButtons } from './refs.ts';
import type { SkillStep } from './skills/step.ts';

/**
 * "알림 설정에서 마케팅 수신 꺼줘" / "in Notifications, turn off marketing": when the thing is not
 * on the page, open the section named first (a tab, menu entry or link), then look again.
 */
export function withSection(c: Clause, model: PageModel, mine: StepRecord[], run: (c: Clause) => SkillStep): SkillStep {
  const step = inOtherTabs(c, model, mine, run(c));
  const ref = 'ref' in c ? c.ref : undefined;
  const m = ref ? (/^(.+?)\s*(?:에서|에선)\s+(.+)$/.exec(ref) ?? /^in (?:the )?(.+?),?\s+(.+)$/i.exec(ref)) : undefined;
  if (!m || step === 'done' || step.type !== 'fail') return step;
  const inner = run({ ...c, ref: m[2] } as Clause);
  if (inner === 'done' || inner.type !== 'fail') return inner;
  if (!mine.some((s) => s.why.includes('open the section'))) {
    const b = rank(m[1] ?? '', usableButtons(model), (x) => [x.text], 0.3)[0]?.item;
    if (b)
      return {
        type: 'act',
        action: { kind: 'click', handle: b.handle },
        target: b.text,
        why: `open the section "${b.text}" first`,
        expect: { kind: 'change' },
      };
  }
  return step;
}

const LOOKS_FOR = new Set(['check', 'click', 'fill', 'choose', 'only', 'record']);

/**
 * The thing named is on none of what the page shows, and the page keeps other panels behind
 * tabs: a person looks in them, one after another (the tab most like the words first).
 */
function inOtherTabs(c: Clause, model: PageModel, mine: StepRecord[], step: SkillStep): SkillStep {
  if (step === 'done' || step.type !== 'fail' || step.code !== 'ELEMENT_NOT_FOUND' || !LOOKS_FOR.has(c.kind)) return step;
  const tried = new Set(mine.filter((s) => /(^|: )look in the tab/.test(s.why)).map((s) => s.target));
  const left = model.tabs.filter((t) => !t.selected && !t.disabled && !tried.has(t.text));
  const words = 'ref' in c && c.ref ? c.ref : 'option' in c ? c.option : '';
  // a row of links or buttons that marks the one shown ("월간 | 연간 | 가족") works as tabs: the one the words name
  const named = left.length
    ? undefined
    : model.buttons.find(
        (b) =>
          b.choice &&
          !b.selected &&
          !b.disabled &&
          !tried.has(b.text) &&
          (b.kind === 'link' || b.kind === 'button') &&
          words.split(/\s+/).some((w) => w.length >= 2 && normText(b.text) === normText(w)),
      );
  if (!left.length && !named) return step;
  const t = named ?? rank(words, left, (x) => [x.text], 0.2)[0]?.item ?? left[0];
  if (!t) return step;
  return {
    type: 'act',
    action: { kind: 'click', handle: t.handle },
    target: t.text,
    why: `look in the tab "${t.text}": ${step.why}`,
    expect: { kind: 'change' },
  };
}
