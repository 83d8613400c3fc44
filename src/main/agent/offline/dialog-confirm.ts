import type { Decision, StepRecord } from '../loop/actions.ts';
import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { HOLD } from './page-words.ts';
import { normText } from './refs.ts';

/** Buttons of a confirmation the action itself opened. */
const CONFIRM = /^(confirm|book|reserve|yes|ok|continue|place|pay|buy|submit|send|확인|예약|예|네|계속|구매|결제|신청|제출)/i;

/**
 * The action asked for opened its own confirmation: confirming it is part of the action — the
 * dialog's confirming button, once per run. Undefined when there is none to press.
 */
export function confirmDialog(model: PageModel, history: StepRecord[], clauses: Clause[], request: string): Decision | undefined {
  const last0 = history.at(-1);
  const lastClause = clauses.at(-1);
  // (or the dialog a press of this run opened, and whose fields it then filled: "Join waitlist" → member number → its own button)
  const opener = history.findLast((h) => h.ok && h.action.kind === 'click')?.target ?? '';
  const lastHandle = last0?.ok && 'handle' in last0.action ? last0.action.handle : undefined;
  const filledHere = (d: PageModel['dialogs'][number]) =>
    !!lastHandle && model.fields.some((f) => f.handle === lastHandle && f.regions.includes(`dialog:${d.idx}`));
  const dialogs = model.dialogs.filter((d) => d.kind === 'dialog');
  const confirm = dialogs.flatMap((d) => d.buttons).find((b) => CONFIRM.test(b.text.trim()) || repeatsVerb(b.text, last0?.target ?? ''));
  const sendFilled = HOLD.test(request)
    ? undefined
    : dialogs
        .filter(filledHere)
        .flatMap((d) => d.buttons)
        .find((b) => !b.disabled && (CONFIRM.test(b.text.trim()) || repeatsVerb(b.text, opener)));
  if (sendFilled && !history.some((h) => h.why.startsWith('confirm:')))
    return {
      type: 'act',
      action: { kind: 'click', handle: sendFilled.handle },
      target: sendFilled.text,
      why: `confirm: the dialog "${opener}" opened is filled; its "${sendFilled.text}" sends it`,
      expect: { kind: 'change' },
    };
  if (
    confirm &&
    last0?.ok &&
    lastClause &&
    ['result', 'click', 'submit', 'forward'].includes(lastClause.kind) &&
    !history.some((h) => h.why.startsWith('confirm:'))
  ) {
    return {
      type: 'act',
      action: { kind: 'click', handle: confirm.handle },
      target: confirm.text,
      why: `confirm: the page asks to confirm "${confirm.text}"`,
      expect: { kind: 'change' },
    };
  }
  return undefined;
}

/** A dialog's button that repeats the first word of the button just pressed ("Leave the list" → "Yes, leave"). */
function repeatsVerb(button: string, pressed: string): boolean {
  const verb = normText(pressed).split(' ')[0] ?? '';
  if (verb.length < 3 || /^(?:cancel|close|keep|no|back|취소|닫기|아니)/.test(verb)) return false;
  const words = normText(button).split(' ');
  return words.length <= 4 && words.includes(verb) && !/cancel|keep|back|취소|닫기|아니/i.test(button);
}
