/** Identifiers as people type them: order numbers of more shapes, phone numbers read out, and no street in a trip. */
import { describe, expect, it } from 'vitest';
import { findContacts } from '../../../../src/main/agent/nlu/contacts.ts';
import { parseUtterance } from '../../../../src/main/agent/nlu/index.ts';
import { NOW, TZ, u } from './helpers.ts';

describe('order numbers', () => {
  it('reads a long number after 주문번호 and a short letter-and-digits id in an order’s context', () => {
    expect(findContacts(u('주문번호가 20261130998877이에요'), { orderContext: true }).orderId).toBe('20261130998877');
    expect(findContacts(u('B55120 배송지 변경해 주세요'), { orderContext: true }).orderId).toBe('B55120');
    // outside an order's context a model name is not an order number
    expect(findContacts(u('R5000 카메라'), { orderContext: false }).orderId).toBeUndefined();
  });
});

describe('a phone number or a code read out when one was asked for', () => {
  it('turns digit words into the number, in Korean and English', () => {
    expect(findContacts(u('공일공 삼삼삼삼 칠칠칠칠'), { orderContext: true, expecting: 'phone' }).phone).toBe('01033337777');
    expect(findContacts(u('zero one zero, two two two two, nine nine nine nine'), { orderContext: true, expecting: 'phone' }).phone).toBe(
      '01022229999',
    );
    expect(findContacts(u('육 이 팔 삼 일 칠'), { orderContext: true, expecting: 'otp' }).otp).toBe('628317');
    expect(findContacts(u('four two nine one'), { orderContext: true, expecting: 'otp' }).otp).toBe('4291');
    // not asked for a phone: the words stay words
    expect(findContacts(u('공일공 삼삼삼삼 칠칠칠칠'), { orderContext: true }).phone).toBeUndefined();
  });
});

describe('street addresses in a trip', () => {
  it('does not read "dec 18 one way" as a street called One Way', () => {
    const r = parseUtterance('Busan to Jeju dec 20 one way', { now: NOW, tz: TZ });
    expect(r.slots).toMatchObject({ date_start: '2026-12-20', trip_type: 'one_way' });
    // an address where an address is talked about is still read
    expect(findContacts(u('ship it to 12 Park Lane, Leeds'), { orderContext: true, travel: true }).address).toBe('12 Park Lane, Leeds');
  });
});

describe('an English road address after an order number', () => {
  it('does not take "#55-1203 to" into the street', () => {
    const c = findContacts(u('update the delivery address for order #72-3301 to 5 Teheran-ro, Gangnam-gu, Seoul'), { orderContext: true });
    expect(c).toMatchObject({ address: '5 Teheran-ro, Gangnam-gu, Seoul', orderId: '72-3301' });
  });
});
