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

describe('the items named most', () => {
  it('keeps every item named equally, in the order shown', async () => {
    const { namedByWords } = await import('../../../../src/main/packs/shared/pick-by-words.ts');
    const flights = [
      { id: '0', words: "티웨이항공 T'way Air TW854" },
      { id: '1', words: '제주항공 Jeju Air 7C141' },
      { id: '2', words: '제주항공 Jeju Air 7C225' },
    ];
    expect(namedByWords('the Jeju Air one', flights)).toEqual(['1', '2']);
    expect(namedByWords('제주항공 7C225로 예약해줘', flights)).toEqual(['2']);
    expect(namedByWords('2번으로 예약해줘', flights)).toEqual([]);
  });
});
