import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../../../../src/main/agent/loop/actions.ts';
import { chooseSeats } from '../../../../../src/main/agent/offline/skills/seats.ts';
import { buttonOf, pageModelOf } from '../../page-model-parts.ts';

/** Rows A–E of seats 1–6; sold ones disabled, chosen ones pressed. */
const map = (sold: string[], chosen: string[] = []) =>
  pageModelOf({
    buttons: 'ABCDE'
      .split('')
      .flatMap((r, ri) =>
        [1, 2, 3, 4, 5, 6].map((n) =>
          buttonOf(`0:${ri * 10 + n}`, `${r}열 ${n}번`, { disabled: sold.includes(`${r}${n}`), selected: chosen.includes(`${r}${n}`) }),
        ),
      ),
  });
const clicked = (s: ReturnType<typeof chooseSeats>) => (s !== 'done' && s.type === 'act' && 'handle' in s.action ? s.target : s);
const refused: StepRecord[] = [
  { index: 0, source: 'decided', action: { kind: 'click', handle: '0:23' }, target: 'C열 3번', why: 'any seat', ok: true, observed: '' },
  { index: 1, source: 'decided', action: { kind: 'click', handle: '0:24' }, target: 'C열 4번', why: 'any seat', ok: true, observed: '' },
  {
    index: 2,
    source: 'decided',
    action: { kind: 'click', handle: '0:22' },
    target: 'C열 2번',
    why: 'any seat',
    ok: false,
    observed: 'the page says: 2석까지만',
  },
];

describe('seats on a seat map', () => {
  it('the seats named, one at a time; done when both are chosen', () => {
    expect(clicked(chooseSeats({ kind: 'seats', seats: ['D3', 'D4'] }, map([]), []))).toBe('D열 3번');
    expect(clicked(chooseSeats({ kind: 'seats', seats: ['D3', 'D4'] }, map([], ['D3']), []))).toBe('D열 4번');
    expect(chooseSeats({ kind: 'seats', seats: ['D3', 'D4'] }, map([], ['D3', 'D4']), [])).toBe('done');
  });

  it('a sold seat stops the run and says so; nothing else is clicked', () => {
    const s = chooseSeats({ kind: 'seats', seats: ['D3'] }, map(['D3']), []);
    expect(s !== 'done' && s.type === 'fail' && s.why).toContain('D3');
  });

  it('any seats: free ones in the middle, next to each other, as many as said', () => {
    expect(clicked(chooseSeats({ kind: 'seats', seats: [], any: true, count: 2 }, map(['C3']), []))).toMatch(/^C열 [34]번$/);
    expect(clicked(chooseSeats({ kind: 'seats', seats: [], any: true, count: 2 }, map([], ['C3']), []))).toMatch(/^C열 [24]번$/);
    expect(chooseSeats({ kind: 'seats', seats: [], any: true, count: 2 }, map([], ['C3', 'C4']), [])).toBe('done');
  });

  it('any seats, how many unknown: until the page takes no more', () => {
    expect(chooseSeats({ kind: 'seats', seats: [], any: true }, map([], ['C3', 'C4']), refused)).toBe('done');
  });

  it("seats that show only their number, the row known by the letter at the row's start", () => {
    const bare = pageModelOf({
      buttons: 'ABC'
        .split('')
        .flatMap((r, ri) =>
          [1, 2, 3, 4].map((n) => buttonOf(`0:${ri * 10 + n}`, String(n), { cell: { row: r, col: '' }, disabled: r === 'B' && n === 2 })),
        ),
    });
    const s = chooseSeats({ kind: 'seats', seats: ['B3'] }, bare, []);
    expect(s !== 'done' && s.type === 'act' && 'handle' in s.action && s.action.handle).toBe('0:13');
    const sold = chooseSeats({ kind: 'seats', seats: ['B2'] }, bare, []);
    expect(sold !== 'done' && sold.type).toBe('fail');
  });

  it('a seat map that shows no chosen state: a seat clicked once (the page changed) counts as chosen, never clicked again', () => {
    const once = [
      {
        index: 0,
        source: 'decided' as const,
        action: { kind: 'click' as const, handle: '0:33' },
        target: 'D열 3번',
        why: 'seat D3',
        ok: true,
        observed: '',
      },
    ];
    const s = chooseSeats({ kind: 'seats', seats: ['D3', 'D4'] }, map([]), once);
    expect(clicked(s)).toBe('D열 4번');
  });
});
