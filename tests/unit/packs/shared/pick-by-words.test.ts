import { describe, expect, it } from 'vitest';
import { pickByWords } from '../../../../src/main/packs/shared/pick-by-words.ts';

const items = [
  { id: 'a', words: '무선 충전 패드 Wireless charging pad' },
  { id: 'b', words: 'AirPods Pro 2 (USB-C)' },
  { id: 'c', words: 'Galaxy Buds3 Pro' },
];

describe('a pick among items shown, by their words', () => {
  it.each([
    ['the Galaxy Buds one', 'c'],
    ['buds', 'c'],
    ['the AirPods', 'b'],
    ['충전 패드 주문이요', 'a'],
    ['무선 충전패드로 할게요', 'a'],
    ['wireless charger', 'a'],
  ])('%s → %s', (text, id) => {
    expect(pickByWords(text, items)).toBe(id);
  });

  it('picks nothing when no item, or two items equally, are named', () => {
    expect(pickByWords('the Sony one', items)).toBeUndefined();
    expect(pickByWords('the Pro one', items)).toBeUndefined();
    expect(pickByWords('the one', items)).toBeUndefined();
  });
});
