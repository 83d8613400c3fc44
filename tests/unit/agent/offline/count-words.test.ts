import { describe, expect, it } from 'vitest';
import { parseCommand } from '../../../../src/main/agent/offline/grammar.ts';

describe('counts of kinds of people in a request', () => {
  it('"어른 둘, 청소년 한 명": one counter each, numbers said in Korean words', () => {
    expect(parseCommand('어른 둘, 청소년 한 명').clauses).toEqual([
      { kind: 'count', ref: '어른', n: 2 },
      { kind: 'count', ref: '청소년', n: 1 },
    ]);
  });

  it('"2 adults and a child, then go to the next step": the counts, then going on', () => {
    expect(parseCommand('2 adults and a child, then go to the next step').clauses).toEqual([
      { kind: 'count', ref: 'adults', n: 2 },
      { kind: 'count', ref: 'child', n: 1 },
      { kind: 'forward' },
    ]);
  });

  it('counts one after another with nothing between ("성인 2명 청소년 1명", "2 adults 1 child")', () => {
    expect(parseCommand('성인 2명 청소년 1명').clauses).toEqual([
      { kind: 'count', ref: '성인', n: 2 },
      { kind: 'count', ref: '청소년', n: 1 },
    ]);
    expect(parseCommand('2 adults 1 child').clauses).toHaveLength(2);
  });

  it('a clause with anything besides counts is not read as counts', () => {
    expect(parseCommand('a window seat').clauses).toEqual([]);
    expect(parseCommand('switch to the dark theme').clauses).toEqual([{ kind: 'choose', option: 'dark' }]);
  });
});

describe('values said after their names, one verb for all', () => {
  it('"생년월일 940312 입력하고 확인 눌러줘": the value with digits into the field named before it', () => {
    expect(parseCommand('생년월일 940312 입력하고 확인 눌러줘').clauses).toEqual([
      { kind: 'fill', ref: '생년월일', value: '940312' },
      { kind: 'click', ref: '확인' },
    ]);
  });

  it('"enter my date of birth 940312 and the PIN 2580, then confirm"', () => {
    expect(parseCommand('enter my date of birth 940312 and the PIN 2580, then confirm').clauses).toEqual([
      { kind: 'fill', ref: 'date of birth', value: '940312' },
      { kind: 'fill', ref: 'PIN', value: '2580' },
      { kind: 'submit' },
    ]);
  });
});
