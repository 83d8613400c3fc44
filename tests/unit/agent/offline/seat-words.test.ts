import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../../../src/main/agent/offline/grammar.ts';
import { seatId } from '../../../../src/main/agent/offline/seat-words.ts';

describe('seats said by row and number', () => {
  it('"F열 7번, 8번 선택하고 선택 완료 눌러줘": the bare "8번" after the comma is a seat of the same row', () => {
    expect(parseCommand('F열 7번, 8번 선택하고 선택 완료 눌러줘').clauses).toEqual([
      { kind: 'seats', seats: ['F7', 'F8'] },
      { kind: 'click', ref: '선택 완료' },
    ]);
  });

  it('"take seats F7 and F8 and confirm"', () => {
    expect(parseCommand('take seats F7 and F8 and confirm').clauses).toEqual([{ kind: 'seats', seats: ['F7', 'F8'] }, { kind: 'submit' }]);
  });

  it('"자리는 아무 데나 괜찮아" and "any two seats": free seats, as many as the page or the person says', () => {
    expect(parseCommand('자리는 아무 데나 괜찮아').clauses).toEqual([{ kind: 'seats', seats: [], any: true }]);
    expect(parseCommand('any two seats').clauses).toEqual([{ kind: 'seats', seats: [], any: true, count: 2 }]);
  });

  it("a seat's own name in the ways pages write it", () => {
    expect(['F열 7번', 'F열 7번 (예매 완료)', 'Row F, Seat 7', 'F7', 'F-7', 'Seat F7'].map(seatId)).toEqual([
      'F7',
      'F7',
      'F7',
      'F7',
      'F7',
      'F7',
    ]);
    expect(seatId('Page 7')).toBeUndefined();
    expect(seatId('Seat 7 (window)')).toBeUndefined();
  });
});
