import { describe, expect, it } from 'vitest';
import { chipDay, dayChips, pickDayChip } from '../../../../src/main/agent/offline/day-chips.ts';
import { parseCommand } from '../../../../src/main/agent/offline/grammar.ts';
import { monthMeant, showMonth } from '../../../../src/main/agent/offline/skills/month.ts';
import { buttonOf, fieldOf, pageModelOf } from '../page-model-parts.ts';

describe('day chips: radios or buttons that show a day without a calendar', () => {
  it('reads the day and weekday in the ways chips write them', () => {
    expect(chipDay('화 1')).toEqual({ d: 1, wd: 2 });
    expect(chipDay('3 (목)')).toEqual({ d: 3, wd: 4 });
    expect(chipDay('Thu 3')).toEqual({ d: 3, wd: 4 });
    expect(chipDay('12.3 (목)')).toEqual({ d: 3, md: '12-03', wd: 4 });
    expect(chipDay('10:00')).toBeUndefined();
  });

  // Tuesday 1 December 2026 onwards; the 2nd is full, Sunday the 6th closed
  const wd = ['일', '월', '화', '수', '목', '금', '토'];
  const chips = Array.from({ length: 7 }, (_, i) =>
    fieldOf(`${wd[(2 + i) % 7]} ${1 + i}`, { handle: `0:${i}`, kind: 'radio', checked: false, disabled: i === 1 || i === 5 }),
  );
  const model = pageModelOf({ fields: chips });

  it('the chip of the day (its number and weekday); a closed day is said, not clicked', () => {
    expect(dayChips(model)).toHaveLength(7);
    const thu = pickDayChip('2026-12-03', model, []);
    expect(thu !== 'done' && thu?.type === 'act' && thu.target).toBe('목 3');
    const full = pickDayChip('2026-12-02', model, []);
    expect(full !== 'done' && full?.type).toBe('fail');
    // a weekday that does not fit is not the same day: left to the row's paging
    expect(pickDayChip('2027-01-03', model, [])).toBeUndefined();
  });

  it('three bare numbers are no row of days', () => {
    expect(dayChips(pageModelOf({ fields: ['1', '2', '3'].map((t, i) => fieldOf(t, { handle: `0:${i}`, kind: 'radio' })) }))).toEqual([]);
  });
});

describe('a month to show', () => {
  it('reads "11월 관리비 보여줘", "show me the fees for October", "지난달 명세서 조회", but not a day of a month', () => {
    expect(parseCommand('11월 관리비 보여줘').clauses).toEqual([{ kind: 'month', month: 11 }]);
    expect(parseCommand('show me the maintenance fees for October').clauses).toEqual([{ kind: 'month', month: 10 }]);
    expect(parseCommand('지난달 명세서 조회해줘').clauses).toEqual([{ kind: 'month', month: 0, rel: -1 }]);
    expect(parseCommand('12월 19일 공연 보여줘').clauses).toEqual([]);
  });

  it('a month said alone is the one nearest the month the page shows', () => {
    const now = new Date('2026-12-01T09:00:00+09:00');
    expect(monthMeant({ kind: 'month', month: 11 }, { year: 2026, month: 12 }, now)).toEqual({ year: 2026, month: 11 });
    expect(monthMeant({ kind: 'month', month: 1 }, { year: 2026, month: 12 }, now)).toEqual({ year: 2027, month: 1 });
    expect(monthMeant({ kind: 'month', month: 0, rel: -1 }, undefined, now)).toEqual({ year: 2026, month: 11 });
  });
});

describe('a month shown as a heading between arrows', () => {
  const now = new Date('2026-12-01T09:00:00+09:00');
  const page = (heading: string) =>
    pageModelOf({ headings: [heading], buttons: [buttonOf('0:1', '이전 달'), buttonOf('0:2', '다음 달'), buttonOf('0:3', '납부하기')] });
  const handle = (s: ReturnType<typeof showMonth>) => (s !== 'done' && s.type === 'act' && 'handle' in s.action ? s.action.handle : s);

  it('the arrow towards the month meant, until the heading shows it', () => {
    expect(handle(showMonth({ kind: 'month', month: 10 }, page('2026년 12월 관리비'), [], now))).toBe('0:1');
    expect(showMonth({ kind: 'month', month: 10 }, page('2026년 10월 관리비'), [], now)).toBe('done');
  });
});
