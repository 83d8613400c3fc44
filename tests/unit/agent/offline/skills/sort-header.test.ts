import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../../../../src/main/agent/loop/actions.ts';
import { sortByHeader } from '../../../../../src/main/agent/offline/skills/sort-header.ts';
import type { ResultList } from '../../../../../src/main/agent/page-model/types.ts';
import { buttonOf, pageModelOf } from '../../page-model-parts.ts';

/** A table sorted by its own column headers: the header is pressed, and the rows the page then shows are the check. */
const rows = (prices: number[]): ResultList => ({
  idx: 0,
  handle: '0:50',
  kind: 'table',
  headers: ['Shop', 'Cost'],
  label: '',
  records: prices.map((p, i) => ({
    handle: `0:6${i}`,
    list: 0,
    index: i,
    text: `Shop ${i} $${p}`,
    cells: [],
    values: { money: p },
    actions: [],
  })),
});
const header = buttonOf('0:9', 'Cost ↕');
const pressed: StepRecord = {
  index: 0,
  source: 'decided',
  action: { kind: 'click', handle: '0:9' },
  target: 'Cost ↕',
  why: 'sort',
  ok: true,
  observed: 'the page changed',
};

describe('sorting a table by its column header', () => {
  it('presses the header the order names', () => {
    const step = sortByHeader('cost low to high|lowest', pageModelOf({ buttons: [header], lists: [rows([30, 10, 20])] }), []);
    expect(step !== 'done' && step?.type === 'act' && 'handle' in step.action ? step.action.handle : undefined).toBe('0:9');
  });

  it('done only when the rows then run the asked way; pressed again when they run the other way, then it stops', () => {
    expect(sortByHeader('cost low to high', pageModelOf({ buttons: [header], lists: [rows([10, 20, 30])] }), [pressed])).toBe('done');
    const again = sortByHeader('cost low to high', pageModelOf({ buttons: [header], lists: [rows([30, 20, 10])] }), [pressed]);
    expect(again !== 'done' && again?.type).toBe('act');
    const twice = sortByHeader('cost low to high', pageModelOf({ buttons: [header], lists: [rows([30, 20, 10])] }), [pressed, pressed]);
    expect(twice !== 'done' && twice?.type).toBe('fail');
  });

  it('no header named by the order: not this skill', () => {
    expect(sortByHeader('rating high to low', pageModelOf({ buttons: [header], lists: [rows([1, 2])] }), [])).toBeUndefined();
  });
});
