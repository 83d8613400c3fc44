import { describe, expect, it } from 'vitest';
import { findContacts } from '../../../../src/main/agent/nlu/contacts.ts';
import { findMoney } from '../../../../src/main/agent/nlu/money.ts';
import { assignRoles, findPlaces } from '../../../../src/main/agent/nlu/places/index.ts';
import { findShopping } from '../../../../src/main/agent/nlu/shopping.ts';
import { findTravelDetails } from '../../../../src/main/agent/nlu/travel.ts';
import { u } from './helpers.ts';

const money = (text: string) => findMoney(u(text)).map((m) => `${m.bound}:${m.money.amount}${m.money.currency}`);
const route = (text: string) => {
  const x = u(text);
  return assignRoles(x, findPlaces(x)).map((m) => `${m.role}:${m.entry.airport ?? m.entry.airports.join('/')}`);
};

describe('money', () => {
  it('reads won, dollars, k and ranges with their bound', () => {
    expect(money('30만원')).toEqual(['none:300000KRW']);
    expect(money('$300')).toEqual(['none:300USD']);
    expect(money('under 200k won')).toEqual(['max:200000KRW']);
    expect(money('20만원 이하')).toEqual(['max:200000KRW']);
    expect(money('만원 이하')).toEqual(['max:10000KRW']);
    expect(money('2 million won')).toEqual(['none:2000000KRW']);
    expect(money('100만원에서 150만원 사이')).toEqual(['min:1000000KRW', 'max:1500000KRW']);
    expect(money('between 500k and 800k won')).toEqual(['min:500000KRW', 'max:800000KRW']);
    expect(money('5만원 이상')).toEqual(['min:50000KRW']);
  });
});

describe('places', () => {
  it('normalises cities and airports to IATA with roles', () => {
    expect(route('인천에서 나리타')).toEqual(['from:ICN', 'to:NRT']);
    expect(route('Incheon to Narita')).toEqual(['from:ICN', 'to:NRT']);
    expect(route('ICN-NRT')).toEqual(['from:ICN', 'to:NRT']);
    expect(route('나리타행')).toEqual(['to:NRT']);
    expect(route('서울에서 도쿄')).toEqual(['from:ICN/GMP', 'to:NRT/HND']);
    expect(route('Tokyo Haneda')).toEqual(['to:HND']);
    expect(route('부산 김해에서 제주')).toEqual(['from:PUS', 'to:CJU']);
    expect(route('the sin of pride')).toEqual([]);
  });
});

describe('travel details', () => {
  it('reads travellers, direct flights, trip type and time', () => {
    expect(findTravelDetails(u('성인 2명 아이 1명'), { bareNumber: false }).passengers).toEqual({ adults: 2, children: 1, infants: 0 });
    expect(findTravelDetails(u('2 adults and a kid'), { bareNumber: false }).passengers).toEqual({ adults: 2, children: 1, infants: 0 });
    expect(findTravelDetails(u('혼자'), { bareNumber: false }).passengers).toEqual({ adults: 1, children: 0, infants: 0 });
    expect(findTravelDetails(u('3'), { bareNumber: true }).passengers).toEqual({ adults: 3, children: 0, infants: 0 });
    expect(findTravelDetails(u('직항 편도'), { bareNumber: false })).toMatchObject({ directOnly: true, tripType: 'one_way' });
    expect(findTravelDetails(u('경유 괜찮아'), { bareNumber: false }).directOnly).toBe(false);
    expect(findTravelDetails(u('오후 6시 이후'), { bareNumber: false }).timeWindow).toEqual({ earliest: '18:00' });
    expect(findTravelDetails(u('between 9am and noon'), { bareNumber: false }).timeWindow).toEqual({ earliest: '09:00', latest: '12:00' });
    expect(findTravelDetails(u('오전 비행기'), { bareNumber: false }).timePref).toBe('morning');
  });
});

describe('order identifiers and shopping', () => {
  it('reads phones, codes, order numbers and addresses', () => {
    expect(findContacts(u('010-1234-5678'), { orderContext: true }).phone).toBe('01012345678');
    expect(findContacts(u('+82 10 9876 5432'), { orderContext: true }).phone).toBe('01098765432');
    expect(findContacts(u('482913'), { orderContext: true, expecting: 'otp' }).otp).toBe('482913');
    expect(findContacts(u('주문번호 ord-20261130-0042'), { orderContext: true }).orderId).toBe('ORD-20261130-0042');
    expect(findContacts(u('배송지를 서울시 강남구 테헤란로 123으로 바꿔줘'), { orderContext: true }).address).toBe(
      '서울시 강남구 테헤란로 123',
    );
    expect(findContacts(u('ship to 123 Teheran-ro, Gangnam-gu, Seoul'), { orderContext: true }).address).toBe(
      '123 Teheran-ro, Gangnam-gu, Seoul',
    );
  });

  it('splits brand, product and variant', () => {
    expect(findShopping(u('삼성 갤럭시 S25 울트라 512기가 블랙 가격비교'))).toEqual({
      brand: 'Samsung',
      productName: '갤럭시 S25 울트라',
      variant: '512GB 블랙',
    });
    expect(findShopping(u('Sony WH-1000XM5, free shipping, lowest price'))).toEqual({
      brand: 'Sony',
      productName: 'WH-1000XM5',
      shippingPref: 'free',
    });
  });
});
