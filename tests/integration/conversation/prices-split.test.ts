import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ElsewhereSites, startElsewhereSites } from '../../fixtures/sites/elsewhere/server.ts';
import { type BrowseWorld, startBrowseWorld } from './browse-harness.ts';

// A stays page whose price is split across elements, next to a per-night unit ("1박 기준" then
// "₩" "124" "," "000" in separate spans): the price a person is told is the amount the page shows,
// never the "1" of the unit. A page with no readable amount at all is said so, not priced at 1원.

let world: BrowseWorld;
let elsewhere: ElsewhereSites;
beforeAll(async () => {
  [world, elsewhere] = await Promise.all([startBrowseWorld(), startElsewhereSites()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([world?.close(), elsewhere?.close()]);
});

/** Name → amount as the page shows it: the digits of each stay's amount element, read in Chromium. */
async function shownPrices(): Promise<Map<string, number>> {
  const page = world.driver.selectedPage();
  const read = await page.cdp.send(
    'Runtime.evaluate',
    {
      expression:
        'JSON.stringify([...document.querySelectorAll("article")].map((a) => [a.querySelector("h3").textContent.trim(), Number(a.querySelector(".price-amount").textContent.replace(/\\D/g, ""))]))',
      returnByValue: true,
    },
    page.sessionId,
  );
  return new Map(JSON.parse(String(read.result.value)) as Array<[string, number]>);
}

describe('money split across elements', () => {
  it('presents each stay at the amount the page shows, not the unit next to it', async () => {
    const c = world.chat({ sites: { hotels: `${elsewhere.url}/stays-split` } });
    try {
      const r = await c.say('서울 호텔 12월 20일부터 2박');
      expect(r.stage).toBe('DONE');
      const shown = await shownPrices();
      expect(shown.size).toBe(3);
      expect(r.results?.length).toBeGreaterThan(0);
      for (const row of r.results ?? []) {
        const name = String(row.name);
        expect(shown.has(name), name).toBe(true);
        expect(row.price, name).toBe(shown.get(name));
      }
      expect(r.reply).not.toMatch(/(?<![\d,])1원/);
    } finally {
      c.close();
    }
  }, 120_000);

  it('says the prices could not be read when no plausible amount is on the page', async () => {
    const c = world.chat({ sites: { hotels: `${elsewhere.url}/stays-split/unpriced` } });
    try {
      const r = await c.say('서울 호텔 12월 20일부터 2박');
      expect(r.reply).not.toMatch(/(?<![\d,])1원/);
      expect(r.results ?? []).toEqual([]);
      expect(r.stage).toBe('FAILED');
      expect(r.reply).toMatch(/요금|가격/);
      const failed = c.ofType('verification_failed');
      expect(failed.length).toBeGreaterThan(0);
    } finally {
      c.close();
    }
  }, 120_000);
});

describe('results that do not match the request', () => {
  it('a results page that applied another route than the one asked is not presented as the search (ko)', async () => {
    const c = world.chat({ sites: { flights: `${elsewhere.url}/route-swap` } });
    try {
      const r = await c.say('12월 20일 인천에서 나리타 가는 항공권 찾아줘');
      expect(r.stage).toBe('FAILED');
      expect(r.results ?? []).toEqual([]);
      expect(r.reply).not.toMatch(/제주하늘/);
      // the log says what the page applied instead
      const failed = c
        .ofType('verification_failed')
        .map((e) => e.message)
        .join(' ');
      expect(failed).toMatch(/GMP/);
    } finally {
      c.close();
    }
  }, 120_000);
});
