/** Order numbers in any reasonable shape, places from the gazetteer, negation and travellers, through the parser. */
import { describe, expect, it } from 'vitest';
import { findContacts, normaliseOrderId } from '../../../../src/main/agent/nlu/contacts.ts';
import { parseUtterance } from '../../../../src/main/agent/nlu/index.ts';
import { gazetteerPlaces } from '../../../../src/main/agent/nlu/places/gazetteer.ts';
import { NOW, TZ, u } from './helpers.ts';

const slots = (text: string) => parseUtterance(text, { now: NOW, tz: TZ }).slots;

describe('order numbers near an order word', () => {
  it.each([
    ['주문 2024-0312-15 환불요', '2024-0312-15'],
    ['order #C7710 is wrong', 'C7710'],
    ['refund order ORD_99120', 'ORD-99120'],
    ['주문번호는 7731-0045입니다', '7731-0045'],
    ['booking ref QZ4P8N, flight was cancelled', 'QZ4P8N'],
    ['order m-20931 please', 'M-20931'],
  ])('%s → %s', (text, id) => expect(findContacts(u(text), { orderContext: true }).orderId).toBe(id));
  it('a date, a phone or a plain word near the order word is not its number', () => {
    expect(findContacts(u('order from 12/20'), { orderContext: true }).orderId).toBeUndefined();
    expect(findContacts(u('주문 010-2222-3333으로 연락'), { orderContext: true }).orderId).toBeUndefined();
    expect(findContacts(u('order status please'), { orderContext: true }).orderId).toBeUndefined();
  });
  it('normalises the shape', () => expect(normaliseOrderId('#ab_12')).toBe('AB-12'));
});

describe('gazetteer places', () => {
  it('finds a city outside the hand table by name, with its airport', () => {
    const hit = gazetteerPlaces(u('flights to Krabi please'))[0];
    expect(hit?.entry.airports).toEqual(['KBV']);
  });
  it('a city name that is an ordinary word needs a capital or a from/to', () => {
    expect(gazetteerPlaces(u('that is nice')).length).toBe(0);
    expect(gazetteerPlaces(u('fly to nice')).map((h) => h.entry.airports[0])).toEqual(['NCE']);
  });
  it('Korean names of regional cities', () => {
    expect(slots('여수에서 김포 가는 비행기')).toMatchObject({ from: 'RSU', to: 'GMP' });
    expect(slots('포항 숙소 찾아줘')).toMatchObject({ to: 'KPO' });
  });
  it('a city with two airports asks which one', () => {
    const r = parseUtterance('flight from Chicago to Seattle', { now: NOW, tz: TZ });
    expect(r.commands.find((c) => c.type === 'clarify')).toMatchObject({ slot: 'from', options: ['ORD', 'MDW'] });
  });
});

describe('negation and travellers', () => {
  it.each(['대구에서 제주 경유해도 괜찮아', 'Seoul to Denver, a stopover is fine', "Boston to Miami, doesn't have to be direct"])(
    '%s → direct_only false',
    (text) => expect(slots(text).direct_only).toBe(false),
  );
  it('mixed travellers by type', () => {
    expect(slots('어른 둘이랑 아기 하나 제주 비행기').passengers).toEqual({ adults: 2, children: 0, infants: 1 });
    expect(slots('2 adults and a 6-year-old flying to Guam').passengers).toEqual({ adults: 2, children: 1, infants: 0 });
  });
  it('a value taken back inside one request keeps only the new one', () => {
    expect(slots('flights from Daegu — no wait, Gwangju to Jeju')).toMatchObject({ from: 'KWJ', to: 'CJU' });
  });
});

describe('a marked order number and an early start', () => {
  it('a #-marked identifier in a refund needs no order word', () => {
    expect(slots('환불 부탁해요 #Z40021').order_id).toBe('Z40021');
  });
  it('"first thing" is early morning', () => {
    expect(slots('flight Denver to Boston first thing tomorrow').time_pref).toBe('early_morning');
  });
});

describe('cities whose airport table lists a minor field first', () => {
  it('maps to the main international airport for flights and the city for stays', () => {
    const p = (text: string) => parseUtterance(text, { now: NOW, tz: TZ }).slots;
    expect(p('Incheon to Helsinki Jan 11')).toMatchObject({ to: 'HEL' });
    expect(p('인천에서 스톡홀름 가는 비행기')).toMatchObject({ to: 'ARN' });
    expect(p('Stockholm hotel Jan 3-5')).toMatchObject({ to: 'STO' });
    expect(p('베를린 가는 항공권 인천 출발')).toMatchObject({ to: 'BER' });
  });
});
