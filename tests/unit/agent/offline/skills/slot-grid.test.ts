import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../../../../src/main/agent/loop/actions.ts';
import { detailPieces } from '../../../../../src/main/agent/offline/details.ts';
import { gridClauses } from '../../../../../src/main/agent/offline/grid-errand.ts';
import { chooseSlots } from '../../../../../src/main/agent/offline/skills/slot-grid.ts';
import { slotRequestOf } from '../../../../../src/main/agent/offline/slot-words.ts';
import { slotGridOf } from '../../../../../src/main/agent/page-model/slot-grid.ts';
import { buttonOf, pageModelOf } from '../../page-model-parts.ts';

const NOW = new Date('2026-12-01T09:00:00+09:00');
const TZ = 'Asia/Seoul';
const HOURS = [9, 10, 11, 12, 13, 14, 15, 16, 17];
const did = (why: string): StepRecord =>
  ({ index: 0, action: { kind: 'click', handle: '0:1' }, why, ok: true, observed: 'the page changed' }) as StepRecord;

/** Rooms × hours, cells named "<room>, <h>:00 to <h+1>:00"; `taken` hours disabled, `chosen` marked. */
function grid(taken: Record<string, number[]> = {}, chosen: Record<string, number[]> = {}) {
  const buttons = ['Study Room A', 'Study Room B'].flatMap((room, r) =>
    HOURS.map((h) =>
      buttonOf(`0:${r * 100 + h}`, `${room}, ${h}:00 to ${h + 1}:00`, {
        disabled: (taken[room] ?? []).includes(h),
        selected: (chosen[room] ?? []).includes(h),
      }),
    ),
  );
  return pageModelOf({
    dateTexts: ['Tue, Dec 1, 2026'],
    buttons: [...buttons, buttonOf('0:900', 'Next day'), buttonOf('0:901', 'Continue')],
  });
}
const ROWS = ['Study Room A', 'Study Room B'];
const STARTS = HOURS.map((h) => h * 60);

describe('reading a rooms × hours request', () => {
  it('the row by its own name, hours without am/pm as the grid has them ("from 2 to 4pm" → 14:00–16:00)', () => {
    expect(slotRequestOf('Reserve Study Room B on December 8th from 2 to 4pm', ROWS, STARTS, NOW, TZ)).toEqual({
      row: 'Study Room B',
      date: '2026-12-08',
      from: 840,
      to: 960,
    });
    expect(slotRequestOf('내일 Study Room A 오후 1시부터 3시까지 예약해줘', ROWS, STARTS, NOW, TZ)).toMatchObject({ from: 780, to: 900 });
  });

  it('a start and a length ("at 3pm for 2 hours", "3시부터 2시간")', () => {
    expect(slotRequestOf('book Study Room A at 3pm for 2 hours', ROWS, STARTS, NOW, TZ)).toMatchObject({ from: 900, to: 1020 });
    expect(slotRequestOf('Study Room A 3시부터 2시간 예약해줘', ROWS, STARTS, NOW, TZ)).toMatchObject({ from: 900, to: 1020 });
  });

  it('the earliest free run of N hours, and "don\'t book it yet"', () => {
    expect(slotRequestOf('12월 8일 Study Room B를 제일 빠른 빈 시간으로 2시간 예약해줘', ROWS, STARTS, NOW, TZ)).toMatchObject({
      hours: 2,
      earliest: true,
    });
    expect(slotRequestOf("select Study Room A from 10 to 12 but don't book it yet", ROWS, STARTS, NOW, TZ)).toMatchObject({ hold: true });
  });

  it("reads the grid from the cells' own words; a page with no such cells has none", () => {
    expect(slotGridOf(grid()).map((r) => [r.name, r.cells.length])).toEqual([
      ['Study Room A', 9],
      ['Study Room B', 9],
    ]);
    expect(slotGridOf(pageModelOf({ buttons: [buttonOf('0:1', '9:00 AM'), buttonOf('0:2', '10:00 AM')] }))).toEqual([]);
  });
});

describe('choosing hours on the grid', () => {
  const req = (t: string) => slotRequestOf(t, ROWS, STARTS, NOW, TZ) ?? { row: '' };

  it('first hour, then last hour, then the button that goes on (not the day arrow)', () => {
    const r = req('Study Room B from 2 to 4pm');
    expect(chooseSlots(r, grid(), [], NOW, TZ)).toMatchObject({ action: { handle: '0:114' } });
    expect(chooseSlots(r, grid(), [did('x: slots: first hour')], NOW, TZ)).toMatchObject({ action: { handle: '0:115' } });
    const after = [did('x: slots: first hour'), did('x: slots: last hour')];
    expect(chooseSlots(r, grid({}, { 'Study Room B': [14, 15] }), after, NOW, TZ)).toMatchObject({ action: { handle: '0:901' } });
  });

  it('an hour of the range the page left unmarked is clicked too (each hour its own click)', () => {
    const r = req('Study Room A from 10 to 1pm');
    const after = [did('x: slots: first hour'), did('x: slots: last hour')];
    expect(chooseSlots(r, grid({}, { 'Study Room A': [10, 12] }), after, NOW, TZ)).toMatchObject({ action: { handle: '0:11' } });
  });

  it('never across a taken hour; the earliest free run skips it; "don\'t book yet" stops at choosing', () => {
    expect(chooseSlots(req('Study Room B from 2 to 4pm'), grid({ 'Study Room B': [15] }), [], NOW, TZ)).toMatchObject({
      type: 'fail',
      why: expect.stringContaining('taken at 15:00'),
    });
    expect(chooseSlots(req('Study Room B earliest 2 hours'), grid({ 'Study Room B': [9, 11] }), [], NOW, TZ)).toMatchObject({
      action: { handle: '0:112' },
    });
    const hold = { ...req('Study Room A from 10 to 12'), hold: true };
    const after = [did('x: slots: first hour'), did('x: slots: last hour')];
    expect(chooseSlots(hold, grid({}, { 'Study Room A': [10, 11] }), after, NOW, TZ)).toBe('done');
  });

  it('the errand: hours, then the form sent with the details said after; a hold sends nothing', () => {
    const read = gridClauses('Reserve Study Room B from 2 to 4pm. Name Mina Park, 4 attendees', grid(), NOW, TZ);
    expect(read?.clauses.map((c) => c.kind)).toEqual(['slots', 'submit']);
    expect(read?.later).toEqual(['Name Mina Park', 'attendees 4']);
    expect(gridClauses("select Study Room A from 10 to 12 but don't book it yet", grid(), NOW, TZ)?.clauses.map((c) => c.kind)).toEqual([
      'slots',
    ]);
    expect(gridClauses('Reserve Study Room B from 2 to 4pm', pageModelOf(), NOW, TZ)).toBeUndefined();
    expect(detailPieces(['2 guests', 'room 12'])).toEqual(['guests 2', 'room 12']);
  });

  it('the hours said across clauses ("…, whatever the earliest free slot is"); a room said shorter ("Room A"), never by an article', () => {
    const read = gridClauses('Reserve Study Room B for 2 hours, whatever the earliest free slot is. Name Mina Park', grid(), NOW, TZ);
    expect(read?.clauses[0]).toMatchObject({ kind: 'slots', slots: { row: 'Study Room B', hours: 2, earliest: true } });
    expect(read?.later).toEqual(['Name Mina Park']);
    const hold = gridClauses("Pick Room A from 10 to 12, but don't book it yet", grid(), NOW, TZ);
    expect(hold?.clauses).toEqual([{ kind: 'slots', slots: { row: 'Study Room A', from: 600, to: 720, hold: true } }]);
    expect(gridClauses('reserve a room from 2 to 4pm', grid(), NOW, TZ)).toBeUndefined();
    // a phone number is no range of hours, a birthday no day for the room: both stay details for the form
    const details = gridClauses('Reserve Study Room B from 2 to 4pm, phone 010-9876-5432, birthday 1990-05-03', grid(), NOW, TZ);
    expect(details?.clauses[0]).toMatchObject({ slots: { from: 840, to: 960 } });
    expect(details?.later).toEqual(['phone 010-9876-5432', 'birthday 1990-05-03']);
  });
});
