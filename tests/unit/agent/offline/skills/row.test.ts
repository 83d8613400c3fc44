import { describe, expect, it } from 'vitest';
import { rowClauses } from '../../../../../src/main/agent/offline/row-errand.ts';
import { rowRequestOf } from '../../../../../src/main/agent/offline/row-words.ts';
import { chooseRow, rowAction } from '../../../../../src/main/agent/offline/skills/row.ts';
import type { ResultRecord } from '../../../../../src/main/agent/page-model/types.ts';
import { typeRecord } from '../../../../../src/main/agent/page-model/values.ts';
import { buttonOf, pageModelOf } from '../../page-model-parts.ts';

const NOW = new Date('2026-12-01T09:00:00+09:00');
const TZ = 'Asia/Seoul';

/** A page of rows, each its cells and its own button (handle "0:<row>"). */
function rows(data: Array<[string[], string]>, extra: Parameters<typeof pageModelOf>[0] = {}) {
  const records: ResultRecord[] = data.map(([cells, button], i) => ({
    handle: `1:${i}`,
    list: 0,
    index: i,
    text: [...cells, button].join(' '),
    cells: [...cells, button],
    values: typeRecord(cells),
    actions: [buttonOf(`0:${i}`, button, { regions: [`rec:0:${i}`] })],
  }));
  return pageModelOf({
    lists: [{ idx: 0, handle: '1:99', kind: 'table', headers: [], label: '', records }],
    buttons: records.flatMap((r) => r.actions),
    ...extra,
  });
}

const THURSDAY = rows([
  [['6:30 AM', 'Cycle', 'Coach Okafor'], 'Book'],
  [['7:15 AM', 'Yoga Flow', 'Coach Park'], 'Book'],
  [['9:00 AM', 'Cycle', 'Coach Lindqvist', 'Full'], 'Join waitlist'],
  [['12:00 PM', 'Cycle', 'Coach Reyes'], 'Book'],
  [['6:00 PM', 'Cycle', 'Coach Reyes'], 'Book'],
]);

const request = (t: string) => rowRequestOf(t, NOW, TZ) ?? { action: '', words: [] };

describe('choosing the row a request names', () => {
  it('the earliest row with every word said, not the earliest row: its own button', () => {
    const got = chooseRow(request('book me into the earliest cycle class with Coach Reyes'), THURSDAY);
    expect(got).toMatchObject({ row: { index: 3 }, button: { handle: '0:3', text: 'Book' } });
  });

  it('the waitlist only on a row that offers it, at the time said', () => {
    expect(chooseRow(request('put me on the waitlist for the 9am cycle class'), THURSDAY)).toMatchObject({ button: { handle: '0:2' } });
    expect(chooseRow(request('put me on the waitlist for the 6pm cycle class'), THURSDAY)).toMatchObject({
      why: expect.stringMatching(/18:00/),
    });
  });

  it('the cheapest still for sale skips rows marked 예약중 or 판매완료, and a word in the other language counts ("요가" on "Yoga")', () => {
    const market = rows([
      [['로드 자전거', '예약중', '180,000원'], '채팅하기'],
      [['하이브리드 자전거', '판매완료', '150,000원'], '채팅하기'],
      [['미니벨로 자전거', '210,000원'], '채팅하기'],
      [['전기포트', '12,000원'], '채팅하기'],
    ]);
    expect(chooseRow(request('판매중인 자전거 중에 제일 싼 거 판매자한테 "안녕하세요"라고 채팅 보내줘'), market)).toMatchObject({
      row: { index: 2 },
    });
    expect(chooseRow(request('토요일 요가 수업 중에 제일 늦게 하는 거 예약해줘'), THURSDAY)).toMatchObject({ row: { index: 1 } });
    expect(chooseRow(request('book one of the yoga flows'), THURSDAY)).toMatchObject({ row: { index: 1 } });
  });

  it('opens the day said first (a day tab naming it), then presses the row', () => {
    const week = rows([[['6:30 AM', 'Cycle', 'Coach Okafor'], 'Book']], {
      headings: ['Tuesday, December 1'],
      buttons: [buttonOf('0:50', 'Tue 1', { kind: 'tab', selected: true }), buttonOf('0:51', 'Thu 3', { kind: 'tab' })],
    });
    const step = rowAction(request('book me into the cycle class this thursday'), week, [], NOW, TZ);
    expect(step).toMatchObject({ type: 'act', action: { kind: 'click', handle: '0:51' }, why: expect.stringContaining('day:') });
    const there = { ...week, headings: ['Thursday, December 3'] };
    expect(rowAction(request('book me into the cycle class this thursday'), there, [], NOW, TZ)).toMatchObject({
      action: { handle: '0:0' },
      why: expect.stringContaining('row:'),
    });
  });
});

describe('rows that say their time or day in other ways', () => {
  it('"7 AM" and "19시" are times to compare; on a page of every day at once, the rows of the day said', () => {
    const page = rows([
      [['Dec 3', 'Spin', '7 AM'], 'Book'],
      [['Dec 3', 'Spin', '6 PM'], 'Book'],
      [['Dec 4', 'Spin', '6 AM'], 'Book'],
    ]);
    expect(chooseRow(request('book the latest spin class'), page)).toMatchObject({ row: { index: 1 } });
    expect(chooseRow(request('book the earliest spin class'), page, '2026-12-03')).toMatchObject({ row: { index: 0 } });
    expect(chooseRow(request('book the earliest spin class'), page, '2026-12-04')).toMatchObject({ row: { index: 2 } });
    expect(rowAction(request('book the earliest spin class on December 4'), page, [], NOW, TZ)).toMatchObject({
      action: { handle: '0:2' },
    });
    const ko = rows([
      [['요가', '19시'], 'Book'],
      [['요가', '10시'], 'Book'],
    ]);
    expect(chooseRow(request('요가 중에 제일 늦게 하는 거 예약해줘'), ko)).toMatchObject({ row: { index: 0 } });
  });

  it('a part of the day is a range of hours ("내일 저녁 요가", "the morning one"); "at 6:30" alone is the evening one when no row is at 6:30 am', () => {
    const day = rows([
      [['Yoga Flow', '7:00 AM'], 'Book'],
      [['Yoga Flow', '6:30 PM'], 'Book'],
      [['Cycle', '8:00 PM'], 'Book'],
    ]);
    expect(chooseRow(request('저녁 요가 예약해줘'), day)).toMatchObject({ row: { index: 1 } });
    expect(chooseRow(request('book the morning yoga class'), day)).toMatchObject({ row: { index: 0 } });
    expect(chooseRow(request('book the yoga at 6:30'), day)).toMatchObject({ row: { index: 1 } });
    expect(chooseRow(request('book the yoga at 6:30am'), day)).toMatchObject({ why: expect.stringContaining('06:30') });
  });
});

describe('a row with several buttons for the action', () => {
  it('a week of days side by side: the column that names the day said; with nothing to tell them apart, no press', () => {
    const week = rows([[['6:00 PM', 'Yoga', 'Yoga'], 'Book']]);
    const row = week.lists[0]?.records[0] as ResultRecord;
    row.actions = [
      buttonOf('0:1', 'Book', { cell: { row: '6:00 PM', col: 'Wed 12/2' } }),
      buttonOf('0:2', 'Book', { cell: { row: '6:00 PM', col: 'Thu 12/3' } }),
    ];
    expect(chooseRow(request('book the 6pm yoga on December 3'), week, '2026-12-03')).toMatchObject({ button: { handle: '0:2' } });
    expect(chooseRow(request('book the 6pm yoga'), week)).toMatchObject({ why: expect.stringContaining('2 "Book" buttons') });
  });
});

describe('a row button belongs to one action', () => {
  it('"Join waitlist" is not a "join" (book) button; "대기 신청" is not a "신청" button', () => {
    const full = rows([
      [['9:00 AM', 'Cycle', 'Full'], 'Join waitlist'],
      [['10:00 AM', 'Cycle'], 'Join'],
    ]);
    expect(chooseRow(request('join the cycle class'), full)).toMatchObject({ button: { text: 'Join' } });
    const ko = rows([
      [['필라테스 기초', '마감', '25,000원'], '대기 신청'],
      [['필라테스 스트레칭', '28,000원'], '신청하기'],
    ]);
    expect(chooseRow(request('필라테스 중에 제일 싼 걸로 신청해줘'), ko)).toMatchObject({ button: { text: '신청하기' } });
    expect(chooseRow(request('필라테스 기초 대기 신청해줘'), ko)).toMatchObject({ button: { text: '대기 신청' } });
  });
});

describe('reading a request as a row errand only where it fits', () => {
  it('row, then send, with the details left for what opens', () => {
    const read = rowClauses('book me into the earliest cycle class with Coach Reyes, member number 40112', THURSDAY, NOW, TZ);
    expect(read?.clauses.map((c) => c.kind)).toEqual(['row', 'send']);
    expect(read?.later).toEqual(['member number 40112']);
  });

  it('not on a page with no row button for the action, nor for "the second …", nor when no row here fits and no day was said', () => {
    expect(rowClauses('book me into the yoga class', rows([[['Yoga', '7:00 AM'], 'Details']]), NOW, TZ)).toBeUndefined();
    expect(rowClauses('book the second concert', THURSDAY, NOW, TZ)).toBeUndefined();
    expect(rowClauses('book the boxing class', THURSDAY, NOW, TZ)).toBeUndefined();
  });
});
