import { describe, expect, it } from 'vitest';
import { setCounter } from '../../../../../src/main/agent/offline/skills/counters.ts';
import { pageModelOf } from '../../page-model-parts.ts';

const model = pageModelOf({
  steppers: [
    { label: '어른', value: 1, dec: '0:1', inc: '0:2' },
    { label: '청소년', value: 0, dec: '0:3', inc: '0:4' },
    { label: '어린이', value: 2, dec: '0:5', inc: '0:6' },
  ],
});
const clicked = (s: ReturnType<typeof setCounter>) => (s !== 'done' && s.type === 'act' && 'handle' in s.action ? s.action.handle : s);

describe('a counter named by its kind, in either language', () => {
  it('+ until it shows the number, − when it shows more, done when it shows it', () => {
    expect(clicked(setCounter({ kind: 'count', ref: '어른', n: 2 }, model, []))).toBe('0:2');
    expect(clicked(setCounter({ kind: 'count', ref: 'child', n: 1 }, model, []))).toBe('0:5');
    expect(setCounter({ kind: 'count', ref: 'adults', n: 1 }, model, [])).toBe('done');
  });

  it('a kind the page has no counter for is not found', () => {
    const s = setCounter({ kind: 'count', ref: 'seniors', n: 1 }, model, []);
    expect(s !== 'done' && s.type).toBe('fail');
  });
});

describe('a counter named by a word of the same meaning', () => {
  it('"어린이" for the counter "소인", "infants" for "유아"', () => {
    const m = pageModelOf({
      steppers: [
        { label: '대인', value: 0, dec: '0:1', inc: '0:2' },
        { label: '소인', value: 0, dec: '0:3', inc: '0:4' },
        { label: '유아', value: 0, dec: '0:5', inc: '0:6' },
      ],
    });
    expect(clicked(setCounter({ kind: 'count', ref: '어린이', n: 1 }, m, []))).toBe('0:4');
    expect(clicked(setCounter({ kind: 'count', ref: 'infants', n: 1 }, m, []))).toBe('0:6');
    expect(clicked(setCounter({ kind: 'count', ref: '어른', n: 2 }, m, []))).toBe('0:2');
  });
});
