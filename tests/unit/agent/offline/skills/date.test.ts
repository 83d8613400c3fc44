import { describe, expect, it } from 'vitest';
import { dayStep } from '../../../../../src/main/agent/offline/skills/date.ts';
import type { Calendar } from '../../../../../src/main/agent/page-model/types.ts';

/** A calendar whose month header was not read: only each day's own label says its month. */
const month = (y: number, m: number, from: number) =>
  Array.from({ length: 28 }, (_, i) => ({
    handle: `0:${from + i}`,
    day: i + 1,
    label: `${y}년 ${m}월 ${i + 1}일`,
    disabled: false,
    dim: false,
    selected: false,
  }));
const cal = (days: Calendar['days']): Calendar => ({ idx: 0, handle: '0:0', months: [], days, prev: '0:900', next: '0:901' });

describe('a day on a calendar whose months are known only from its days', () => {
  it('two months shown: the day of the wanted month, not the same number in the first month', () => {
    const step = dayStep(cal([...month(2026, 12, 100), ...month(2027, 1, 200)]), '2027-01-10', 'range: start');
    expect(step !== 'done' && step.type === 'act' && 'handle' in step.action && step.action.handle).toBe('0:209');
  });

  it('one month shown and the day is in a later one: the next-month button first', () => {
    const step = dayStep(cal(month(2026, 12, 100)), '2027-01-10', 'range: start');
    expect(step !== 'done' && step.type === 'act' && 'handle' in step.action && step.action.handle).toBe('0:901');
  });
});

describe('a birthday said with its year in two digits', () => {
  it('is read in the century that puts it in the past', async () => {
    const { toIsoDate } = await import('../../../../../src/main/agent/offline/skills/field.ts');
    const now = new Date('2026-12-01T00:00:00Z');
    expect(toIsoDate('87년 11월 5일', now)).toBe('1987-11-05');
    expect(toIsoDate('03년 2월 9일생', now)).toBe('2003-02-09');
    expect(toIsoDate('1999년 7월 21일생', now)).toBe('1999-07-21');
  });
});
