import type { StepRecord } from '../loop/actions.ts';
import type { PageModel } from '../page-model/types.ts';
import { choiceSet } from './mention.ts';
import type { SkillStep } from './skills/step.ts';

/** Words for a layer laid over a page (a popup, a banner, an ad). */
export const LAYER = /팝업|광고|배너|레이어|알림창|공지창|프로모션|이벤트\s*창|pop-?up|banner|overlay|modal|\bad\b|promo/i;

/** A choice button this run pressed, still on the page, that no longer shows chosen while another of its set does. */
export function unchosen(history: StepRecord[], model: PageModel): string | undefined {
  const pressed = new Set(history.flatMap((h) => (h.ok && h.action.kind === 'click' ? [h.action.handle] : [])));
  const chosen = model.buttons.filter((b) => b.choice && b.selected);
  const b = model.buttons.find(
    (x) => x.choice && !x.selected && pressed.has(x.handle) && chosen.some((o) => o !== x && choiceSet(o) === choiceSet(x)),
  );
  return b?.text;
}

export const writable = (f: PageModel['fields'][number]) =>
  !f.disabled && !f.readonly && (f.kind === 'text' || f.kind === 'textarea' || f.kind === 'editable');

/** A click or tick the person named in their own words: if it is a consent, it is theirs (the policy lets it through). */
export function askedByPerson(step: SkillStep): SkillStep {
  return step !== 'done' && step.type === 'act' ? { ...step, personAsked: true } : step;
}
