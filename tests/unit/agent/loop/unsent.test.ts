import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../../../src/main/agent/loop/actions.ts';
import { commitNotSent, filledInOpenDialog, refusedValue, unsentRequest } from '../../../../src/main/agent/loop/unsent.ts';
import { buttonOf, fieldOf, pageModelOf } from '../page-model-parts.ts';

const step = (kind: 'fill' | 'select' | 'click' | 'press', sent = 0): StepRecord =>
  ({
    index: 0,
    source: 'decided',
    action:
      kind === 'press'
        ? { kind, key: 'Enter' }
        : kind === 'fill'
          ? { kind, handle: '0:1', value: 'x' }
          : kind === 'select'
            ? { kind, handle: '0:1', option: 'x' }
            : { kind, handle: '0:1' },
    target: 't',
    why: 'w',
    ok: true,
    observed: '',
    sent,
  }) as StepRecord;

const U = 'http://shop.test/';

describe('a run that only set values is not done when the request asked the page to act', () => {
  it('a lookup or sending asked for, and only fills made, nothing sent, the same address', () => {
    expect(unsentRequest('운송장 6402-1187-3395 배송 어디까지 왔는지 조회해줘', [step('fill')], U, U)).toBe(true);
    expect(unsentRequest('이 번호로 검색해 주세요', [step('fill')], U, U)).toBe(true);
    expect(unsentRequest('track parcel 7781 0043 for me', [step('fill')], U, U)).toBe(true);
    expect(unsentRequest('write my note and then send it', [step('fill'), step('select')], U, U)).toBe(true);
  });

  it('done stands when the page was asked to act, or moved by itself', () => {
    expect(unsentRequest('운송장 6402 조회해줘', [step('fill'), step('click')], U, U)).toBe(false);
    expect(unsentRequest('search for blue mugs', [step('fill'), step('press')], U, U)).toBe(false);
    // typing that fetched suggestions or results, or a page that moved on
    expect(unsentRequest('search for blue mugs', [step('fill', 2)], U, U)).toBe(false);
    expect(unsentRequest('search for blue mugs', [step('fill')], U, `${U}results?q=blue`)).toBe(false);
  });

  it('a request that only asks for values to be set is done when they are set', () => {
    expect(unsentRequest('이름 칸에 홍길동 넣어줘', [step('fill')], U, U)).toBe(false);
    expect(unsentRequest('set the quantity to 3', [step('fill')], U, U)).toBe(false);
    expect(unsentRequest('배송 메모는 문 앞에 놔주세요로 적어줘', [step('fill')], U, U)).toBe(false);
  });
});

describe('values the page has not taken', () => {
  const booking = pageModelOf({
    fields: [fieldOf('Membership no.', { handle: '0:1', regions: ['dialog:0'] })],
    dialogs: [
      { idx: 0, handle: '0:9', kind: 'dialog', text: 'Book: Spin 45 · Thu 6:15', modal: true, buttons: [buttonOf('0:2', 'Book it')] },
    ],
  });

  it("a value typed into a dialog this run opened waits for its button; one open before the run is the person's", () => {
    expect(filledInOpenDialog([step('click'), step('fill')], booking, new Set())).toContain('Book: Spin 45');
    expect(filledInOpenDialog([step('click'), step('fill')], booking, new Set(['Book: Spin 45 · Thu 6:15']))).toBeUndefined();
    expect(filledInOpenDialog([step('fill'), step('click')], booking, new Set())).toBeUndefined();
  });

  it('a field the page marks invalid after the run filled it is a refusal', () => {
    const refused = pageModelOf({ fields: [fieldOf('Membership no.', { handle: '0:1', invalid: true })] });
    expect(refusedValue([step('fill')], refused)).toBe('Membership no.');
    expect(refusedValue([step('fill')], pageModelOf({ fields: [fieldOf('Membership no.', { handle: '0:1' })] }))).toBeUndefined();
  });
});

describe('a commit asked for and never sent', () => {
  const press = (target: string, wrote = 0): StepRecord => ({ ...step('click'), target, wrote });
  it('enrolling asked for, only a lookup pressed and nothing written: not done', () => {
    expect(commitNotSent('2페이지에서 첫 번째 강좌 수강 신청해줘', [press('2'), press('조회')])).toBe('신청');
    expect(commitNotSent('book the 7:40 ferry for two', [press('Show sailings')])).toBe('book');
  });
  it('a press whose words send, something written, a request that holds the commit, or counts unknown: not this rule', () => {
    expect(commitNotSent('book the 7:40 ferry for two', [press('Book now')])).toBeUndefined();
    expect(commitNotSent('book the 7:40 ferry for two', [press('Select', 1)])).toBeUndefined();
    expect(commitNotSent("pick the 7:40 ferry but don't book it yet", [press('Select')])).toBeUndefined();
    expect(commitNotSent('book the 7:40 ferry for two', [{ ...press('Select'), wrote: undefined }])).toBeUndefined();
    expect(commitNotSent('show me the 7:40 ferry', [press('Select')])).toBeUndefined();
  });
});
