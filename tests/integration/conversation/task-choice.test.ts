/**
 * An opening request that fits two tasks about equally (a place and a date: a flight or a stay?)
 * is answered with one short question offering those tasks; the answer — the task's name, a
 * position, or "the flight one" — starts that task with the slots already read, against the
 * fixture sites.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowseWorld, startBrowseWorld } from './browse-harness.ts';

let world: BrowseWorld;
beforeAll(async () => {
  world = await startBrowseWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

describe('"which task?" when a request fits two tasks', () => {
  it('asks flight or stay, keeps the date and place, and "숙소" searches stays there (ko)', async () => {
    const c = world.chat();
    try {
      let r = await c.say('서울 12월 20일부터 22일까지');
      expect(r.stage).toBe('CHAT_COLLECTING');
      expect(r.choices?.map((o) => o.intent).sort()).toEqual(['FlightSearch', 'HotelSearch']);
      expect(r.choices?.map((o) => o.label)).toEqual(expect.arrayContaining(['항공권 검색', '숙소 검색']));
      expect(r.reply).toContain('숙소 검색');
      expect(r.reply).toContain('"서울 12월 20일부터 22일까지"');
      expect(c.conv.state().intent).toBeUndefined();
      expect(c.ofType('plan_started')).toHaveLength(0);
      r = await c.say('숙소');
      expect(r.choices).toBeUndefined();
      expect(c.conv.state().intent).toBe('HotelSearch');
      expect(c.conv.state().facts).toMatchObject({ date_start: '2026-12-20', date_end: '2026-12-22' });
      expect(r.stage).toBe('DONE');
      expect(r.results?.length).toBeGreaterThan(0);
    } finally {
      c.close();
    }
  }, 120_000);

  it('"the flight one" starts the flight search with the date kept and asks only what is missing (en)', async () => {
    const c = world.chat();
    try {
      let r = await c.say('Jeju Dec 5');
      expect(r.choices?.map((o) => o.label)).toEqual(expect.arrayContaining(['Flight search', 'Hotel search']));
      expect(r.reply).toMatch(/Flight search/);
      r = await c.say('the flight one');
      expect(c.conv.state().intent).toBe('FlightSearch');
      expect(c.conv.state().facts).toMatchObject({ date_start: '2026-12-05', to: 'CJU' });
      expect(r.expecting).toBe('from');
    } finally {
      c.close();
    }
  }, 120_000);

  it('a position answers it ("2"), and a request that names its task is never asked about', async () => {
    const c = world.chat();
    try {
      let r = await c.say('Osaka next weekend');
      const second = r.choices?.[1]?.intent;
      expect(second).toBeTruthy();
      r = await c.say('2');
      expect(c.conv.state().intent).toBe(second);
      expect(c.conv.state().facts).toMatchObject({ date_start: '2026-11-28' });
      const d = world.chat();
      try {
        const named = await d.say('12월 20일 인천에서 나리타 가는 직항 찾아줘');
        expect(named.choices).toBeUndefined();
        expect(d.conv.state().intent).toBe('FlightSearch');
      } finally {
        d.close();
      }
    } finally {
      c.close();
    }
  }, 120_000);

  it('something else instead of an answer drops the question and is taken as it is', async () => {
    const c = world.chat();
    try {
      await c.say('부산 다음 주말');
      const r = await c.say('에어팟 프로 2 최저가 비교해줘');
      expect(r.choices).toBeUndefined();
      expect(c.conv.state().intent).toBe('ShoppingCompare');
      expect(c.conv.state().facts.date_start).toBeUndefined();
    } finally {
      c.close();
    }
  }, 120_000);
});
