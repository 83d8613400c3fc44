import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowseWorld, startBrowseWorld } from './browse-harness.ts';

let world: BrowseWorld;
beforeAll(async () => {
  world = await startBrowseWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

describe('FlightSearch through the real engine and the flights site', () => {
  it('searches, extracts, ranks by the constraints and presents the best few (ko)', async () => {
    const c = world.chat();
    try {
      const r = await c.say('12월 20일 인천에서 나리타 가는 직항 찾아줘');
      expect(r.stage).toBe('DONE');
      expect(r.outcome).toBe('done');
      expect(r.results?.length).toBeGreaterThan(0);
      expect(r.results?.length).toBeLessThanOrEqual(3);
      for (const f of r.results ?? []) expect(f.stops).toBe(0);
      const prices = (r.results ?? []).map((f) => f.price as number);
      expect([...prices].sort((a, b) => a - b)).toEqual(prices);
      expect(r.reply).toContain('ICN → NRT');
      expect(String(r.results?.[0]?.url)).toContain('/booking?flight=');
      expect(c.ofType('plan_completed')).toHaveLength(1);
      expect(c.ofType('FINAL_ANSWER_READY', r.turnId)).toHaveLength(1);
      expect(c.ofType('PRE_TOOL_DECISION', r.turnId)[0]?.data.final_calls).toEqual([
        'flights.open_results:navigate',
        'flights.wait_results:wait',
        'flights.extract:extract',
      ]);
    } finally {
      c.close();
    }
  }, 120_000);

  it('an ambiguous city is asked about once, then the search runs (ko)', async () => {
    const c = world.chat();
    try {
      let r = await c.say('서울에서 나리타 12월 20일 항공권');
      expect(r).toMatchObject({ stage: 'CHAT_COLLECTING', expecting: 'from' });
      expect(r.reply).toContain('ICN');
      expect(r.reply).toContain('GMP');
      r = await c.say('김포');
      expect(r.stage).toBe('DONE');
      expect(r.reply).toContain('GMP → NRT');
    } finally {
      c.close();
    }
  }, 120_000);

  it('asks one question at a time and never again for what it holds (en)', async () => {
    const c = world.chat();
    try {
      let r = await c.say('I need a flight to Tokyo Narita');
      expect(r.expecting).toBe('from');
      r = await c.say('from Incheon');
      expect(r.expecting).toBe('date_start');
      r = await c.say('on 20 Dec');
      expect(r.stage).toBe('DONE');
      const asked = c
        .ofType('POLICY_DECISION')
        .filter((e) => e.data.action === 'ask')
        .map((e) => e.message);
      expect(new Set(asked).size).toBe(asked.length);
    } finally {
      c.close();
    }
  }, 120_000);

  it('a site that is not configured fails with the cause and the next action', async () => {
    const c = world.chat({ sites: {} });
    try {
      const r = await c.say('find me the cheapest direct flight ICN to NRT on 20 Dec');
      expect(r.stage).toBe('FAILED');
      expect(r.failure?.code).toBe('USAGE_ERROR');
      const final = c.ofType('FINAL_ANSWER_READY', r.turnId)[0];
      expect(final?.data.failure_cause).toMatch(/USAGE_ERROR/);
      expect(final?.data.next_action).toBeTruthy();
    } finally {
      c.close();
    }
  }, 60_000);
});

describe('ShoppingCompare across shopA and shopB', () => {
  it('compares the same product with shipping included, ranked, with links (ko and en)', async () => {
    const c = world.chat();
    try {
      const r = await c.say('에어팟 프로 2 가격 비교해줘');
      expect(r.stage).toBe('DONE');
      const sites = new Set((r.results ?? []).map((x) => x.site));
      // each shop by the name its pages give (the end of their title), not the recipe's key
      expect(sites).toEqual(new Set(['전자마트 ElecMart', '하이마켓 HiMarket']));
      for (const x of r.results ?? []) {
        expect(x.total).toBe((x.price as number) + (x.shipping as number));
        expect(String(x.url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      }
      const totals = (r.results ?? []).map((x) => x.total as number);
      expect([...totals].sort((a, b) => a - b)).toEqual(totals);
      const en = await c.say('compare prices for AirPods Pro 2');
      expect(en.reply).toMatch(/cheapest/);
    } finally {
      c.close();
    }
  }, 120_000);
});

describe('HotelSearch on the stays site', () => {
  it('finds stays for the city and nights, cheapest first, with links (ko)', async () => {
    const c = world.chat();
    try {
      const r = await c.say('도쿄 호텔 12월 20일부터 3박');
      expect(r.stage).toBe('DONE');
      expect(r.results?.length).toBeGreaterThan(0);
      const prices = (r.results ?? []).map((x) => x.price as number);
      expect([...prices].sort((a, b) => a - b)).toEqual(prices);
      expect(String(r.results?.[0]?.url)).toContain('/hotel?id=');
      expect(String(r.results?.[0]?.url)).toContain('checkout=2026-12-23');
      expect(String(r.results?.[0]?.location)).toContain('Tokyo');
    } finally {
      c.close();
    }
  }, 120_000);
});

describe('A recipe site said by its address', () => {
  it('the stays site named in the request with a trailing slash is searched as its recipe knows it (ko)', async () => {
    const c = world.chat();
    try {
      const r = await c.say(`${world.sites.urls.hotels}/ 에서 도쿄 호텔 12월 20일부터 3박 찾아줘`);
      expect(r.stage).toBe('DONE');
      expect(r.results?.length).toBeGreaterThan(0);
      expect(String(r.results?.[0]?.url)).toContain('checkout=2026-12-23');
    } finally {
      c.close();
    }
  }, 120_000);
});

describe('FlightSearch booking', () => {
  it('books the chosen flight with profile details and stops at the payment step for the person (hand-over)', async () => {
    const c = world.chat();
    try {
      let r = await c.say('12월 20일 인천에서 나리타 가는 직항 찾아줘');
      expect(r.stage).toBe('DONE');
      r = await c.say('1번으로 예약해줘');
      expect(r.stage).toBe('AWAITING_APPROVAL');
      expect(r.approval).toMatchObject({ stepId: 'flights.to_payment', mode: 'hand_over' });
      // the card says in Korean what is the person's to do, on which flight, not the step's "click <button>"
      expect(r.approval?.summary).toContain('결제');
      expect(r.approval?.summary).toContain(String((c.conv.state().facts.chosen_flight as { flight_no?: string }).flight_no));
      expect(r.approval?.summary).not.toMatch(/^click /);
      const page = world.driver.selectedPage();
      const read = await page.cdp.send(
        'Runtime.evaluate',
        { expression: 'JSON.stringify({last: document.querySelector("#p1-last").value, path: location.pathname})', returnByValue: true },
        page.sessionId,
      );
      expect(JSON.parse(String(read.result.value))).toEqual({ last: 'KIM', path: '/booking' });
      const cardTyped = c.events.filter((e) => e.type === 'tool_call_started' && JSON.stringify(e.data).includes('card'));
      expect(cardTyped).toEqual([]);
      // "done" with the booking form untouched: the page shows no confirmation, so it keeps waiting
      r = await c.conv.handOverDone(c.conv.state().pendingApproval?.approvalId ?? '');
      expect(r.stage).toBe('AWAITING_APPROVAL');
      expect(c.ofType('hand_over_completed')).toEqual([]);
    } finally {
      c.close();
    }
  }, 120_000);
});

describe('travel expert (digression mid-task)', () => {
  it('answers from the flights API tool, then asks the pending question again', async () => {
    const c = world.chat();
    try {
      let r = await c.say('인천에서 나리타 가는 비행기 찾아줘');
      expect(r.expecting).toBe('date_start');
      r = await c.say('ICN에서 NRT 가는 비행기 2026-12-20에 몇 편 있어요?');
      expect(r.reply).toMatch(/그날 항공편은 \d+편/);
      expect(r.reply).toContain('이어서 진행할게요');
      expect(r).toMatchObject({ stage: 'CHAT_COLLECTING', expecting: 'date_start' });
      expect(c.ofType('tool_call_finished', r.turnId).map((e) => e.data.tool)).toEqual(['flight_search']);
    } finally {
      c.close();
    }
  }, 120_000);
});
