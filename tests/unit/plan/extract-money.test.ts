import { describe, expect, it } from 'vitest';
import { moneyIn, parseMoney, typeRows } from '../../../src/main/plan/extract.ts';

describe('money read from result text', () => {
  it('a number that counts nights, guests or items is not an amount', () => {
    expect(parseMoney('1박 기준')).toBeNull();
    expect(parseMoney('2 nights')).toBeNull();
    expect(parseMoney('1박 기준 124,000')).toBe(124000);
    expect(moneyIn('1 night ₩124,000')).toEqual({ value: 124000, marked: true });
    expect(moneyIn('124,000')).toEqual({ value: 124000, marked: false });
  });

  it('a price element that shows only a unit gives way to the amount with a currency mark in its row', () => {
    const rows = typeRows([{ _text: '북촌 달빛 한옥 ★ 4.6 1박 기준 ₩124,000', price: '1박 기준' }], ['price']);
    expect(rows[0]?.price).toBe(124000);
    const unmarked = typeRows([{ _text: '1 room · total ₩372,000', price: '124,000' }], ['price']);
    expect(unmarked[0]?.price).toBe(372000);
  });
});
