import { describe, expect, it } from 'vitest';
import { countedOnPage } from '../../../../src/main/agent/offline/counted.ts';
import { pairClauses } from '../../../../src/main/agent/offline/pair.ts';
import { fieldOf, pageModelOf } from '../page-model-parts.ts';

describe('counts of things for the page’s own counters and number boxes', () => {
  const m = pageModelOf({
    fields: [
      fieldOf('Folding chairs', { handle: '0:1', kind: 'number' }),
      fieldOf('Round tables', { handle: '0:2', kind: 'number' }),
      fieldOf('Hire length (days)', { handle: '0:3', kind: 'range' }),
    ],
    steppers: [],
  });

  it('each count goes to the box its words name, a shared noun left out', () => {
    expect(countedOnPage('12 folding + 3 round ones', m)).toBeUndefined();
    expect(countedOnPage('12 chairs and 3 tables', m)).toEqual([
      { kind: 'count', ref: 'Folding chairs', n: 12 },
      { kind: 'count', ref: 'Round tables', n: 3 },
    ]);
    expect(countedOnPage('for 4 days', m)).toEqual([{ kind: 'count', ref: 'Hire length (days)', n: 4 }]);
    expect(countedOnPage('~2 days', m)).toEqual([{ kind: 'count', ref: 'Hire length (days)', n: 2 }]);
  });

  it('a count for nothing on the page is not read', () => {
    expect(countedOnPage('2 umbrellas', m)).toBeUndefined();
    expect(countedOnPage('the blue chairs', m)).toBeUndefined();
  });
});

describe('a pair of values for the page’s "from" and "to" controls', () => {
  const langs = ['German', 'Italian', 'Portuguese'];
  const m = pageModelOf({
    fields: [
      fieldOf('Source', { handle: '0:1', kind: 'select', options: langs.map((l) => ({ label: l, value: l, selected: false })) }),
      ...langs.map((l, i) => fieldOf(l, { handle: `0:${i + 2}`, kind: 'checkbox' })),
    ],
    groups: [{ kind: 'checkbox', label: '', form: 0, options: langs.map((l, i) => ({ handle: `0:${i + 2}`, label: l, checked: false })) }],
  });

  it('the first into the control that comes first, the second into the other', () => {
    expect(pairClauses('italian -> german', m)).toEqual([
      { kind: 'fill', ref: 'Source', value: 'Italian' },
      { kind: 'check', ref: 'German', checked: true },
    ]);
    expect(pairClauses('from Portuguese into Italian', m)).toEqual([
      { kind: 'fill', ref: 'Source', value: 'Portuguese' },
      { kind: 'check', ref: 'Italian', checked: true },
    ]);
  });

  it('values the page does not offer are no pair', () => {
    expect(pairClauses('Seoul to Busan', m)).toBeUndefined();
  });
});

describe('people counted in the box for them, whatever the page calls them', () => {
  it('"4 ppl", "around 6 of us" fill the players box', () => {
    const m = pageModelOf({
      fields: [fieldOf('Players', { handle: '0:1', kind: 'number' }), fieldOf('Hours', { handle: '0:2', kind: 'number' })],
    });
    expect(countedOnPage('4 ppl', m)).toEqual([{ kind: 'count', ref: 'Players', n: 4 }]);
    expect(countedOnPage('around 6 of us', m)).toEqual([{ kind: 'count', ref: 'Players', n: 6 }]);
  });
});

describe('things said with words around them', () => {
  const m = pageModelOf({
    steppers: [
      { label: 'Armchair or sofa', value: 0, dec: '0:1', inc: '0:2' },
      { label: 'Bed frame', value: 0, dec: '0:3', inc: '0:4' },
      { label: 'Cooker or oven', value: 0, dec: '0:5', inc: '0:6' },
    ],
  });

  it('a word that only describes the thing ("an old sofa") and the words that ask for it are left aside', () => {
    expect(countedOnPage('could you take away an old sofa and 2 bed frames', m)).toEqual([
      { kind: 'count', ref: 'Armchair or sofa', n: 1 },
      { kind: 'count', ref: 'Bed frame', n: 2 },
    ]);
  });

  it('a thing said with no count, as one to take ("Cooker to go"), is one', () => {
    expect(countedOnPage('Cooker to go', m)).toEqual([{ kind: 'count', ref: 'Cooker or oven', n: 1 }]);
    expect(countedOnPage('Cooker', m)).toBeUndefined();
  });
});

describe('things not wanted, or said without a count', () => {
  const m = pageModelOf({
    steppers: [
      { label: 'Chairs', value: 5, dec: '0:1', inc: '0:2' },
      { label: 'Tables', value: 2, dec: '0:3', inc: '0:4' },
    ],
  });
  it('"no tables to go" and "tables please" set no count', () => {
    expect(countedOnPage('no tables to go', m)).toBeUndefined();
    expect(countedOnPage('tables please', m)).toBeUndefined();
  });
});
