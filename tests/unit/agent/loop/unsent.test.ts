import { describe, expect, it } from 'vitest';
import type { StepRecord } from '../../../../src/main/agent/loop/actions.ts';
import { unsentRequest } from '../../../../src/main/agent/loop/unsent.ts';

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
