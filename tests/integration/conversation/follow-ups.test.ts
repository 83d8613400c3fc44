/**
 * Follow-ups on results already shown: "제일 싼 곳으로 보여줘" / "show me the cheapest one" answer
 * from the rows the pages showed (no new search, no new task), in the order asked; the prices
 * said are the ones the page shows (read from the page in Chromium).
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

async function pagePrices(): Promise<Map<string, number>> {
  const page = world.driver.selectedPage();
  const read = await page.cdp.send(
    'Runtime.evaluate',
    {
      expression:
        'JSON.stringify([...document.querySelectorAll("article.hotel")].map((a) => [a.querySelector("h2,h3,a")?.textContent.trim(), Number(a.dataset.price)]))',
      returnByValue: true,
    },
    page.sessionId,
  );
  return new Map(JSON.parse(String(read.result.value)) as Array<[string, number]>);
}

describe('re-ordering results already shown', () => {
  it('"제일 싼 곳으로 보여줘" names the cheapest stay shown, with the page\'s price; "제일 비싼 순으로" turns the order round (ko)', async () => {
    const c = world.chat();
    try {
      const first = await c.say('서울 호텔 12월 20일부터 2박');
      expect(first.stage).toBe('DONE');
      const shown = await pagePrices();
      const plans = c.ofType('plan_started').length;
      let r = await c.say('제일 싼 곳으로 보여줘');
      expect(r.stage).toBe('DONE');
      expect(r.reply).not.toMatch(/처리할 수 없어요/);
      expect(c.ofType('plan_started')).toHaveLength(plans);
      const cheapest = r.results?.[0];
      const name = String(cheapest?.name);
      const onPage = [...shown.entries()].find(([n]) => n?.includes(name) || name.includes(n ?? '\u0000'))?.[1];
      expect(cheapest?.price).toBe(onPage);
      expect(Math.min(...(r.results ?? []).map((x) => x.price as number))).toBe(onPage);
      expect(r.reply.split('\n')[0]).toContain(name);
      expect(r.reply).toContain((onPage as number).toLocaleString('ko-KR'));
      r = await c.say('제일 비싼 순으로 보여줘');
      const prices = (r.results ?? []).map((x) => x.price as number);
      expect(prices.length).toBeGreaterThan(1);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      expect(c.conv.state().intent).toBe('HotelSearch');
    } finally {
      c.close();
    }
  }, 120_000);

  it('"show me the cheapest one" after flights is not a shopping search (en)', async () => {
    const c = world.chat();
    try {
      const first = await c.say('find flights from ICN to NRT on 20 Dec');
      expect(first.stage).toBe('DONE');
      const r = await c.say('show me the cheapest one');
      expect(r.stage).toBe('DONE');
      expect(c.conv.state().intent).toBe('FlightSearch');
      const prices = (first.results ?? []).map((x) => x.price as number);
      expect(r.results?.[0]?.price).toBe(Math.min(...prices));
      expect(r.reply.split('\n')[0]).toContain(String(r.results?.[0]?.flight_no));
      // something more than an order is a new request, not a re-order
      const next = await c.say('the cheapest hotel in Osaka next weekend');
      expect(next.reply.split('\n')[0]).not.toMatch(/^Cheapest first/);
    } finally {
      c.close();
    }
  }, 120_000);

  it("a slot changed after the results (the travellers chip) runs the search again; the site's links carry the new count", async () => {
    const c = world.chat();
    try {
      const first = await c.say('12월 20일 인천에서 나리타 가는 직항 어른 2명');
      expect(first.stage).toBe('DONE');
      for (const x of first.results ?? []) expect(String(x.url)).toContain('adults=2&children=0');
      const r = await c.conv.setSlot('passengers', { adults: 2, children: 1, infants: 0 });
      expect(r.stage).toBe('DONE');
      expect(c.ofType('plan_started')).toHaveLength(2);
      expect(r.results?.length).toBeGreaterThan(0);
      for (const x of r.results ?? []) expect(String(x.url)).toContain('adults=2&children=1');
      expect(c.conv.state().facts).toMatchObject({ from: 'ICN', to: 'NRT', date_start: '2026-12-20', direct_only: true });
    } finally {
      c.close();
    }
  }, 120_000);

  it('"book the Jeju Air 7C225 one" books that flight, not the first one shown; the browser opens its booking page (en)', async () => {
    const c = world.chat();
    try {
      const first = await c.say('direct flights ICN to NRT on 20 Dec');
      const shown = (first.results ?? []).map((x) => String(x.flight_no));
      const target = (first.results ?? []).find((x, i) => i > 0 && String(x.airline).includes('Jeju Air'));
      expect(target, shown.join(',')).toBeDefined();
      const no = String(target?.flight_no);
      await c.say(`book the Jeju Air ${no} one`);
      expect((c.conv.state().facts.chosen_flight as { flight_no?: string } | undefined)?.flight_no).toBe(no);
      const page = world.driver.selectedPage();
      const read = await page.cdp.send('Runtime.evaluate', { expression: 'location.href', returnByValue: true }, page.sessionId);
      expect(String(read.result.value)).toContain(`flight=${no}-`);
    } finally {
      c.close();
    }
  }, 120_000);
});
