import type { Decision, StepRecord } from '../loop/actions.ts';
import type { PageModel } from '../page-model/types.ts';
import { SENDS_ANY } from './grammar.ts';
import { namesControl } from './mention.ts';
import { HOLD } from './page-words.ts';
import { EMAIL, PHONE } from './piece-shapes.ts';
import { normText, usableButtons } from './refs.ts';
import { isOnward, onwardButton } from './wizard-step.ts';

/** A button that sends an errand ("가입하기", "Apply now", "Request my spot"), never one that deletes or cancels. */
const SEND_WORDS =
  /^(?:submit|send|apply|book|reserve|request|sign up|subscribe|register|order|buy|confirm)|(?:가입|신청|예약|제출|보내기|전송|등록|요청|주문|구매|확정|결제|접수)(?:하기)?$/i;
const DESTRUCTIVE = /delete|remove|cancel|reset|삭제|취소|초기화/i;
/** A button that moves filled-in details on to be checked or sent ("Review", "Continue", "예약 내용 확인", "다음"). */
const REVIEW = /^(?:review|continue|next|proceed|check (?:and|&) |confirm|계속|다음|진행)|(?:확인|검토)(?:하기)?$/i;

/**
 * An errand said without a verb ("travel insurance for Vietnam …, the cheapest plan") whose
 * pieces filled a form that has its own send: filled is not done — the person is asked whether
 * to send it. Undefined when the request said to send, or the errand read nothing for later.
 */
export function unsentSend(model: PageModel, history: StepRecord[], text: string, placedAny: boolean): Decision | undefined {
  if (history.some((h) => h.ok && h.observed.startsWith('the page moved'))) return undefined;
  const filled = new Set(history.flatMap((h) => (h.ok && 'handle' in h.action && h.action.handle ? [h.action.handle] : [])));
  // (an errand said with its verb — "rent …", "주문 …" — whose readings filled the form but sent nothing is not done either)
  const errand = SENDS_ANY.test(text) && history.filter((h) => h.ok && h.action.kind === 'fill').length >= 2;
  if (!placedAny && !errand) return undefined;
  if (history.some((h) => (h.wrote ?? 0) > 0)) return undefined;
  const form = model.forms.find((f) => f.fields.some((x) => filled.has(x.handle)));
  // the last step of a wizard whose values were set on earlier steps: the one form send the page shows now
  const lastSet = history.at(-1);
  const sends = usableButtons(model).filter((b) => b.kind === 'submit' && !DESTRUCTIVE.test(b.text));
  const wizardSend = !form && lastSet?.ok && !lastSet.observed.startsWith('the page moved') && sends.length === 1 ? sends[0] : undefined;
  // (or, on a page whose fields this run filled, the button that moves them on: "예약 내용 확인", "Review")
  const onward = filled.size >= 2 ? usableButtons(model).find((b) => b.kind !== 'link' && REVIEW.test(normText(b.text))) : undefined;
  if (!form && !wizardSend && !onward) return undefined;
  if (HOLD.test(text)) return undefined;
  const send =
    wizardSend ??
    form?.submit ??
    (sends.length === 1 ? sends[0] : undefined) ??
    usableButtons(model).find((b) => b.kind !== 'link' && SEND_WORDS.test(normText(b.text)) && !DESTRUCTIVE.test(b.text)) ??
    onward;
  if (!send || filled.has(send.handle)) return undefined;
  // the request named the send in its own words ("쿠폰 받아줘" and the button "쿠폰 받기"): it said to send;
  // so did one that gives the person's own contact details with no word of only filling them in
  // ("a large glaze batch on the 4th … Io Varga, io@…"): nobody leaves their e-mail on a form not to be sent
  // (the gate still asks before anything is sent for good)
  // (only when everything this run filled is in the form that send sends: a value put into another form is no errand done)
  const fields = model.fields.filter((f) => filled.has(f.handle));
  const oneForm =
    fields.length > 0 && fields.every((f) => f.form === fields[0]?.form) && (!form || form.fields.some((x) => x.form === fields[0]?.form));
  const sendsIt = send.form === -1 || send.form === fields[0]?.form;
  const contact = (EMAIL.test(text) || PHONE.test(text)) && !FILL_ONLY.test(text) && oneForm && sendsIt;
  if (namesControl(text, send.text) || contact)
    return {
      type: 'act',
      action: { kind: 'click', handle: send.handle },
      target: send.text,
      why: contact ? `send: the request gives the person's details for "${send.text}"` : `send: the request names "${send.text}"`,
      expect: { kind: 'change' },
    };
  return {
    type: 'ask',
    why: 'filled, not sent: the request did not say to send it',
    question: {
      ko: `요청하신 내용을 모두 채웠어요. "${send.text}"를 눌러 보낼까요?`,
      en: `Everything you asked for is filled in. Shall I press "${send.text}" to send it?`,
    },
  };
}

/** Words that ask only to fill a box in ("put my email in", "이메일 칸에 적어줘"), not to send. */
const FILL_ONLY = /\b(?:fill(?:\s+in|\s+out)?|put|enter|type|write)\b|입력|넣어|적어|써\s*(?:줘|주세요)|채워/i;

/**
 * Whether the last press only moved a wizard on (nothing was written to the site) to a step, not
 * moved on from before, that shows a send of its own.
 */
export function movedOnToSend(history: StepRecord[], model: PageModel, forwardedFrom: ReadonlySet<string>, key: string): boolean {
  const last = history.findLast((h) => h.ok && (h.action.kind === 'click' || h.action.kind === 'press'));
  const wrote = history.some((h) => (h.wrote ?? 0) > 0);
  return (
    !!last &&
    (isOnward(last.target) || REVIEW.test(normText(last.target)) || forwardedFrom.size > 0) &&
    last.wrote === 0 &&
    !wrote &&
    !forwardedFrom.has(key) &&
    forwardedFrom.size < 6 &&
    (!!onwardButton(model) || usableButtons(model).some((b) => b.kind === 'submit' || SEND_WORDS.test(normText(b.text))))
  );
}
