/**
 * Polite and casual forms of cancel / yes, picks by position ("2번", "the second one") and
 * the unit of an address ("3층") — each read by a general rule, checked on variants.
 */
import { describe, expect, it } from 'vitest';
import { parseUtterance } from '../../../../src/main/agent/nlu/index.ts';
import { splitAddress } from '../../../../src/main/packs/orders/pack.ts';
import { Understanding, type UnderstandingState } from '../../../../src/shared/commands.ts';
import { NOW, TZ } from './helpers.ts';

const parse = (text: string, state?: UnderstandingState) => parseUtterance(text, { now: NOW, tz: TZ, ...(state ? { state } : {}) });
const types = (text: string, state?: UnderstandingState) => parse(text, state).commands.map((c) => c.type);

const confirming: UnderstandingState = { activeIntent: 'OrderChange', expecting: 'confirmation' };
const choosingOrder: UnderstandingState = { activeIntent: 'OrderChange', expecting: 'order_id' };

describe('cancel in any politeness', () => {
  const said = [
    '그냥 취소할게요',
    '취소할래요',
    '취소해 주세요',
    '취소해주세요',
    '취소하고 싶어요',
    '그만할래요',
    '이제 그만둘게요',
    '됐어요 그만',
    '중단해 주세요',
    '아니요 그만할래',
    'cancel it please',
    "stop, I don't want this anymore",
    'just cancel the whole thing',
    'no, cancel it',
  ];
  it.each(said)('"%s" is a cancel, with or without a task running', (text) => {
    expect(types(text)).toEqual(['cancel']);
    expect(types(text, { activeIntent: 'FlightSearch', expecting: 'date_start' })).toEqual(['cancel']);
    expect(types(text, confirming)).toEqual(['cancel']);
  });

  it('cancelling an order is still a refund task, and a cancelled order is not a cancel', () => {
    expect(parse('주문 취소할래요').intent?.name).toBe('RefundCancel');
    expect(parse('취소된 주문 환불해줘').intent?.name).toBe('RefundCancel');
    expect(types('cancel my order please')).toEqual(['start_task']);
  });
});

describe('yes to a question, in any politeness', () => {
  const said = [
    '네 진행해 주세요',
    '진행해 주세요',
    '계속 진행할게요',
    '네 바꿔주세요',
    '그렇게 해 주세요',
    'go ahead',
    'yes please do it',
    'sure, proceed',
    'go on',
  ];
  it.each(said)('"%s" is a yes, asked or not', (text) => {
    expect(types(text, confirming)).toEqual(['confirm']);
    expect(types(text)).toEqual(['confirm']);
  });

  it('naming the task is a yes only while the question is open', () => {
    for (const text of ['예약해 주세요', '네 환불해 주세요', 'book it', 'yes, change it']) {
      expect(types(text, { activeIntent: 'RefundCancel', expecting: 'confirmation' })).toEqual(['confirm']);
    }
    expect(parse('네 환불해 주세요').intent?.name).toBe('RefundCancel');
    expect(types('book it')).toEqual(['cannot_handle']);
  });

  it('a no stays a no', () => {
    for (const text of ['아니요', '아니 괜찮아요', 'no thanks', "no, don't"]) expect(types(text, confirming)).toEqual(['deny']);
  });
});

describe('a pick by position', () => {
  const picks: Array<[string, number]> = [
    ['2번', 2],
    ['2번이요', 2],
    ['2번 주문이요', 2],
    ['두 번째 주문이요', 2],
    ['두번째요', 2],
    ['첫번째 거', 1],
    ['세 번째 걸로요', 3],
    ['the second one', 2],
    ['the 2nd option please', 2],
    ['#2', 2],
    ['order 2', 2],
    ['number 3 please', 3],
    ['2', 2],
  ];
  it.each(picks)('"%s" with a list of orders shown is position %i', (text, position) => {
    for (const expecting of ['order_id', 'order_choice'] as const) {
      const r = parse(text, { activeIntent: 'OrderChange', expecting });
      expect(r.slots).toEqual({ choice: position });
      expect(r.commands).toEqual([]);
      expect(Understanding.safeParse(r).success).toBe(true);
    }
  });

  it('a pick of a presented result needs no question: "1번으로 예약해줘", "book the first one"', () => {
    for (const [text, position] of [
      ['1번으로 예약해줘', 1],
      ['두 번째 걸로 할게요', 2],
      ['3번째 옵션으로 할게요', 3],
      ['book the first one', 1],
      ["let's go with the third", 3],
      ['pick number 3', 3],
    ] as const) {
      const r = parse(text);
      expect(r.slots).toEqual({ choice: position });
      expect(r.commands.map((c) => c.type)).not.toContain('cannot_handle');
    }
  });

  it('an order number is still the order number', () => {
    expect(parse('ORD-20261130-0042', choosingOrder).commands).toEqual([
      { type: 'set_slot', slot: 'order_id', value: 'ORD-20261130-0042', confidence: 0.9 },
    ]);
  });

  it('numbers and ordinals that are not picks', () => {
    expect(parse('강남역 2번 출구 근처 호텔').slots).toEqual({ to: 'SEL' });
    expect(parse('12월 첫째 주 토요일 도쿄 호텔').slots).toEqual({ to: 'TYO', date_start: '2026-12-05' });
    expect(parse('flight on Dec 1st to Jeju').slots).toEqual({ date_start: '2026-12-01', to: 'CJU' });
    expect(parse('2', { activeIntent: 'FlightSearch', expecting: 'passengers' }).slots).toEqual({
      passengers: { adults: 2, children: 0, infants: 0 },
    });
    expect(parse('두 번째로 싼 거').slots.choice).toBeUndefined();
    expect(parse('2번 경유 항공편').slots.choice).toBeUndefined();
  });
});

describe('the unit of an address is kept', () => {
  const addressing: UnderstandingState = { activeIntent: 'OrderChange', expecting: 'address' };
  const cases: Array<[string, UnderstandingState | undefined, string, string]> = [
    ['테헤란로 152 3층으로', addressing, '테헤란로 152 3층', '3층'],
    ['테헤란로 152 3층으로 바꿔줘', { activeIntent: 'OrderChange' }, '테헤란로 152 3층', '3층'],
    ['판교역로 166 101동 1203호요', addressing, '판교역로 166 101동 1203호', '101동 1203호'],
    ['세종대로 175 센트럴타워 5층으로 보내주세요', addressing, '세종대로 175 센트럴타워 5층', '센트럴타워 5층'],
    ['배송지를 서울 강남구 테헤란로 152 12층 1203호로 바꿔줘', undefined, '서울 강남구 테헤란로 152 12층 1203호', '12층 1203호'],
    ['배송지를 테헤란로 152 3층으로 바꿔주세요', undefined, '테헤란로 152 3층', '3층'],
  ];
  it.each(cases)('"%s" → address "%s" (the orders pack sends "%s" as address line 2)', (text, state, address, detail) => {
    const r = parse(text, state);
    expect(r.slots.address).toBe(address);
    expect(splitAddress(address).detail).toBe(detail);
  });

  it('English units: floor, apartment, unit', () => {
    const addressing2: UnderstandingState = { activeIntent: 'OrderChange', expecting: 'address' };
    expect(parse('152 Teheran-ro, 3rd floor', addressing2).slots.address).toBe('152 Teheran-ro, 3rd floor');
    expect(parse('change the shipping address to 152 Teheran-ro, Apt 1203').slots.address).toBe('152 Teheran-ro, Apt 1203');
    expect(parse('152 Teheran-ro Unit 301, Gangnam-gu, Seoul', addressing2).slots.address).toBe(
      '152 Teheran-ro Unit 301, Gangnam-gu, Seoul',
    );
  });

  it('a road-like word with a count is not an address', () => {
    expect(parse('주문한 거 내일로 3개 더').slots.address).toBeUndefined();
    expect(parse('부산으로 2명 가는 비행기').slots.address).toBeUndefined();
  });
});

describe('yes, no and cancel as people type them', () => {
  it('"ㅇㅋ 진행시켜" and a yes that says where to stop are a yes', () => {
    expect(types('응 진행시켜', confirming)).toEqual(['confirm']);
    expect(types('네 결제 직전까지만 해주세요', confirming)).toEqual(['confirm']);
    expect(types('yes, but only up until checkout', confirming)).toEqual(['confirm']);
  });

  it('"nope that\'s wrong" is a no', () => {
    expect(types("no that's incorrect", confirming)).toEqual(['deny']);
  });

  it('"됐어 안 할래" is a cancel; "취소 안 할래" (not cancelling) is not', () => {
    expect(types('그만 안 할래', choosingOrder)).toEqual(['cancel']);
    expect(types('취소 안 할래', choosingOrder)).not.toContain('cancel');
  });
});
