import { describe, expect, it } from 'vitest';
import { criterionOf } from '../../../../src/main/agent/offline/criteria.ts';
import { errandOf, unusedDetails } from '../../../../src/main/agent/offline/errand.ts';
import { SENDING } from '../../../../src/main/agent/offline/grammar.ts';
import { readPiece } from '../../../../src/main/agent/offline/pieces.ts';
import type { Field } from '../../../../src/main/agent/page-model/types.ts';
import { fieldOf, pageModelOf } from '../page-model-parts.ts';

const now = new Date('2026-12-01T09:00:00+09:00');

describe('reading a search or booking errand', () => {
  it('"X에서" before how to choose or a stay is where, not where from', () => {
    const stay = errandOf('12월 26일부터 3박 강릉에서 가장 싼 호텔 잡아줘', now);
    expect(stay?.slots.origin).toBeUndefined();
    expect(stay?.slots.destination?.split('|')[0]).toBe('강릉');
    // a route is still a route
    const route = errandOf('12월 20일 서울에서 부산 가는 기차', now);
    expect(route?.slots.origin?.split('|')[0]).toBe('서울');
    expect(route?.slots.destination?.split('|')[0]).toBe('부산');
  });

  it('a field word and its value the search page has no place for is kept for a later page, not dropped', () => {
    expect(unusedDetails('제주 숙소 예약해줘, 투숙객 이름 박서준', ['투숙객 이름 박서준'], { destination: '제주' })).toEqual([
      '투숙객 이름 박서준',
    ]);
    expect(unusedDetails('book a room in Busan, guest name Ana Lima', ['guest name Ana Lima'], { destination: 'Busan' })).toEqual([
      'guest name Ana Lima',
    ]);
  });

  it('"the first train", "첫차", "막차" choose by departure', () => {
    expect(criterionOf('1월 9일 대전 가는 첫 열차')?.by).toBe('earliest');
    expect(criterionOf('첫차로 예매')?.by).toBe('earliest');
    expect(criterionOf('the first ferry to Jeju')?.by).toBe('earliest');
    expect(criterionOf('막차 끊어줘')?.by).toBe('latest');
  });

  it('a value that starts like a sending verb is a value ("postcode 12345", "poster size A2")', () => {
    expect(SENDING.test('postcode 12345')).toBe(false);
    expect(SENDING.test('booklet 2')).toBe(false);
    expect(SENDING.test('post it')).toBe(true);
    expect(SENDING.test('보내줘')).toBe(true);
  });
});

describe('a value said with the errand after it', () => {
  const field = (label: string, purpose: Field['purpose']) => fieldOf(label, { handle: label, purpose });
  const model = pageModelOf({ fields: [field('상세 주소', 'address'), field('접수 번호', 'other')] });

  it('"상세주소 5층으로 변경 신청해줘", "접수 번호 30417 재발급 신청해줘": the value without the errand words', () => {
    expect(readPiece('상세주소 5층으로 변경 신청해줘', model)).toEqual([{ kind: 'fill', ref: '상세 주소', value: '5층' }]);
    expect(readPiece('접수 번호 30417 재발급 신청해줘', model)).toEqual([{ kind: 'fill', ref: '접수 번호', value: '30417' }]);
  });
});

describe('a number for a field that asks for digits only', () => {
  const phone = (label: string, placeholder = '') => fieldOf(label, { type: 'tel', purpose: 'phone', placeholder, required: true });
  const on = (f: Field) => pageModelOf({ fields: [f] });

  it('"(- 없이 숫자만)", "numbers only": the digits alone; any other phone field keeps the dashes', () => {
    expect(readPiece('연락처 010-7777-2323', on(phone('휴대폰', '- 없이 숫자만 입력')))).toEqual([
      { kind: 'fill', ref: '휴대폰', value: '01077772323' },
    ]);
    expect(readPiece('phone 010-7777-2323', on(phone('Mobile (numbers only)')))).toEqual([
      { kind: 'fill', ref: 'Mobile (numbers only)', value: '01077772323' },
    ]);
    expect(readPiece('phone 010-7777-2323', on(phone('Mobile')))).toEqual([{ kind: 'fill', ref: 'Mobile', value: '010-7777-2323' }]);
  });
});
