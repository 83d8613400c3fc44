import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseForCli } from '../../../../src/main/agent/nlu/cli.ts';
import { parseUtterance } from '../../../../src/main/agent/nlu/index.ts';
import { Command, Understanding } from '../../../../src/shared/commands.ts';
import { StewardError } from '../../../../src/shared/errors.ts';
import { NOW, TZ } from './helpers.ts';

const parse = (text: string, state?: Parameters<typeof parseUtterance>[1]['state']) =>
  parseUtterance(text, { now: NOW, tz: TZ, ...(state ? { state } : {}) });
const types = (text: string, state?: Parameters<typeof parseUtterance>[1]['state']) => parse(text, state).commands.map((c) => c.type);

describe('parseUtterance', () => {
  it('starts a flight search with normalised slots', () => {
    const r = parse('12월 20일 인천에서 나리타 가는 직항 제일 싼 거 찾아줘');
    expect(r.locale).toBe('ko');
    expect(r.intent?.name).toBe('FlightSearch');
    expect(r.slots).toEqual({ from: 'ICN', to: 'NRT', date_start: '2026-12-20', direct_only: true });
    expect(r.commands[0]).toMatchObject({ type: 'start_task', intent: 'FlightSearch' });
  });

  it('asks which airport for a city with two', () => {
    const r = parse('서울에서 도쿄 가는 항공권');
    const clarify = r.commands.filter((c) => c.type === 'clarify');
    expect(clarify).toEqual([
      { type: 'clarify', slot: 'from', options: ['ICN', 'GMP'], mention: '서울', confidence: 0.9 },
      { type: 'clarify', slot: 'to', options: ['NRT', 'HND'], mention: '도쿄', confidence: 0.9 },
    ]);
    expect(parse('서울에서', { activeIntent: 'FlightSearch', expecting: 'from' }).commands.map((c) => c.type)).toEqual(['clarify']);
    expect(parse('서울', { activeIntent: 'HotelSearch', expecting: 'to' }).slots).toEqual({ to: 'SEL' });
  });

  it('stays: a start date and nights give the end date', () => {
    expect(parse('도쿄 호텔 20일부터 3박').slots).toEqual({ to: 'TYO', date_start: '2026-12-20', date_end: '2026-12-23' });
  });

  it('shopping money is a price bound; travel money is a budget', () => {
    expect(parse('에어팟 프로 2 20만원 이하 최저가').slots).toEqual({
      product_name: '에어팟 프로 2',
      price_max: { amount: 200000, currency: 'KRW' },
    });
    expect(parse('flight to Da Nang under 300k won').slots).toMatchObject({ budget_max: { amount: 300000, currency: 'KRW' } });
  });

  it('yes, no and cancel only when the message is nothing else', () => {
    const confirming = { activeIntent: 'OrderChange' as const, expecting: 'confirmation' as const };
    for (const t of ['네', '응', '그래', 'yes', 'yep']) expect(types(t, confirming)).toEqual(['confirm']);
    for (const t of ['아니요', '아니', 'nope', 'no thanks']) expect(types(t, confirming)).toEqual(['deny']);
    for (const t of ['취소', '그만', 'cancel', 'never mind']) expect(types(t, confirming)).toEqual(['cancel']);
    expect(parse('주문 취소해줘').intent?.name).toBe('RefundCancel');
    expect(types('cancel my order')).toEqual(['start_task']);
  });

  it('a correction changes a held slot instead of saying no', () => {
    const state = { activeIntent: 'FlightSearch' as const, slots: { from: 'ICN', to: 'NRT', date_start: '2026-12-20' } };
    expect(parse('아니 21일로', state).commands).toEqual([
      { type: 'correct_slot', slot: 'date_start', value: '2026-12-21', confidence: 0.9 },
    ]);
    expect(parse('ICN 말고 GMP', state).commands).toEqual([{ type: 'correct_slot', slot: 'from', value: 'GMP', confidence: 0.9 }]);
    expect(parse('make it Haneda instead', state).slots).toEqual({ to: 'HND' });
  });

  it('a bare answer fills the slot being asked for', () => {
    expect(parse('NRT', { activeIntent: 'FlightSearch', expecting: 'to' }).slots).toEqual({ to: 'NRT' });
    expect(parse('3명', { activeIntent: 'FlightSearch', expecting: 'passengers' }).slots).toEqual({
      passengers: { adults: 3, children: 0, infants: 0 },
    });
    expect(parse('010-1234-5678', { activeIntent: 'OrderChange', expecting: 'phone' }).slots).toEqual({ phone: '01012345678' });
    expect(parse('482913', { activeIntent: 'OrderChange', expecting: 'otp' }).slots).toEqual({ otp: '482913' });
    expect(parse('482913', { activeIntent: 'OrderChange', expecting: 'otp' }).commands[0]?.type).toBe('set_slot');
  });

  it('a question mid-task is a digression, not a new task', () => {
    const r = parse('근데 수하물 몇 kg까지 돼?', { activeIntent: 'FlightSearch' });
    expect(r.commands).toEqual([{ type: 'ask_question', text: '근데 수하물 몇 kg까지 돼?', confidence: 0.8 }]);
    expect(types('what can you do?')).toEqual(['ask_question']);
    expect(types('any flights to Jeju tomorrow?')).toContain('start_task');
  });

  it('hands over, and says when it cannot handle a message', () => {
    expect(types('상담원 연결해줘')).toEqual(['hand_over']);
    expect(types('talk to a human please')).toEqual(['hand_over']);
    expect(types('ㅋㅋㅋㅋ')).toEqual(['cannot_handle']);
    expect(types('   ')).toEqual(['cannot_handle']);
  });

  it('every result is a valid Understanding, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 80 }),
        fc.constantFrom(undefined, 'FlightSearch', 'OrderChange', 'ShoppingCompare'),
        (text, active) => {
          const r = parse(text, active ? { activeIntent: active as 'FlightSearch' } : undefined);
          expect(Understanding.safeParse(r).success).toBe(true);
          for (const c of r.commands) expect(Command.safeParse(c).success).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('parseForCli', () => {
  it('pins now and tz so relative dates are reproducible', () => {
    const a = parseForCli({ text: '내일 제주 가는 비행기', now: '2026-12-01T16:30:00Z', tz: 'Asia/Seoul' });
    const b = parseForCli({ text: '내일 제주 가는 비행기', now: '2026-12-01T16:30:00Z', tz: 'Europe/London' });
    expect(a.slots.date_start).toBe('2026-12-03');
    expect(b.slots.date_start).toBe('2026-12-02');
  });

  it('refuses bad options with a suggestion', () => {
    for (const bad of [{ text: '' }, { text: 'x', now: 'yesterday' }, { text: 'x', tz: 'Mars/Base' }, { text: 'x', locale: 'fr' }]) {
      let err: unknown;
      try {
        parseForCli(bad);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(StewardError);
      expect((err as StewardError).suggestions.length).toBeGreaterThan(0);
    }
  });
});
