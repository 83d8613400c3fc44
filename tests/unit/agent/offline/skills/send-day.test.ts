import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../../../../src/main/agent/loop/actions.ts';
import { dayClauses } from '../../../../../src/main/agent/offline/day-errand.ts';
import { buttonNamesDay, goToDay } from '../../../../../src/main/agent/offline/skills/day-nav.ts';
import { sendOpened } from '../../../../../src/main/agent/offline/skills/send.ts';
import { buttonOf, fieldOf, pageModelOf } from '../../page-model-parts.ts';

const NOW = new Date('2026-12-01T09:00:00+09:00');
const TZ = 'Asia/Seoul';
const did = (why: string): StepRecord =>
  ({ index: 0, action: { kind: 'click', handle: '0:1' }, why, ok: true, observed: 'the page changed' }) as StepRecord;

const dialog = (fields: ReturnType<typeof fieldOf>[], buttons: ReturnType<typeof buttonOf>[]) =>
  pageModelOf({
    fields: fields.map((f) => ({ ...f, regions: ['dialog:0'] })),
    buttons: buttons.map((b) => ({ ...b, regions: ['dialog:0'] })),
    dialogs: [
      { idx: 0, handle: '0:90', kind: 'dialog', text: '', modal: true, buttons: buttons.map((b) => ({ ...b, regions: ['dialog:0'] })) },
    ],
  });

describe('sending what a row action opened', () => {
  it('an offer: the amount into its price box, then its own send button (not Cancel)', () => {
    const page = dialog([fieldOf('제안 가격 (원)', { handle: '0:5' })], [buttonOf('0:6', '취소'), buttonOf('0:7', '제안 보내기')]);
    expect(sendOpened({ amount: '350000' }, page, [])).toMatchObject({ action: { kind: 'fill', handle: '0:5', value: '350000' } });
    expect(sendOpened({ amount: '350000' }, page, [did('send: amount: 350000')])).toMatchObject({
      action: { kind: 'click', handle: '0:7' },
    });
    expect(sendOpened({ amount: '350000' }, page, [did('send: amount: 350000'), did('send: sent: press')])).toBe('done');
  });

  it('a chat drawer with no send button: the message, then Enter in its box', () => {
    const page = dialog([fieldOf('메시지를 입력하세요', { handle: '0:3', kind: 'textarea' })], [buttonOf('0:4', '✕')]);
    expect(sendOpened({ message: '안녕하세요' }, page, [])).toMatchObject({ action: { kind: 'fill', handle: '0:3', value: '안녕하세요' } });
    expect(sendOpened({ message: '안녕하세요' }, page, [did('send: message: "안녕하세요"')])).toMatchObject({
      action: { kind: 'press', key: 'Enter', handle: '0:3' },
    });
  });

  it('no dialog but details filled into a form the button revealed: that form is sent with its own button', () => {
    const page = pageModelOf({
      forms: [{ idx: 0, handle: '0:80', name: '', method: 'post', fields: [], submit: null }],
      fields: [fieldOf('신청자 이름', { handle: '0:2', value: '윤서아' })],
      buttons: [buttonOf('0:3', '신청 완료', { kind: 'submit', form: 0 }), buttonOf('0:9', '신청하기', { regions: ['rec:0:1'] })],
    });
    page.forms[0] = { ...(page.forms[0] as (typeof page.forms)[number]), fields: page.fields, submit: page.buttons[0] ?? null };
    const history = [did('book: row: "…" fits'), { ...did('put'), action: { kind: 'fill', handle: '0:2', value: '윤서아' } } as StepRecord];
    expect(sendOpened({}, page, [], history)).toMatchObject({
      action: { kind: 'click', handle: '0:3' },
      why: expect.stringContaining('sent: '),
    });
    expect(sendOpened({}, page, [], [did('book: row: "…" fits')])).toBe('done');
  });

  it('nothing opened and nothing to write: done; a message with nowhere to go: a stop, not a claim', () => {
    expect(sendOpened({}, pageModelOf(), [])).toBe('done');
    expect(sendOpened({ message: 'hi' }, pageModelOf(), [])).toMatchObject({ type: 'fail' });
  });
});

describe('going to a day on a page that shows one day at a time', () => {
  it('a day tab names the day by weekday and number, or by month and day', () => {
    expect(buttonNamesDay('Thu 3', '2026-12-03')).toBe(true);
    expect(buttonNamesDay('Fri 3', '2026-12-03')).toBe(false);
    expect(buttonNamesDay('12/3 (목)', '2026-12-03')).toBe(true);
    expect(buttonNamesDay('3', '2026-12-03')).toBe(false);
    expect(buttonNamesDay('6:30 AM', '2026-12-06')).toBe(false);
    // a day named outright wins over the word before it; a relative word alone counts from today
    expect(buttonNamesDay('내일 12.02', '2026-12-02', '2026-12-01')).toBe(true);
    expect(buttonNamesDay('내일 12.02', '2026-12-03', '2026-12-01')).toBe(false);
    expect(buttonNamesDay('Tomorrow', '2026-12-02', '2026-12-01')).toBe(true);
    // a tab that is only a weekday: the one in the coming week
    expect(buttonNamesDay('Thu', '2026-12-03', '2026-12-01')).toBe(true);
    expect(buttonNamesDay('목요일', '2026-12-10', '2026-12-01')).toBe(false);
  });

  it('done when the date label shows the day; else the week arrow of a strip, or the day arrow, towards it', () => {
    const strip = ['Mon 30', 'Tue 1', 'Wed 2', 'Thu 3'].map((t, i) => buttonOf(`0:${i}`, t, { kind: 'tab' }));
    const arrows = [buttonOf('0:10', 'Previous week'), buttonOf('0:11', 'Next week')];
    const week = pageModelOf({ headings: ['Tuesday, December 1'], buttons: [...strip, ...arrows] });
    expect(goToDay('2026-12-01', week, [], NOW, TZ)).toBe('done');
    expect(goToDay('2026-12-09', week, [], NOW, TZ)).toMatchObject({ action: { handle: '0:11' } });
    const grid = pageModelOf({ dateTexts: ['Tue, Dec 1, 2026'], buttons: [buttonOf('0:1', 'Previous day'), buttonOf('0:2', 'Next day')] });
    expect(goToDay('2026-12-03', grid, [], NOW, TZ)).toMatchObject({ action: { handle: '0:2' } });
    expect(goToDay('2026-11-28', grid, [], NOW, TZ)).toMatchObject({ action: { handle: '0:1' } });
    expect(goToDay('2026-12-03', pageModelOf(), [], NOW, TZ)).toBe('none');
    // no date shown: a results page's "Next ›" is not a day arrow
    expect(goToDay('2026-12-03', pageModelOf({ buttons: [buttonOf('0:1', 'Next ›')] }), [], NOW, TZ)).toBe('none');
    // a date box: set, unless a label already shows the day
    const box = pageModelOf({ fields: [fieldOf('day', { handle: '0:7', kind: 'date', type: 'date', value: '2026-12-01' })] });
    expect(goToDay('2026-12-24', box, [], NOW, TZ)).toMatchObject({ action: { kind: 'fill', handle: '0:7', value: '2026-12-24' } });
    expect(goToDay('2026-12-01', box, [], NOW, TZ)).toBe('done');
    // a box the page reads only on its own "Go": pressed once the box shows the day, when the label has not moved
    const labelled = pageModelOf({ ...box, dateTexts: ['Tue, Dec 1, 2026'], buttons: [buttonOf('0:8', 'Go')] });
    const filled = { ...did('go to: day: a date input'), action: { kind: 'fill', handle: '0:7', value: '2026-12-24' } } as StepRecord;
    const after = { ...labelled, fields: [fieldOf('day', { handle: '0:7', kind: 'date', type: 'date', value: '2026-12-24' })] };
    expect(goToDay('2026-12-24', after, [filled], NOW, TZ)).toMatchObject({ action: { kind: 'click', handle: '0:8' } });
    // a button that shows the day and opens a calendar
    const picker = pageModelOf({ buttons: [buttonOf('0:3', 'Dec 1, 2026 ▾', { kind: 'toggle', expanded: false })] });
    expect(goToDay('2026-12-20', picker, [], NOW, TZ)).toMatchObject({
      action: { handle: '0:3' },
      why: expect.stringContaining('calendar'),
    });
    expect(goToDay('2026-12-01', picker, [], NOW, TZ)).toBe('done');
  });

  it('"show me … for <day>" is a day to reach only on a page that shows one day at a time', () => {
    const grid = pageModelOf({ dateTexts: ['Tue, Dec 1, 2026'] });
    expect(dayClauses('Show me the room availability for December 10', grid, NOW, TZ)?.clauses).toEqual([
      { kind: 'day', date: '2026-12-10' },
    ]);
    expect(dayClauses('12월 9일 시간표 보여줘', grid, NOW, TZ)?.clauses).toEqual([{ kind: 'day', date: '2026-12-09' }]);
    expect(dayClauses('what classes are on Friday?', grid, NOW, TZ)?.clauses).toEqual([{ kind: 'day', date: '2026-12-04' }]);
    expect(dayClauses("show me tomorrow's schedule", grid, NOW, TZ)?.clauses).toEqual([{ kind: 'day', date: '2026-12-02' }]);
    expect(dayClauses('Show me the room availability for December 10', pageModelOf(), NOW, TZ)).toBeUndefined();
    expect(dayClauses('show flights for December 10 from Seoul, cheapest first', grid, NOW, TZ)).toBeUndefined();
  });
});
