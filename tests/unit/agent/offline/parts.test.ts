import { describe, expect, it } from 'vitest';
import { placePieces } from '../../../../src/main/agent/offline/later.ts';
import { measureClause } from '../../../../src/main/agent/offline/measure.ts';
import { asksOnly } from '../../../../src/main/agent/offline/parts.ts';
import { peopleCount, peopleSaid } from '../../../../src/main/agent/offline/people-count.ts';
import { personNameIn } from '../../../../src/main/agent/offline/person-name.ts';
import { buttonOf, fieldOf, pageModelOf, radiosOf } from '../page-model-parts.ts';

const option = (label: string) => ({ label, value: label, selected: false });

describe('a count of people said with no kind of person', () => {
  it('reads the count in both languages, and nothing else', () => {
    expect(peopleSaid('3명')).toBe(3);
    expect(peopleSaid('세 명이서')).toBe(3);
    expect(peopleSaid('넷이서')).toBe(4);
    expect(peopleSaid('for 5')).toBe(5);
    expect(peopleSaid('6 ppl')).toBe(6);
    expect(peopleSaid('two of us')).toBe(2);
    expect(peopleSaid('a table for 7')).toBe(7);
    expect(peopleSaid('me + 2 mates')).toBe(3);
    expect(peopleSaid('3 boxes')).toBeUndefined();
    expect(peopleSaid('3명 예약')).toBeUndefined();
  });

  it('goes to the one place that counts people: a stepper, a box, or a list option showing the number', () => {
    const stepper = pageModelOf({ steppers: [{ label: 'Party size', value: 1, dec: '0:1', inc: '0:2' }] });
    expect(peopleCount('for 4', stepper)).toEqual([{ kind: 'count', ref: 'Party size', n: 4 }]);
    const list = pageModelOf({
      fields: [fieldOf('참가 인원', { kind: 'select', options: ['1명', '2명', '12명'].map(option) })],
    });
    expect(peopleCount('두 명', list)).toEqual([{ kind: 'fill', ref: '참가 인원', value: '2명' }]);
    expect(peopleCount('5명', list)).toBeUndefined();
    const two = pageModelOf({
      fields: [fieldOf('Adults', { kind: 'number', purpose: 'guests' }), fieldOf('Guests', { kind: 'number', handle: '0:9' })],
    });
    expect(peopleCount('for 3', two)).toBeUndefined();
  });

  it('is never a name', () => {
    expect(personNameIn('두명')).toBeUndefined();
    expect(personNameIn('세분')).toBeUndefined();
    expect(personNameIn('두지원')).toBe('두지원');
  });
});

describe('a length said with its unit, for the place that names the unit', () => {
  const m = pageModelOf({
    fields: [
      fieldOf('출발 시각', { kind: 'select', purpose: 'time', options: ['09:00', '10:00'].map(option) }),
      fieldOf('대여 시간(분)', { kind: 'range', handle: '0:2' }),
      fieldOf('Stay', { kind: 'select', handle: '0:3', options: ['1 night', '2 nights', '3 nights'].map(option) }),
    ],
  });
  it('finds the box, the slider or the list option', () => {
    expect(measureClause('45분', m)).toEqual([{ kind: 'fill', ref: '대여 시간(분)', value: '45' }]);
    expect(measureClause('2 nights', m)).toEqual([{ kind: 'fill', ref: 'Stay', value: '2 nights' }]);
    expect(measureClause('3 weeks', m)).toBeUndefined();
  });
});

describe('a piece read as the sum of its parts', () => {
  const m = pageModelOf({
    title: '솔숲 캠핑장 예약',
    headings: ['캠핑 사이트 예약'],
    fields: [
      fieldOf('예약자 이름', { handle: '0:1', purpose: 'full_name' }),
      fieldOf('휴대전화', { handle: '0:2', purpose: 'phone' }),
      fieldOf('인원', { handle: '0:3', kind: 'select', purpose: 'guests', options: ['1', '2', '3', '4'].map(option) }),
      fieldOf('데크', { handle: '0:4', kind: 'radio', group: 'site' }),
      fieldOf('잔디', { handle: '0:5', kind: 'radio', group: 'site' }),
    ],
    groups: [
      {
        kind: 'radio',
        label: '사이트 종류',
        form: 0,
        options: [
          { handle: '0:4', label: '데크', checked: false },
          { handle: '0:5', label: '잔디', checked: false },
        ],
      },
    ],
  });

  it('a choice, a count, a name and a phone said in one breath', () => {
    const r = placePieces(['잔디로 세명 예약할게요 남궁민 010-2424-6868'], m);
    expect(r.left).toEqual([]);
    expect(r.clauses).toEqual([
      { kind: 'choose', option: '잔디', ref: '사이트 종류' },
      { kind: 'fill', ref: '인원', value: '3' },
      { kind: 'fill', ref: '예약자 이름', value: '남궁민' },
      { kind: 'fill', ref: '휴대전화', value: '010-2424-6868' },
    ]);
  });

  it('the errand’s own noun (what the page is about) needs no place', () => {
    expect(placePieces(['4명 캠핑 사이트'], m).clauses).toEqual([{ kind: 'fill', ref: '인원', value: '4' }]);
  });

  it('a word that names nothing here keeps the whole piece unplaced', () => {
    expect(placePieces(['잔디로 세명 카라반 예약할게요'], m).left).toEqual(['잔디로 세명 카라반 예약할게요']);
    expect(placePieces(['세명 개 두마리'], m).left).toEqual(['세명 개 두마리']);
  });
});

describe('a piece that only asks', () => {
  it('is placed with nothing to do; a word that names something is not only asking', () => {
    expect(asksOnly('could somebody come round')).toBe(true);
    expect(asksOnly('예약 부탁드려요')).toBe(true);
    expect(asksOnly('could somebody come round with a ladder')).toBe(false);
    expect(placePieces(['could somebody come round'], pageModelOf()).left).toEqual([]);
  });
});

describe('a number that begins one choice, and a phrase said in other words', () => {
  const m = pageModelOf({
    title: 'Sticker printing',
    groups: [radiosOf('Sheets', ['20 sheets · €9', '50 sheets · €18', '100 sheets · €30'])],
    buttons: [
      buttonOf('2:1', 'Single-sided', { choice: true, regions: ['form:0'], cluster: 5 }),
      buttonOf('2:2', 'Double-sided', { choice: true, regions: ['form:0'], cluster: 5 }),
    ],
  });

  it('reads "50" as the choice that begins with it, and "both sides" as "Double-sided"', () => {
    expect(placePieces(['50 printed on both sides please'], m).clauses).toEqual([
      { kind: 'choose', option: '50 sheets · €18', ref: 'Sheets' },
      { kind: 'click', ref: 'Double-sided' },
    ]);
  });

  it('a number no choice begins with keeps the piece unplaced', () => {
    expect(placePieces(['70 printed on both sides'], m).left).toEqual(['70 printed on both sides']);
  });
});

describe('a thing with how many of it, said with how the person will come', () => {
  const m = pageModelOf({
    title: '우산 수선 접수',
    groups: [
      radiosOf('우산 종류', ['장우산 5,000원', '3단 우산 4,000원']),
      radiosOf('맡기는 방법', ['매장 방문', '택배 발송'], '매장 방문'),
    ],
    steppers: [{ label: '수량', value: 1, dec: '5:1', inc: '5:2' }],
  });

  it('"장우산 2개 고치러 갈게요": the kind and its count; coming to the shop is chosen already', () => {
    expect(placePieces(['장우산 2개 수선하러 갈게요'], m).clauses).toEqual([
      { kind: 'choose', option: '장우산 5,000원', ref: '우산 종류' },
      { kind: 'count', ref: '수량', n: 2 },
    ]);
  });

  it('a word no choice or heading accounts for keeps the piece unplaced, even with a choice made already', () => {
    expect(placePieces(['장우산 2개 금요일까지 꼭 갈게요'], m).left).toEqual(['장우산 2개 금요일까지 꼭 갈게요']);
  });
});

describe('a choice made already, said with the name of its group', () => {
  it('"regular delivery is fine" when Regular is the delivery chosen: nothing to do, nothing left', () => {
    const m = pageModelOf({
      groups: [radiosOf('delivery', ['Regular — 3 days', 'Next day (+£4)'], 'Regular — 3 days')],
    });
    const r = placePieces(['regular delivery is fine'], m);
    expect(r.clauses).toEqual([]);
    expect(r.left).toEqual([]);
  });
});

describe('a piece that only names the errand', () => {
  const m = pageModelOf({ title: 'Oakwood Nails — book a visit', headings: ['Book a visit'] });
  it('is placed with nothing to do only by whole words of what the page is about, never by part of one', () => {
    expect(placePieces(['book a visit please'], m).left).toEqual([]);
    expect(placePieces(['oak'], m).left).toEqual(['oak']);
  });
});

describe('a choice made already, said with a word the reading shortens', () => {
  it('"standard speed is fine" when Standard is the speed chosen', () => {
    const m = pageModelOf({
      groups: [radiosOf('speed', ['Standard — 4 days', 'Express — 1 day'], 'Standard — 4 days')],
    });
    expect(placePieces(['standard speed is fine'], m).left).toEqual([]);
  });
});
