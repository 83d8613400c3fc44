import type { StepRecord } from '../loop/actions.ts';
import type { PageModel } from '../page-model/types.ts';
import { fillPlace } from './fill-place.ts';
import { choiceSet } from './mention.ts';
import { normText, offeredLabels, similarity } from './refs.ts';
import { choose } from './skills/controls.ts';
import { putValue } from './skills/field.ts';
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

/** The words are, space for space, one choice the page offers: a button's, a group option's or a list option's. */
export function offeredWordForWord(words: string, model: PageModel): boolean {
  const w = normText(words);
  if (!w) return false;
  return offeredLabels(model).some((l) => normText(l) === w);
}

/**
 * "3 nights in the cabin", "2 kg", "6 laps": a number said with words that name one box (its
 * label or its unit) — the number goes into that box. Undefined when the words name no box, or
 * a list whose options are words.
 */
export function numberForNamedBox(said: string, model: PageModel, mine: StepRecord[], now?: Date): SkillStep | undefined {
  const m = /^(\d{1,4}(?:\.\d+)?)\s*([\p{L}][\p{L}\s'-]*)$/u.exec(said.trim());
  if (!m?.[1] || !m[2]) return undefined;
  const place = fillPlace(m[2].trim(), m[1], model, now);
  if (!place || !('field' in place)) return undefined;
  const f = place.field;
  if (!['number', 'range', 'text', 'select'].includes(f.kind)) return undefined;
  return putValue(f, m[1], model, mine, now);
}

/**
 * "픽업 장소 서문", "size large": a control's name said first and the option after it, with no
 * particle between. The first split whose leading words name a list, a group or a dropdown and
 * whose rest is one of its options (or opens it to look) is taken. Undefined when none is.
 */
export function nameThenOption(said: string, model: PageModel, mine: StepRecord[]): SkillStep | undefined {
  const words = said.trim().split(/\s+/);
  for (let k = 1; k < words.length && k <= 3; k++) {
    const ref = words.slice(0, k).join(' ');
    const option = words.slice(k).join(' ');
    const names = [
      ...model.fields.filter((f) => f.kind === 'select' || f.kind === 'combobox').map((f) => [f.label, ...f.texts]),
      ...model.groups.map((g) => [g.label]),
      ...model.buttons.filter((b) => b.expanded !== null).map((b) => [b.text]),
    ];
    if (!names.some((n) => similarity(ref, n) >= 0.5)) continue;
    const step = choose(option, ref, model, mine);
    if (step === 'done' || step.type !== 'fail') return step;
  }
  return undefined;
}
