import { describe, expect, it } from 'vitest';
import { datedSlot, slotShown } from '../../../../src/main/agent/offline/dated-slot.ts';
import { openerClauses, openerOf } from '../../../../src/main/agent/offline/row-opener.ts';
import type { Button, PageModel, ResultRecord } from '../../../../src/main/agent/page-model/types.ts';
import { buttonOf, pageModelOf } from '../page-model-parts.ts';

/** A table of rows, each with its own cells and buttons, as the page model shows one. */
let n = 0;
const rowOf = (cells: string[], buttons: string[], money?: number): ResultRecord => {
  const actions = buttons.map((t) => buttonOf(`0:${++n}`, t, { regions: ['rec:0:0'] }));
  return {
    handle: `0:${++n}`,
    list: 0,
    index: n,
    text: [...cells, ...buttons].join(' '),
    cells: [...cells, ...buttons],
    values: money === undefined ? {} : { money, currency: 'EUR' },
    actions,
  };
};
const tableOf = (records: ResultRecord[]): PageModel =>
  pageModelOf({
    buttons: records.flatMap((r) => r.actions),
    lists: [{ idx: 0, handle: '0:0', kind: 'table', headers: [], label: '', records }],
  });

const boats = tableOf([
  rowOf(['Rowing boat', 'from €15 an hour'], ['Set up'], 15),
  rowOf(['Pedal boat', 'from €22 an hour'], ['Set up'], 22),
  rowOf(['Electric launch', 'from €40 an hour'], ['Set up'], 40),
]);

describe('rows opened by their own button', () => {
  it('finds the one button every row carries alike, and none when two kinds tie', () => {
    expect(openerOf(boats)).toBe('Set up');
    const two = tableOf([rowOf(['A room'], ['Details', 'Add']), rowOf(['B room'], ['Details', 'Add'])]);
    expect(openerOf(two)).toBeUndefined();
    // (a button that takes something away opens nothing)
    expect(openerOf(tableOf([rowOf(['Old note'], ['Delete']), rowOf(['New note'], ['Delete'])]))).toBeUndefined();
  });

  it('a row named by its title is opened, and the rest of the request waits for what it opens', () => {
    const text = 'two pedal boats for saturday, Mia Roth mia@roth.example';
    const r = openerClauses(text, ['two pedal boats for saturday', 'Mia Roth mia@roth.example'], boats);
    expect(r?.clauses[0]).toMatchObject({ kind: 'row', row: { action: 'Set up', words: ['Pedal', 'boat'], opens: true } });
    // the person's details make it an errand: what the row opens is sent
    expect(r?.clauses[1]).toEqual({ kind: 'send' });
    expect(r?.later).toEqual(['two for saturday', 'Mia Roth mia@roth.example']);
  });

  it('a row named as the cheapest is opened when nothing names it by title; a look sends nothing', () => {
    const r = openerClauses('show me the cheapest boat', ['show me the cheapest boat'], boats);
    expect(r?.clauses).toEqual([{ kind: 'row', row: { action: 'Set up', words: [], opens: true, by: 'cheapest' } }]);
  });

  it('a piece the first reading placed is not taken for a row, nor a request that says a row action of its own', () => {
    expect(openerClauses('two pedal boats', [], boats)).toBeUndefined();
    expect(openerClauses('book two pedal boats', ['book two pedal boats'], boats)).toBeUndefined();
  });
});

describe('slots named with their day and time', () => {
  const slot = (text: string, disabled = false): Button => buttonOf(`0:${++n}`, text, { disabled });
  const grid = pageModelOf({
    buttons: [
      slot('Ana Diaz, Thu 9 March, 10:00'),
      slot('Ana Diaz, Thu 9 March, 15:00', true),
      slot('Ana Diaz, Thu 9 March, 17:30'),
      slot('Ana Diaz, Fri 10 March, 15:00'),
    ],
  });

  it('reads the day and the clock a button shows together', () => {
    expect(slotShown('Ana Diaz, Thu 9 March, 17:30')).toEqual({ md: '03-09', clock: '17:30' });
    expect(slotShown('Thu 9 March')).toBeUndefined();
  });

  it('the day with its time, or the one free slot in the part of the day wished', () => {
    expect(datedSlot('2027-03-10', '15:00', undefined, grid)?.text).toBe('Ana Diaz, Fri 10 March, 15:00');
    // 15:00 on the 9th is taken: the one free afternoon slot that day is 17:30
    const afternoon = { from: 12 * 60, to: 18 * 60, bounds: [], words: 'afternoon', only: true };
    expect(datedSlot('2027-03-09', undefined, afternoon, grid)?.text).toBe('Ana Diaz, Thu 9 March, 17:30');
    expect(datedSlot('2027-03-09', '15:00', undefined, grid)).toBeUndefined();
    expect(datedSlot('2027-03-09', undefined, undefined, grid)).toBeUndefined();
  });
});

describe('a look with the person’s details is still a look', () => {
  it('asks to see a row and gives a phone: the row is opened, nothing is sent', () => {
    const r = openerClauses(
      'which colours does the pedal boat come in? text me on 07700 900123',
      ['which colours does the pedal boat come in'],
      boats,
    );
    expect(r?.clauses).toEqual([{ kind: 'row', row: { action: 'Set up', words: ['Pedal', 'boat'], opens: true } }]);
  });
});
