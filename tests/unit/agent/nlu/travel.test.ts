/**
 * Travel details as people type them: layovers allowed in slang, the earliest flight, a morning
 * window that ends at noon, children by age, parents as two people, a head count said outright,
 * companions added with "+", and round trips said as "return" or "rt". Sentences written for this test.
 */
import { describe, expect, it } from 'vitest';
import { findTravelDetails } from '../../../../src/main/agent/nlu/travel.ts';
import { u } from './helpers.ts';

const details = (text: string) => findTravelDetails(u(text), { bareNumber: false });

describe('direct or not', () => {
  it('reads "경유도 ㄱㅊ" as layovers allowed, even after "직항 말고"', () => {
    expect(details('경유 ㄱㅊ 싼 걸로').directOnly).toBe(false);
    expect(details('직항 말고 경유해도 괜찮아').directOnly).toBe(false);
    expect(details('직항으로만').directOnly).toBe(true);
  });
});

describe('times', () => {
  it('reads "제일 이른 시간", "earliest departure" as early morning', () => {
    expect(details('가장 이른 시간으로').timePref).toBe('early_morning');
    expect(details('the earliest departure please').timePref).toBe('early_morning');
  });

  it('keeps noon as noon at the end of a morning window', () => {
    expect(details('아침 8시~12시 사이').timeWindow).toEqual({ earliest: '08:00', latest: '12:00' });
    expect(details('오후 2시~6시 사이').timeWindow).toEqual({ earliest: '14:00', latest: '18:00' });
  });
});

describe('travellers', () => {
  it('counts a child by age and does not read a place as a number ("딸 세부")', () => {
    expect(details('우리 부부랑 7살 아들 세부 가요').passengers).toEqual({ adults: 2, children: 1, infants: 0 });
    expect(details('나랑 10개월 아기').passengers).toEqual({ adults: 1, children: 0, infants: 1 });
    expect(details('아이 세 명이랑 어른 둘').passengers).toEqual({ adults: 2, children: 3, infants: 0 });
  });

  it('counts parents as two people and lets a head count said outright win', () => {
    expect(details('부모님 모시고 가요').passengers).toEqual({ adults: 3, children: 0, infants: 0 });
    expect(details('친구랑 동생 해서 5명').passengers).toEqual({ adults: 5, children: 0, infants: 0 });
    expect(details('with my parents').passengers).toEqual({ adults: 3, children: 0, infants: 0 });
  });

  it('adds a companion joined with "+"', () => {
    expect(details('me + husband + 1 kid').passengers).toEqual({ adults: 2, children: 1, infants: 0 });
  });
});

describe('trip type', () => {
  it('reads a bare "return" between commas and "rt" as a round trip, not "returning Sunday"', () => {
    expect(details('Incheon to Rome, Mar 2 to Mar 9, return, 2 adults').tripType).toBe('round_trip');
    expect(details('ICN LAX 1/3-1/9 rt').tripType).toBe('round_trip');
    expect(details('Incheon to Rome Mar 2 returning Sunday').tripType).toBeUndefined();
  });
});

describe('who travels and when, said around the speaker', () => {
  it('"just her" is one traveller, not the speaker with her', () => {
    expect(details('my dad is flying to Jeju, just him').passengers).toEqual({ adults: 1, children: 0, infants: 0 });
  });

  it('"morning, early" is early morning', () => {
    expect(details('Busan tomorrow morning, really early').timePref).toBe('early_morning');
  });
});

describe('toddlers counted with a number', () => {
  it('"2 toddlers" are children', () => {
    expect(details('2 adults 2 toddlers').passengers).toEqual({ adults: 2, children: 2, infants: 0 });
  });
});
