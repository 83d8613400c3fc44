import { describe, expect, it } from 'vitest';
import { parseMoney, parseStops, parseTimes, typeRows } from '../../../src/main/plan/extract.ts';
import { parseSnapshot, resolveTarget } from '../../../src/main/plan/target-resolver.ts';
import { implausible, verifyPlan } from '../../../src/main/plan/verifier.ts';
import { Plan } from '../../../src/shared/plan.ts';

const SNAP = [
  '1_1 link "하늘길 SkyRoute"',
  'heading "항공권 검색 Search flights"',
  ' 1_6 combobox "출발지 From" [required, value="ICN 인천국제공항 (Incheon International)"]',
  ' 1_7 combobox "도착지 To" [required]',
  ' 1_8 textbox "가는 날 Departure date" [value="2026-12-20"]',
  ' 1_13 checkbox "직항만 Direct flights only" [checked]',
  ' 1_14 button "항공권 검색 Search flights"',
  ' 1_15 button "달력 열기 Open calendar" [disabled]',
  ' 1_20 link "선택 Select KE703": 412,000원',
  ' 1_21 link "선택 Select OZ102"',
  '• 398,000원 | 직항 Direct',
  ' 1_2f button "예약 Book"',
].join('\n');

describe('target resolver', () => {
  const nodes = parseSnapshot(SNAP);
  it('parses uids, roles, names, states and values', () => {
    expect(nodes.find((n) => n.uid === '1_6')).toMatchObject({
      role: 'combobox',
      name: '출발지 From',
      value: 'ICN 인천국제공항 (Incheon International)',
    });
    expect(nodes.find((n) => n.uid === '1_13')?.states).toContain('checked');
  });
  it('reads a list item printed as its words, and a uid numbered in base 36 at the head of its line', () => {
    const item = nodes.find((n) => n.role === 'listitem');
    expect(item).toMatchObject({ name: '', text: '398,000원 | 직항 Direct', depth: 0 });
    expect(nodes.find((n) => n.uid === '1_2f')).toMatchObject({ role: 'button', name: '예약 Book', depth: 1 });
    expect(resolveTarget(nodes, { role: 'button', name: 'Book' }).uid).toBe('1_2f');
  });
  it('matches role + bilingual accessible name, label and the nth of several', () => {
    expect(resolveTarget(nodes, { role: 'button', name: 'Search flights' }).uid).toBe('1_14');
    expect(resolveTarget(nodes, { label: 'Departure date' }).uid).toBe('1_8');
    expect(resolveTarget(nodes, { role: 'textbox', name: 'From' }).uid).toBe('1_6'); // combobox is a kind of text field
    expect(resolveTarget(nodes, { role: 'link', name: 'Select', nth: 1 }).uid).toBe('1_21');
  });
  it('says what is near when nothing matches', () => {
    expect(() => resolveTarget(nodes, { role: 'button', name: 'Pay now' })).toThrow(/No element matches button "Pay now"/);
  });
});

describe('extraction typing', () => {
  it('reads money, times and stops in ko/en forms', () => {
    expect(parseMoney('₩412,000')).toBe(412000);
    expect(parseMoney('412,000원')).toBe(412000);
    expect(parseMoney('$1,234.50')).toBe(1234.5);
    expect(parseTimes('06:00 → 8:35 (+1)')).toEqual(['06:00', '08:35']);
    expect(parseStops('직항 Direct')).toBe(0);
    expect(parseStops('1회 경유 1 stop (via PVG)')).toBe(1);
    expect(parseStops('—')).toBeNull();
  });
  it('types rows and falls back to the row text, never inventing values', () => {
    const rows = typeRows(
      [{ _text: 'KE703 09:10 11:35 직항 ₩412,000', price: null, depart_time: null, arrive_time: null, stops: null, rating: null }],
      ['price', 'depart_time', 'arrive_time', 'stops', 'rating'],
    );
    expect(rows[0]).toEqual({ price: 412000, depart_time: '09:10', arrive_time: '11:35', stops: 0, rating: null });
  });
});

describe('verifier', () => {
  const plan = Plan.parse({
    plan_id: 'p',
    intent: 'FlightSearch',
    created_at: '2026-11-22T00:00:00Z',
    steps: [{ id: 'rows', type: 'extract', fields: ['price', 'depart_time'] }],
    verify: [
      { rule: 'results_exist', step: 'rows', min_rows: 2 },
      { rule: 'fields_plausible', step: 'rows', fields: ['price', 'depart_time'] },
    ],
  });
  it('passes plausible rows', async () => {
    const v = await verifyPlan(
      plan,
      new Map([
        [
          'rows',
          {
            rows: [
              { price: 412000, depart_time: '09:10' },
              { price: 99000, depart_time: '23:55' },
            ],
          },
        ],
      ]),
    );
    expect(v).toMatchObject({ ok: true, checked: 2 });
  });
  it('fails with expected vs seen', async () => {
    const v = await verifyPlan(plan, new Map([['rows', { rows: [{ price: 0, depart_time: '25:00' }] }]]));
    expect(v.ok).toBe(false);
    expect(v.issues.map((i) => i.rule)).toEqual(['results_exist', 'fields_plausible']);
    expect(v.issues[0]).toMatchObject({ error_class: 'validation_failed', expected: { min_rows: 2 }, seen: { rows: 1 } });
    expect(implausible('price', -5)).toMatch(/amount/);
    expect(implausible('url', 'not a url')).toMatch(/address/);
  });
});
