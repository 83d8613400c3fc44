import type { PageModel } from '../page-model/types.ts';
import type { StepRecord } from './actions.ts';

/**
 * The request ends by asking the page to do something with the values: look up, search, send,
 * apply, book. Korean by the verb stem before the request's ending ("조회해줘", "검색해 주세요"),
 * English by the verb that starts the request or follows "and/then".
 */
const ASKS_PAGE_TO_ACT = [
  /(?:조회|검색|찾아|보내|제출|신청|예약|예매|주문|가입|등록|전송|접수)\s*(?:해|하|해서)?\s*(?:줘|주세요|줄래|주실래요|봐|보세요|달라)?\s*[.!?~]*\s*$/,
  /^(?:please\s+)?(?:search|look\s+up|track|send|submit|apply|book|reserve|order|register|sign\s+up)\b/i,
  /\b(?:and|then)\s+(?:search|look\s+(?:it\s+)?up|track|send|submit|apply|book|reserve|order|register|sign\s+up)\b/i,
];

/** Steps that ask the page to act: a click, a key, a navigation. Filling and choosing only set values. */
const ACTING = new Set(['click', 'press', 'navigate']);

/**
 * A run about to be called done that only set values, while the request asked the page to act on
 * them, and nothing on the page moved (no click or key, no request to the site, the same address):
 * the lookup or the sending was never done, so it is not claimed.
 */
export function unsentRequest(request: string | undefined, steps: StepRecord[], startUrl: string, url: string): boolean {
  if (!request || !ASKS_PAGE_TO_ACT.some((re) => re.test(request.trim()))) return false;
  if (url !== startUrl) return false;
  return !steps.some((s) => s.ok && (ACTING.has(s.action.kind) || (s.sent ?? 0) > 0));
}

/**
 * A field this run filled that the page now marks invalid (`aria-invalid`): the page refused the
 * value, whatever its message says. The field's label, or undefined.
 */
export function refusedValue(steps: StepRecord[], model: PageModel): string | undefined {
  const filled = new Set(steps.flatMap((s) => (s.ok && 'handle' in s.action && s.action.handle ? [s.action.handle] : [])));
  const f = model.fields.find((x) => x.invalid && filled.has(x.handle));
  return f ? f.label || f.texts[0] || f.purpose : undefined;
}

/**
 * The run opened a dialog and its last step put a value into one of the dialog's fields: what was
 * typed there has not been sent (a booking's member number, an offer's amount). The dialog's
 * words, or undefined. A dialog that was open before the run is the person's to send.
 */
export function filledInOpenDialog(steps: StepRecord[], model: PageModel, openAtStart: Set<string>): string | undefined {
  const last = steps.at(-1);
  if (!last?.ok || !['fill', 'type', 'select', 'check'].includes(last.action.kind) || !('handle' in last.action)) return undefined;
  const handle = last.action.handle;
  const field = model.fields.find((f) => f.handle === handle);
  const open = model.dialogs.find((d) => d.kind === 'dialog' && field?.regions.includes(`dialog:${d.idx}`));
  if (!open || openAtStart.has(open.text)) return undefined;
  return open.buttons.some((b) => !b.disabled) ? open.text.slice(0, 60) : undefined;
}

/** Verbs that ask for something to be committed on the site: booked, sent, applied for, ordered. */
const COMMIT =
  /\b(?:book|reserve|order|apply|submit|send|enrol+|register|sign (?:me )?up|subscribe|unsubscribe|request|place (?:a|an|my|the)? ?(?:order|hold|bid)|put me on)\b|신청|예약|예매|주문|제출|보내|전송|접수|가입|등록|구독|남겨/i;

/** Buttons that send what the page holds, though their words name no errand: "확인", "OK", "Done", "Save". */
const SENDS_HERE = /^(?:확인|완료|저장|제출|ok|okay|done|save|confirm|continue|go)\b|^(?:확인|완료|저장|제출)/i;

/** "don't book it yet", "보내지는 말고": the request holds the commit back. */
const HELD = /\b(?:don'?t|do not|without|not yet|never)\b|하지\s*(?:마|말)|지\s*말고|말고|아직/i;

/**
 * The request asked for something to be committed (booked, sent, applied for), nothing that
 * sends was pressed (no control whose words commit: "Book", "신청", "Send") and nothing was
 * written to the site (every count known, all zero): it was not done — pressing "조회" is not
 * enrolling. The verb as said, or undefined.
 */
export function commitNotSent(request: string | undefined, steps: StepRecord[]): string | undefined {
  const verb = request && !HELD.test(request) ? COMMIT.exec(request)?.[0] : undefined;
  if (!verb || !steps.length) return undefined;
  if (
    steps.some(
      (s) => s.ok && (s.action.kind === 'click' || s.action.kind === 'press') && (COMMIT.test(s.target) || SENDS_HERE.test(s.target)),
    )
  )
    return undefined;
  return steps.every((s) => s.wrote === 0) ? verb : undefined;
}
