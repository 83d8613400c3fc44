import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowseWorld, startBrowseWorld } from './browse-harness.ts';

// The prices a person is told are the prices the page shows: compared with the stays site's own
// numbers read from the page in Chromium (its "1박 ₩124,000 per night" is not 1원).

let world: BrowseWorld;
beforeAll(async () => {
  world = await startBrowseWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

describe('stay prices match the page', () => {
  it('each presented price per night is the amount the page shows for that stay', async () => {
    const c = world.chat();
    try {
      const r = await c.say('서울 호텔 12월 20일부터 2박');
      expect(r.stage).toBe('DONE');
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
      const shown = new Map(JSON.parse(String(read.result.value)) as Array<[string, number]>);
      expect(shown.size).toBeGreaterThan(0);
      for (const row of r.results ?? []) {
        const name = String(row.name);
        const onPage = [...shown.entries()].find(([n]) => n?.includes(name) || name.includes(n ?? '\u0000'))?.[1];
        expect(onPage, name).toBeGreaterThan(1000);
        expect(row.price, name).toBe(onPage);
      }
      expect(r.reply).not.toMatch(/(?<![\d,])1원/);
    } finally {
      c.close();
    }
  }, 120_000);
});
