import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../../../../src/main/agent/loop/actions.ts';
import { sortByHeader, sortList } from '../../../../../src/main/agent/offline/skills/sort.ts';
import type { ResultList } from '../../../../../src/main/agent/page-model/types.ts';
import { buttonOf, fieldOf, pageModelOf } from '../../page-model-parts.ts';

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

describe("a list sorted by the order said, in the page's own words for it", () => {
  const handleOf = (step: ReturnType<typeof sortList>) =>
    step && step !== 'done' && step.type === 'act' && 'handle' in step.action ? step.action.handle : undefined;

  it('a header that says how its rows run is pressed until it says the asked way', () => {
    const fee = (sorted: 'none' | 'ascending' | 'descending') => buttonOf('0:7', '이용료', { sorted });
    const name = buttonOf('0:8', '이름', { sorted: 'none' });
    expect(handleOf(sortList('이용료 적은', pageModelOf({ buttons: [name, fee('none')] }), []))).toBe('0:7');
    expect(handleOf(sortList('이용료 적은', pageModelOf({ buttons: [name, fee('descending')] }), []))).toBe('0:7');
    expect(sortList('이용료 적은', pageModelOf({ buttons: [name, fee('ascending')] }), [])).toBe('done');
    expect(sortList('cheapest first', pageModelOf({ buttons: [name, fee('ascending')] }), [])).toBe('done');
  });

  it("a list's option that says the same key and way, whatever its word order", () => {
    const order = fieldOf('보기', {
      kind: 'select',
      options: [
        { label: '기본', value: 'a', selected: true },
        { label: '비싼 요금순', value: 'b', selected: false },
        { label: '저렴한 요금순', value: 'c', selected: false },
      ],
    });
    const step = sortList('요금 싼|요금 낮은', pageModelOf({ fields: [order] }), []);
    expect(step !== 'done' && step?.type === 'act' && step.action.kind === 'select' ? step.action.option : undefined).toBe('저렴한 요금순');
  });

  it('words that name no order are not this skill', () => {
    expect(sortList('추천', pageModelOf({ buttons: [buttonOf('0:1', '정렬')] }), [])).toBeUndefined();
  });
});

describe('orders behind a closed list, and the same words on several buttons', () => {
  it('opens a closed list of orders to see them', () => {
    const popup = buttonOf('0:3', 'Order: Featured ▾', { expanded: false });
    const step = sortList('cheapest first', pageModelOf({ buttons: [buttonOf('0:2', 'Monthly'), popup] }), []);
    expect(step !== 'done' && step?.type === 'act' && 'handle' in step.action ? step.action.handle : undefined).toBe('0:3');
  });
});
