import type { StepRecord } from '../../loop/actions.ts';
import type { Button, Field, PageModel } from '../../page-model/types.ts';
import { normText, usableButtons } from '../refs.ts';
import { act, type SkillStep, verified } from './step.ts';

/** A key that empties the box, and one that takes back the last digit (often an arrow known by its label). */
const CLEAR = /^(?:지우기|전체\s*(?:삭제|지우기)|모두\s*지우기|초기화|재입력|clear(?:\s+all)?|reset|c|ac)$/i;
const BACK =
  /^(?:←|⌫|⬅|◀|<|back\s*space|backspace|back|del(?:ete)?(?:\s+one)?|한\s*(?:글자|자리)\s*지우기|하나\s*지우기|지우기\s*한\s*글자)$/i;

export interface Keypad {
  digits: Map<string, Button>;
  clear: Button | undefined;
  back: Button | undefined;
}

/**
 * An on-screen keypad: ten buttons each known by one digit 0–9 (in any order: security keypads
 * shuffle them), outside calendars, records and page links, with its clear and back keys.
 */
export function keypadOf(model: PageModel): Keypad | undefined {
  const pages = new Set(model.pagination.pages.map((p) => p.handle));
  const keys = usableButtons(model).filter(
    (b) => b.kind !== 'link' && !pages.has(b.handle) && !b.regions.some((r) => /^(?:f\d+\.)?(?:rec|cal):/.test(r)),
  );
  const digits = new Map<string, Button>();
  for (const b of keys) {
    // "9", or a short label around one digit ("숫자 9", "Digit 9", "9번")
    const t = /^\D{0,6}?(\d)\D{0,4}$/.exec(b.text.trim())?.[1];
    if (t && b.text.trim().length <= 10 && !digits.has(t)) digits.set(t, b);
  }
  if (digits.size < 10) return undefined;
  const words = (b: Button) => normText(b.text);
  return { digits, clear: keys.find((b) => CLEAR.test(words(b))), back: keys.find((b) => BACK.test(words(b)) || BACK.test(b.text.trim())) };
}

/**
 * A box the page fills only from its own keypad (read-only, no typing): a person taps the box
 * (which is what tells many such pages where the digits go, and opens the keypad on others),
 * clears what it holds when that is not the start of the value, then taps the digits in order.
 * Each tap is verified by the box showing one digit more.
 */
export function typeOnKeypad(field: Field, value: string, model: PageModel, mine: StepRecord[]): SkillStep | undefined {
  if (!/^[\d\s./-]+$/.test(value.trim())) return undefined;
  const want = value.replace(/\D/g, '');
  // a box that shows its digits masked ("●●●") says only how many it holds
  const masked = /^[●•*∙·]+$/.test(field.value.trim());
  const has = masked ? want.slice(0, field.value.trim().length) : field.value.replace(/\s/g, '');
  if (has === want) return 'done';
  const tapped = verified(mine).some((s) => s.action.kind === 'click' && s.action.handle === field.handle);
  const pad = keypadOf(model);
  // no keypad shown yet: only a value of bare digits is worth a tap to bring one up (a date box opens its calendar)
  if (!pad && (tapped || !/^\d+$/.test(value.trim()))) return undefined;
  if (!tapped) {
    // the box first: it says where the digits go (and opens the keypad when it is not shown yet)
    return act({ kind: 'click', handle: field.handle }, field.label, `"${field.label}" is filled from the page's keypad: tap it first`, {
      kind: 'nothing',
    });
  }
  if (!pad) return undefined;
  if (!want.startsWith(has)) {
    if (pad.clear)
      return act({ kind: 'click', handle: pad.clear.handle }, pad.clear.text, `"${field.label}" holds "${has}": clear it`, {
        kind: 'value',
        handle: field.handle,
        value: '',
      });
    if (pad.back)
      return act({ kind: 'click', handle: pad.back.handle }, pad.back.text, `"${field.label}" holds "${has}": take back a digit`, {
        kind: 'value',
        handle: field.handle,
        value: has.slice(0, -1),
      });
    return { type: 'fail', code: 'ACTION_NO_EFFECT', why: `"${field.label}" holds "${has}" and the keypad has no key to clear it.` };
  }
  const next = want[has.length] as string;
  const key = pad.digits.get(next) as Button;
  return act(
    { kind: 'click', handle: key.handle },
    next,
    `keypad: "${next}" for "${field.label}" (${has.length + 1} of ${want.length})`,
    masked ? { kind: 'change' } : { kind: 'value', handle: field.handle, value: has + next },
  );
}

/**
 * Digits for a keypad that shows them in no box (a PIN pad that draws dots): the digits tapped
 * in order, counted by the taps that ran. Dots show no words to check one tap by; what the
 * digits open or send (the next page, the request) is what shows they were taken.
 */
export function tapDigits(value: string, model: PageModel, mine: StepRecord[]): SkillStep | undefined {
  if (!/^\d[\d\s-]*$/.test(value.trim())) return undefined;
  const want = value.replace(/\D/g, '');
  const taken = verified(mine).filter((s) => s.why.includes('keypad digit ')).length;
  // every digit tapped (the pad may be gone: the last one sent them)
  if (taken && taken >= want.length) return 'done';
  const pad = keypadOf(model);
  if (!pad) return undefined;
  const key = pad.digits.get(want[taken] as string) as Button;
  // (dots coloured in show no words to check a tap by: what the digits open or send is the check)
  return act({ kind: 'click', handle: key.handle }, key.text, `keypad digit ${taken + 1} of ${want.length}`, { kind: 'nothing' });
}
