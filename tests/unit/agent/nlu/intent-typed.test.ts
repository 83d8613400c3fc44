/**
 * Which task a request starts when it is phrased the way people type: cancelling a ticket
 * booking, a cancelled flight's money, an order's phone number, an insurer's change of address,
 * things that are not one of the six tasks (alarms, trip planning, SIM cards, visa rules), and a
 * question asked while a task is under way. Sentences written for this test.
 */
import { describe, expect, it } from 'vitest';
import { parseUtterance } from '../../../../src/main/agent/nlu/index.ts';
import type { UnderstandingState } from '../../../../src/shared/commands.ts';
import { NOW, TZ } from './helpers.ts';

const parse = (text: string, state?: UnderstandingState) => parseUtterance(text, { now: NOW, tz: TZ, ...(state ? { state } : {}) });
const intent = (text: string) => parse(text).intent?.name;
const types = (text: string, state?: UnderstandingState) => parse(text, state).commands.map((c) => c.type);

describe('tasks named by what they are about', () => {
  it('cancelling a ticket booking is a refund or cancel', () => {
    expect(intent('뮤지컬 티켓 예매 취소해 주세요 예매번호 M44120')).toBe('RefundCancel');
    expect(parse('뮤지컬 티켓 예매 취소해 주세요 예매번호 M44120').slots).toEqual({ order_id: 'M44120' });
  });

  it('a cancelled flight and the money for it is a refund, even asked as a question', () => {
    expect(intent('flight was cancelled, can I get a refund? ref QZ8K2M')).toBe('RefundCancel');
  });

  it('changing an order’s phone number is an order change', () => {
    expect(intent('주문 C-7712 받는 분 연락처 변경 010-2222-3333')).toBe('OrderChange');
    expect(intent('update the phone number on order 88120-7 to 010 4444 5555')).toBe('OrderChange');
  });

  it('an insurer’s change of address is their form', () => {
    const r = parse('보험 주소 변경 해줘 서울 마포구 월드컵로 10');
    expect(r.intent?.name).toBe('FormFill');
    expect(r.slots).toMatchObject({ form_purpose: 'address change' });
  });

  it('alarms, trip plans, SIM cards and visa rules are looked up or done elsewhere', () => {
    expect(intent('내일 아침 6시 알람 맞춰줘')).toBe('GenericTask');
    expect(intent('remind me to pack at 9pm')).toBe('GenericTask');
    expect(intent('plan a 5 day trip to Jeju for us')).toBe('GenericTask');
    expect(intent('일본 유심이랑 로밍 중에 뭐가 싸?')).toBe('GenericTask');
    expect(intent('태국 무비자로 며칠까지 있을 수 있어?')).toBe('GenericTask');
  });
});

describe('a question while a task is under way', () => {
  it('is asked, whichever task it sounds like', () => {
    expect(parse('is breakfast free there?', { activeIntent: 'HotelSearch' }).commands.map((c) => c.type)).toEqual(['ask_question']);
  });

  it('"애 하나요" counts one child; it asks nothing', () => {
    const r = parse('어른 셋 애 하나요', { activeIntent: 'FlightSearch', expecting: 'passengers' });
    expect(r.slots).toEqual({ passengers: { adults: 3, children: 1, infants: 0 } });
    expect(r.commands.map((c) => c.type)).toEqual(['set_slot']);
  });
});

describe('shopping for a product line or an accessory without a brand', () => {
  it('"아이패드 케이스 2만원 이하" is shopping, not a flight with a child', () => {
    const r = parse('아이패드 케이스 2만원 이하로 찾아줘');
    expect(r.intent?.name).toBe('ShoppingCompare');
    expect(r.slots).toMatchObject({ product_name: '아이패드 케이스', price_max: { amount: 20000, currency: 'KRW' } });
  });
});

describe('routes that are not flights, and a move that is not an order', () => {
  it('a train, a bus or a rental car is looked up, not searched as a flight', () => {
    expect(intent('SRT 수서에서 부산 모레')).toBe('GenericTask');
    expect(intent('bus ticket Seoul to Gangneung on Friday')).toBe('GenericTask');
    expect(intent('제주 렌터카 3일')).toBe('GenericTask');
    // naming a flight keeps it a flight
    expect(intent('train is sold out, flight Gimpo to Busan tomorrow')).toBe('FlightSearch');
  });

  it('changing one’s address after moving house is a form, unless an order is named', () => {
    expect(intent('이사했어요 주소 변경 부탁해요 서울 노원구 동일로 1414')).toBe('FormFill');
    expect(intent('이사했어요 주문 A5521 배송지 서울 노원구 동일로 1414로 바꿔줘')).toBe('OrderChange');
  });
});

describe('answers that add to or state what is held', () => {
  const held = {
    activeIntent: 'FlightSearch' as const,
    expecting: 'confirmation',
    slots: { passengers: { adults: 2, children: 1, infants: 0 } },
  };
  it('"한 명 더 추가요", "one more adult" add to the travellers held; without any held they set nothing', () => {
    expect(parse('어른 한 명 더 추가요', held).slots).toEqual({ passengers: { adults: 3, children: 1, infants: 0 } });
    expect(parse('one more adult please', held).slots).toEqual({ passengers: { adults: 3, children: 1, infants: 0 } });
    expect(parse('어른 한 명 더 추가요', { activeIntent: 'FlightSearch', expecting: 'confirmation' }).slots).toEqual({});
    expect(types('어른 한 명 더 추가요', held)).not.toContain('ask_question');
  });

  it('a bare sum in English, asked for a budget, is dollars; a tiny number is not a budget', () => {
    const asked = { activeIntent: 'HotelSearch' as const, expecting: 'budget_max' };
    expect(parse('no more than 180 a night', asked).slots).toEqual({ budget_max: { amount: 180, currency: 'USD' } });
    expect(parse('2', asked).slots).toEqual({});
  });

  it('how long a flight takes is looked up, not searched', () => {
    expect(intent('how long does the flight from Busan to Bangkok take')).toBe('GenericTask');
  });
});
