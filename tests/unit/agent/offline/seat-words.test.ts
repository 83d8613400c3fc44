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
    expect(['F7 available', 'F-7 · sold'].map(seatId)).toEqual(['F7', 'F7']);
    expect(seatId('Page 7')).toBeUndefined();
    expect(seatId('A4 paper')).toBeUndefined();
    expect(seatId('Seat 7 (window)')).toBeUndefined();
  });
});

describe('going on to a named step', () => {
  it('"…잡고 결제로 넘어가줘": the seats, then the button for the step named; nothing said is dropped', () => {
    expect(parseCommand('아무 자리나 세 자리 잡고 결제로 넘어가줘')).toEqual({
      clauses: [
        { kind: 'seats', seats: [], any: true, count: 3 },
        { kind: 'click', ref: '결제|계속|다음|진행' },
      ],
      unknown: [],
    });
    expect(parseCommand('다음 단계로 넘어가줘').clauses).toEqual([{ kind: 'forward' }]);
    expect(parseCommand('book seats C5 and C6, then continue to payment').clauses[1]).toMatchObject({ kind: 'click' });
  });
});
