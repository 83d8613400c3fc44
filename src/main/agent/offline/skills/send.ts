import type { StepRecord } from '../../loop/actions.ts';
import type { Button, Field, PageModel } from '../../page-model/types.ts';
import { TAKES_AWAY } from '../piece-shapes.ts';
import { normText, usableButtons } from '../refs.ts';
import { submit } from './controls.ts';
import { act, type SkillStep, verified } from './step.ts';

/**
 * Finishing what a row's action opened — a modal form, an offer box, a chat drawer: the amount
 * goes into its price field and the message into its message box (the person's details were
 * placed by then), and it is sent by its own send button, or by Enter in the message box when
 * it has none. Nothing opened and nothing to put in: done.
 */
const SEND =
  /^(?:send|submit|confirm|ok|yes|book|reserve|offer|make offer|place|join|request|order|buy|pay|check ?out|apply|register|sign up|보내기|전송|확인|제출|제안|예약|신청|등록|완료|대기|주문|구매|결제)|(?:보내기|전송|하기)$/i;
const NOT_SEND = /cancel|close|back|취소|닫기|이전|✕|×/i;
const AMOUNT = /price|amount|offer|bid|가격|금액|제안/i;
const MESSAGE = /message|chat|reply|메시지|채팅|내용|답장/i;

/** The thing the action opened: the top dialog or drawer, as its fields and buttons. */
function opened(model: PageModel): { fields: Field[]; buttons: Button[] } | undefined {
  const d = model.dialogs.find((x) => x.modal) ?? model.dialogs.at(-1);
  if (!d) return undefined;
  const tag = `dialog:${d.idx}`;
  return {
    fields: model.fields.filter((f) => f.regions.includes(tag) && !f.disabled && !f.readonly),
    buttons: d.buttons.filter((b) => !b.disabled),
  };
}

/** No dialog: what the page shows outside its rows (a form the action revealed below them). */
function inline(model: PageModel): { fields: Field[]; buttons: Button[] } {
  const free = (regions: string[]) => !regions.some((r) => /^(rec|cal|list):/.test(r));
  return {
    fields: model.fields.filter((f) => free(f.regions) && !f.disabled && !f.readonly),
    buttons: usableButtons(model).filter((b) => free(b.regions) && b.kind !== 'link'),
  };
}

const textual = (f: Field) => f.kind === 'text' || f.kind === 'number' || f.kind === 'textarea' || f.kind === 'editable';

export function sendOpened(
  what: { message?: string; amount?: string },
  model: PageModel,
  mine: StepRecord[],
  history: StepRecord[] = mine,
): SkillStep {
  const done = verified(mine);
  if (done.some((s) => s.why.includes('sent: '))) return 'done';
  // what was filled since the row's own button was pressed (the details placed on what it opened)
  const rowAt = history.findIndex((h) => h.ok && h.why.includes('row: '));
  const filled = history
    .slice(rowAt + 1)
    .flatMap((h) =>
      h.ok && h.action.kind !== 'click' && h.action.kind !== 'press' && 'handle' in h.action && h.action.handle ? [h.action.handle] : [],
    );
  const dialog = opened(model);
  if (!dialog) {
    // the row's button did it all (a waitlist joined at once): nothing opened, nothing to put in, nothing filled
    if (!what.message && !what.amount && !filled.length) return 'done';
    // a form the button revealed on the page: sent as forms are, with its own button
    if (!what.message && !what.amount) {
      const step = submit(model, mine, filled);
      return step !== 'done' && step.type === 'act' ? { ...step, why: `sent: ${step.why}` } : step;
    }
  }
  const box = dialog ?? inline(model);
  const words = (f: Field) => [f.label, ...f.texts].join(' ');
  if (what.amount && !done.some((s) => s.why.includes('amount: '))) {
    const f =
      box.fields.find((x) => textual(x) && x.kind !== 'textarea' && AMOUNT.test(words(x))) ??
      box.fields.find((x) => textual(x) && !x.value);
    if (!f) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: 'What opened has no place for the amount.' };
    return act({ kind: 'fill', handle: f.handle, value: what.amount }, f.label, `amount: ${what.amount} in "${f.label}"`, {
      kind: 'change',
    });
  }
  const talk = what.message
    ? (box.fields.find((x) => x.kind === 'textarea') ??
      box.fields.find((x) => textual(x) && MESSAGE.test(words(x))) ??
      box.fields.find((x) => textual(x) && !x.value))
    : undefined;
  if (what.message && !done.some((s) => s.why.includes('message: '))) {
    if (!talk) return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: 'What opened has no box to write the message in.' };
    return act({ kind: 'fill', handle: talk.handle, value: what.message }, talk.label, `message: "${what.message}"`, { kind: 'change' });
  }
  // (a button whose words send, else the form's own submit button whatever its words — never one that takes something away)
  const sends = box.buttons.filter((b) => !NOT_SEND.test(b.text) && !TAKES_AWAY.test(b.text));
  const send = sends.filter((b) => SEND.test(normText(b.text))).at(-1) ?? sends.filter((b) => b.kind === 'submit').at(-1);
  if (send) return act({ kind: 'click', handle: send.handle }, send.text, `sent: press "${send.text}"`, { kind: 'change' });
  if (talk)
    return act({ kind: 'press', key: 'Enter', handle: talk.handle }, talk.label, 'sent: Enter in the message box', { kind: 'change' });
  return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: 'What opened has no button that sends it.' };
}
