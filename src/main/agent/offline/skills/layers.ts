import type { StepRecord } from '../../loop/actions.ts';
import type { PageModel } from '../../page-model/types.ts';
import { coverage, normText, rank, usableButtons } from '../refs.ts';
import { act, notFound, type SkillStep, verified } from './step.ts';

/**
 * Layers over a page — dialogs, banners, promotions, consent bars — closed or accepted as a
 * person would: with the layer's own button, never accepting what it offers unless asked.
 */
export const DISMISS =
  /^(close|dismiss|no thanks|not now|later|maybe later|skip|cancel|reject|decline|refuse|(?:only\s+)?(?:necessary|essential)|×|✕|x|닫기|취소|다음에|나중에|거절|거부|필수|괜찮|아니)/i;
export const ACCEPT = /^(accept|agree|allow|ok|got it|i agree|yes|동의|확인|수락|허용|모두 동의|예)/i;

export function dismiss(accept: boolean, ref: string | undefined, model: PageModel, mine: StepRecord[]): SkillStep {
  const dialogs = [...model.dialogs].sort((a, b) => Number(b.modal) - Number(a.modal));
  const d = (ref ? rank(ref, dialogs, (x) => [x.text], 0.2)[0]?.item : undefined) ?? dialogs[0];
  if (!d) return verified(mine).length ? 'done' : (closeBanner(ref, model) ?? notFound('a dialog or banner'));
  const first = accept ? ACCEPT : DISMISS;
  const second = accept ? DISMISS : ACCEPT;
  const b = d.buttons.find((x) => first.test(normText(x.text))) ?? d.buttons.find((x) => second.test(normText(x.text))) ?? d.buttons[0];
  if (!b) return notFound(`a button to close "${d.text.slice(0, 40)}"`);
  return act({ kind: 'click', handle: b.handle }, b.text, `${accept ? 'accept' : 'dismiss'} "${d.text.slice(0, 50)}"`, { kind: 'change' });
}

/** A button that only closes what holds it: "✕", "×", "Close", "Close banner", "닫기", "배너 닫기". */
const CLOSER = /^(?:×|✕|✖|x|close|dismiss|hide|닫기|닫음|그만 보기|오늘 하루 보지 않기)(?![\p{L}\p{N}])|(?:close|dismiss|hide|닫기)$/iu;

/**
 * A banner or a notice the page draws without calling it a dialog ("close the strip at the
 * top"): its own close button — the only one on the page, or the first when the person said it
 * is at the top. Undefined when none, or when several could be meant.
 */
function closeBanner(ref: string | undefined, model: PageModel): SkillStep | undefined {
  const closers = usableButtons(model).filter((b) => b.form < 0 && CLOSER.test(normText(b.text)));
  const b = closers.length === 1 || (ref && /\b(?:top|upper)\b|위|상단|맨 위/i.test(ref)) ? closers[0] : undefined;
  if (!b) return undefined;
  return act({ kind: 'click', handle: b.handle }, b.text, `"${b.text}" closes what holds it${ref ? ` ("${ref}")` : ''}`, {
    kind: 'change',
  });
}

/**
 * The last click hit something laid over its target (a promotion, a banner): a person closes
 * that first. The cover is the dialog or overlay whose words the failure names, else the one on
 * top; it is closed with its own dismiss button (never an accept), at most twice in a run.
 */
export function uncover(model: PageModel, history: StepRecord[]): SkillStep | undefined {
  const last = history.at(-1);
  if (!last || last.ok || last.error?.code !== 'TARGET_OBSCURED') return undefined;
  if (history.filter((s) => s.why.startsWith('uncover:')).length >= 2) return undefined;
  const said = normText(/covered by \S+ "([^"]*)"/.exec(last.error.message)?.[1] ?? '');
  // (never the dialog the target itself is in: that is the errand's own form, with something open inside it)
  const lastHandle = 'handle' in last.action ? last.action.handle : undefined;
  const target = lastHandle
    ? (model.buttons.find((b) => b.handle === lastHandle) ?? model.fields.find((f) => f.handle === lastHandle))
    : undefined;
  const covers = [...model.dialogs]
    .filter((x) => !target?.regions.includes(`dialog:${x.idx}`))
    .sort((a, b) => Number(b.modal) - Number(a.modal));
  // (inside its own dialog with no other layer over it, what covers it is something open inside: closing the dialog would lose the errand)
  if (!covers.length && target?.regions.some((r) => r.startsWith('dialog:'))) return undefined;
  const d = covers.find((x) => said.length >= 4 && normText(x.text).includes(said.slice(0, 24).trim())) ?? covers[0];
  const closers = d ? d.buttons : usableButtons(model);
  // a cover that is itself the control ("화면을 터치하여 시작하세요", "Tap anywhere to start"): touching it is what it asks
  const itself = () =>
    said.length >= 4 ? usableButtons(model).find((x) => !ACCEPT.test(normText(x.text)) && coverage(said, [x.text]) >= 0.6) : undefined;
  const b = closers.find((x) => DISMISS.test(normText(x.text)) && !ACCEPT.test(normText(x.text))) ?? itself();
  if (!b) return undefined;
  return act(
    { kind: 'click', handle: b.handle },
    b.text,
    `uncover: "${(d?.text ?? said).slice(0, 50)}" lies over the control; close it first`,
    {
      kind: 'change',
    },
  );
}
