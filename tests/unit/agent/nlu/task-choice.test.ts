/**
 * An opening request that fits two tasks about equally asks which (a `choose_task` with the
 * likely tasks, best first, and the slots it read); a request that names its task starts it.
 */
import { describe, expect, it } from 'vitest';
import { parseUtterance } from '../../../../src/main/agent/nlu/index.ts';
import { NOW, TZ } from './helpers.ts';

const parse = (text: string, activeIntent?: string) =>
  parseUtterance(text, { now: NOW, tz: TZ, ...(activeIntent ? { state: { activeIntent } } : {}) });
const choice = (text: string) => parse(text).commands.find((c) => c.type === 'choose_task');

describe('which task, when two fit', () => {
  it.each([
    '제주 12월 5일',
    '오사카 다음 주말',
    '후쿠오카 금요일부터 일요일까지',
    'Jeju Dec 5',
    'Osaka next weekend',
    'Bangkok Jan 10 to 15',
  ])('%s: flight or stay is asked, with the slots read', (text) => {
    const p = parse(text);
    const c = choice(text);
    expect(c?.type === 'choose_task' && [...c.options].sort()).toEqual(['FlightSearch', 'HotelSearch']);
    expect(p.commands.some((x) => x.type === 'start_task')).toBe(false);
    expect(p.commands.filter((x) => x.type === 'set_slot').map((x) => (x.type === 'set_slot' ? x.slot : ''))).toContain('to');
  });

  it.each([
    ['12월 5일 제주 항공권', 'FlightSearch'],
    ['부산 12월 20일부터 2박', 'HotelSearch'],
    ['서울 호텔 12월 3일', 'HotelSearch'],
    ['flights to Jeju on Dec 5', 'FlightSearch'],
    ['a hotel in Osaka next weekend', 'HotelSearch'],
  ])('%s: the task named is started, nothing asked', (text, intent) => {
    expect(choice(text)).toBeUndefined();
    expect(parse(text).commands[0]).toMatchObject({ type: 'start_task', intent });
  });

  it('is never asked while a task runs, nor for a question', () => {
    expect(choice('제주 12월 5일')).toBeDefined();
    expect(parse('제주 12월 5일', 'FlightSearch').commands.some((x) => x.type === 'choose_task')).toBe(false);
    expect(choice('제주 12월 5일 날씨 어때?')).toBeUndefined();
    expect(choice('open Google and tell me the weather in Seoul')).toBeUndefined();
  });
});
