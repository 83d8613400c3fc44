import { describe, expect, it } from 'vitest';
import { inferPurpose } from '../../../src/main/agent/page-model/purpose.ts';
import type { RawControl } from '../../../src/main/agent/page-model/raw.ts';
import { parseClock, parseDuration, parseMoney, parseStops, typeRecord } from '../../../src/main/agent/page-model/values.ts';

const field = (o: Partial<RawControl>): RawControl => ({
  h: 0,
  tag: 'input',
  type: 'text',
  role: '',
  name: '',
  id: '',
  autocomplete: '',
  placeholder: '',
  label: '',
  aria: '',
  nearby: '',
  text: '',
  title: '',
  value: '',
  checked: null,
  disabled: false,
  readonly: false,
  required: false,
  invalid: false,
  options: null,
  min: '',
  max: '',
  href: '',
  expanded: '',
  selected: '',
  haspopup: '',
  sorted: '',
  group: '',
  form: -1,
  regions: [],
  cluster: -1,
  clusterText: '',
  inView: true,
  rect: [0, 0, 10, 10],
  depth: 'doc',
  ...o,
});

describe('field purpose', () => {
  it.each([
    [{ autocomplete: 'shipping family-name', label: 'Whatever' }, 'family_name'],
    [{ label: '받는 분 성함' }, 'full_name'],
    [{ name: 'departDate', type: 'date' }, 'depart_date'],
    [{ nearby: '가는 날' }, 'depart_date'],
    [{ nearby: '오는 날' }, 'return_date'],
    [{ placeholder: '출발지 (도시 또는 공항)' }, 'origin'],
    [{ aria: '도착지' }, 'destination'],
    [{ label: 'Check-in', type: 'date' }, 'checkin_date'],
    [{ label: '여권 번호' }, 'passport'],
    [{ label: 'Card number' }, 'card'],
    [{ label: '우편번호' }, 'postal_code'],
    [{ name: 'qty', type: 'number' }, 'quantity'],
    [{ id: 'zip_cd' }, 'postal_code'],
    [{ placeholder: '상품명 검색' }, 'query'],
    [{ label: 'Phone', type: 'tel' }, 'phone'],
    // a person's name box by whose name it asks; a pet's or a sort order's words name no place
    [{ label: 'Guardian name' }, 'full_name'],
    [{ label: '고양이 이름' }, 'other'],
    [{ label: 'Sort by: distance, nearest to farthest', tag: 'select' }, 'other'],
    // a place things are fetched from is an address, not a trip's origin
    [{ label: 'Which address should we pick the boxes up from?' }, 'address'],
    [{ label: 'Flying from' }, 'origin'],
  ] as Array<[Partial<RawControl>, string]>)('%j → %s', (o, purpose) => {
    expect(inferPurpose(field(o))).toBe(purpose);
  });

  it('a day to collect from is no address', () => {
    expect(inferPurpose(field({ label: 'Collect from (date)' }))).not.toBe('address');
  });
});

describe('record values by content', () => {
  it('reads money in won, dollars and 만원', () => {
    expect(parseMoney('1,290,000원')).toEqual({ value: 1_290_000, currency: 'KRW' });
    expect(parseMoney('from $1,045.50 total')).toEqual({ value: 1045.5, currency: 'USD' });
    expect(parseMoney('₩ 89,000')).toEqual({ value: 89_000, currency: 'KRW' });
    expect(parseMoney('12만원')?.value).toBe(120_000);
    expect(parseMoney('no price')).toBeUndefined();
  });
  it('reads clock times, durations and stops in both languages', () => {
    expect(parseClock('07:40 – 10:05')).toBe(460);
    expect(parseClock('7:05 pm')).toBe(19 * 60 + 5);
    expect(parseClock('오후 3시 20분')).toBe(15 * 60 + 20);
    expect(parseDuration('2h 25m')).toBe(145);
    expect(parseDuration('2시간 5분')).toBe(125);
    expect(parseStops('Nonstop')).toBe(0);
    expect(parseStops('1회 경유')).toBe(1);
    expect(parseStops('직항')).toBe(0);
  });
  it('types a record from its cells', () => {
    expect(typeRecord(['OZ 102', '07:40 – 10:05', '2h 25m', 'Nonstop', '$389'])).toMatchObject({
      money: 389,
      time: 460,
      duration: 145,
      stops: 0,
    });
  });
});
