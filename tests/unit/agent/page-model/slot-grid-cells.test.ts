import { describe, expect, it } from 'vitest';
import { slotGridOf } from '../../../../src/main/agent/page-model/slot-grid.ts';
import { buttonOf, pageModelOf } from '../page-model-parts.ts';

describe('a slot grid from cells known by their row and column', () => {
  it('cells that say only "가능" are read by their row header and column header; a taken hour drawn as text is missing', () => {
    const cell = (h: string, row: string, col: string) => buttonOf(h, '가능', { cell: { row, col } });
    const model = pageModelOf({
      buttons: [
        cell('0:1', '1번 코트', '07:00'),
        cell('0:2', '1번 코트', '09:00'),
        cell('0:3', '1번 코트', '10:00'),
        cell('0:4', '2번 코트', '07:00'),
        cell('0:5', '2번 코트', '08:00'),
        cell('0:6', '2번 코트', '09:00'),
      ],
    });
    expect(slotGridOf(model).map((r) => [r.name, r.cells.map((c) => c.start / 60)])).toEqual([
      ['1번 코트', [7, 9, 10]],
      ['2번 코트', [7, 8, 9]],
    ]);
  });

  it('hours down the side and rooms across the top; hours said as "14시"', () => {
    const cell = (h: string, row: string, col: string) => buttonOf(h, '', { cell: { row, col } });
    const model = pageModelOf({
      buttons: [
        cell('0:1', '13시', 'Room 1'),
        cell('0:2', '14시', 'Room 1'),
        cell('0:3', '15시', 'Room 1'),
        cell('0:4', '13시', 'Room 2'),
        cell('0:5', '14시', 'Room 2'),
      ],
    });
    expect(slotGridOf(model).map((r) => [r.name, r.cells.map((c) => c.start / 60)])).toEqual([
      ['Room 1', [13, 14, 15]],
      ['Room 2', [13, 14]],
    ]);
  });

  it('a column that is not a time, or a row header that is a time, is no slot grid', () => {
    const model = pageModelOf({
      buttons: ['a', 'b', 'c', 'd', 'e', 'f'].map((_x, i) =>
        buttonOf(`0:${i}`, 'Add', { cell: { row: i < 3 ? 'Apples' : 'Pears', col: 'Qty' } }),
      ),
    });
    expect(slotGridOf(model)).toEqual([]);
  });
});
