import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../../../../src/main/agent/loop/actions.ts';
import { keypadOf, tapDigits, typeOnKeypad } from '../../../../../src/main/agent/offline/skills/keypad.ts';
import { buttonOf, fieldOf, pageModelOf } from '../../page-model-parts.ts';

/** A shuffled keypad (as security keypads draw them) with its clear and back keys. */
const keys = ['7', '3', '9', '1', '5', '0', '8', '2', '6', '4'].map((d, i) => buttonOf(`0:${20 + i}`, d));
const clear = buttonOf('0:30', '지우기');
const back = buttonOf('0:31', '한 글자 지우기');
const box = (value: string) => fieldOf('생년월일 6자리', { handle: '0:1', readonly: true, value });
const page = (value: string, buttons = [...keys, clear, back]) => pageModelOf({ fields: [box(value)], buttons });
const tappedBox: StepRecord[] = [
  { index: 0, source: 'decided', action: { kind: 'click', handle: '0:1' }, target: '생년월일', why: 'tap', ok: true, observed: '' },
];
const handleOf = (s: ReturnType<typeof typeOnKeypad>) =>
  s && s !== 'done' && s.type === 'act' && 'handle' in s.action ? s.action.handle : s;

describe('a read-only box filled from an on-screen keypad', () => {
  it('finds the ten digit keys in any order, the clear key and the back arrow known by its label', () => {
    const pad = keypadOf(page(''));
    expect(pad?.digits.get('9')?.handle).toBe('0:22');
    expect(pad?.clear?.handle).toBe('0:30');
    expect(pad?.back?.handle).toBe('0:31');
    expect(keypadOf(page('', keys.slice(0, 9)))).toBeUndefined();
  });

  it('taps the box first, then the next digit of the value, each expecting the box to show one digit more', () => {
    expect(handleOf(typeOnKeypad(box(''), '940312', page(''), []))).toBe('0:1');
    const step = typeOnKeypad(box('94'), '940312', page('94'), tappedBox);
    expect(handleOf(step)).toBe('0:25');
    expect(step !== 'done' && step?.type === 'act' && step.expect).toEqual({ kind: 'value', handle: '0:1', value: '940' });
    expect(typeOnKeypad(box('940312'), '940312', page('940312'), tappedBox)).toBe('done');
  });

  it('a box holding something else is cleared first; a value with letters is not for a keypad', () => {
    expect(handleOf(typeOnKeypad(box('12'), '940312', page('12'), tappedBox))).toBe('0:30');
    expect(typeOnKeypad(box(''), 'abc', page(''), tappedBox)).toBeUndefined();
  });

  it('digit keys known by a short label around their digit ("숫자 9", "Digit 4")', () => {
    const labelled = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d, i) =>
      buttonOf(`0:${40 + i}`, i % 2 ? `숫자 ${d}` : `Digit ${d}`),
    );
    expect(keypadOf(pageModelOf({ buttons: labelled }))?.digits.get('9')?.handle).toBe('0:49');
  });

  it('a PIN pad with no box: the digits tapped in order, counted by the taps that ran', () => {
    const model = pageModelOf({ buttons: [...keys, clear, back] });
    const tapped = (n: number): StepRecord[] =>
      Array.from({ length: n }, (_, i) => ({
        index: i,
        source: 'decided' as const,
        action: { kind: 'click' as const, handle: '0:20' },
        target: 'x',
        why: `put "2580" in "PIN": keypad digit ${i + 1} of 4`,
        ok: true,
        observed: '',
      }));
    expect(handleOf(tapDigits('2580', model, []))).toBe('0:27');
    expect(handleOf(tapDigits('2580', model, tapped(2)))).toBe('0:26');
    expect(tapDigits('2580', model, tapped(4))).toBe('done');
    // the last digit sent them and the pad is gone: done, not "no field"
    expect(tapDigits('2580', pageModelOf({}), tapped(4))).toBe('done');
    expect(tapDigits('abc', model, [])).toBeUndefined();
  });
});
