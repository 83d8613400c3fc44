import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ElsewhereSites, startElsewhereSites } from '../../fixtures/sites/elsewhere/server.ts';
import { type BrowseWorld, startBrowseWorld } from './browse-harness.ts';

// Browse packs on sites they have no recipe for (pages written apart from the recipe fixtures):
// the person's saved site, or an address said in the request, runs through the agent loop. The
// oracle is the page: what the site received and the rows it shows.

let world: BrowseWorld;
let sites: ElsewhereSites;
beforeAll(async () => {
  [world, sites] = await Promise.all([startBrowseWorld(), startElsewhereSites()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([world?.close(), sites?.close()]);
});

async function pageRows(selector: string): Promise<number[]> {
  const page = world.driver.selectedPage();
  const read = await page.cdp.send(
    'Runtime.evaluate',
    {
      expression: `JSON.stringify([...document.querySelectorAll(${JSON.stringify(selector)})].map((e) => Number(e.dataset.fare)))`,
      returnByValue: true,
    },
    page.sessionId,
  );
  return JSON.parse(String(read.result.value)) as number[];
}

describe('a browse pack on a site the person chose', () => {
  it('hotels: searches a saved stays site through its own form and presents what it shows (ko)', async () => {
    const c = world.chat({ saved: { hotels: [{ name: 'Nestly', url: `${sites.url}/nestly/` }] } });
    try {
      const r = await c.say('오사카 호텔 12월 20일부터 2박');
      expect(r.reply).toContain('Namba');
      expect(r.stage).toBe('DONE');
      const search = sites.requests.find((q) => q.path === '/nestly/stays');
      expect(search?.query).toMatchObject({ ci: '2026-12-20', co: '2026-12-22' });
      const shown = await pageRows('#stays li');
      expect(shown.length).toBe(4);
      const prices = (r.results ?? []).map((x) => x.price);
      expect(prices.length).toBeGreaterThan(0);
      for (const p of prices) expect(shown).toContain(p);
      expect(prices[0]).toBe(Math.min(...shown));
      expect(c.ofType('POLICY_DECISION').some((e) => /agent loop/.test(e.message))).toBe(true);
    } finally {
      c.close();
    }
  }, 180_000);

  it('flights: an address said in the request is the site (en)', async () => {
    const c = world.chat();
    try {
      const r = await c.say(`find flights from Incheon to Osaka on December 20 on ${sites.url}/jetpath/`);
      expect(r.stage).toBe('DONE');
      const search = sites.requests.find((q) => q.path === '/jetpath/fares');
      expect(search?.query.day).toBe('2026-12-20');
      const shown = await pageRows('#fares tbody tr');
      expect(shown.length).toBe(4);
      expect(r.results?.[0]?.price).toBe(Math.min(...shown));
      expect(r.reply).toContain('Blue Crane');
      // booking on a site with no recipe is the person's: the chosen result's page is opened for them
      const book = await c.say('book the first one');
      expect(book.reply).toMatch(/continue there yourself/);
      expect(world.driver.selectedPage().url()).toContain('/jetpath/book?f=BC118');
      expect(sites.requests.filter((q) => q.path.startsWith('/jetpath/book'))).toHaveLength(1);
    } finally {
      c.close();
    }
  }, 180_000);

  it('shopping: compares the product on a shop said in the request, shipping included (ko)', async () => {
    const c = world.chat();
    try {
      const r = await c.say(`${sites.url}/bazaar/ 에서 소니 WH-1000XM5 가격 비교해줘`);
      expect(r.stage).toBe('DONE');
      const totals = await (async () => {
        const page = world.driver.selectedPage();
        const read = await page.cdp.send(
          'Runtime.evaluate',
          {
            expression: 'JSON.stringify([...document.querySelectorAll("#goods li")].map((e) => Number(e.dataset.total)))',
            returnByValue: true,
          },
          page.sessionId,
        );
        return JSON.parse(String(read.result.value)) as number[];
      })();
      expect(totals.length).toBeGreaterThan(0);
      expect(r.results?.[0]?.total).toBe(Math.min(...totals));
      expect(r.reply).toContain('415,000원');
    } finally {
      c.close();
    }
  }, 180_000);

  it('forms: fills a saved form site from the profile and submits only after the person approves (ko)', async () => {
    const c = world.chat({ saved: { forms: [{ name: '주차 허가', url: `${sites.url}/permit/` }] } });
    const posts = () => sites.requests.filter((q) => q.method === 'POST' && q.path === '/permit/submit');
    try {
      const asked = await c.say('주차 허가 신청서 작성해줘');
      expect(asked.stage).toBe('AWAITING_APPROVAL');
      expect(c.conv.state().pendingApproval?.approvalId).toBeTruthy();
      expect(posts()).toHaveLength(0);
      const done = await c.say('네');
      expect(done.stage).toBe('DONE');
      expect(posts()).toHaveLength(1);
      expect(posts()[0]?.body).toMatchObject({ fam: 'KIM', giv: 'MINJI', mail: 'minji@example.com' });
      expect(done.reply).toContain('PK-20417');
    } finally {
      c.close();
    }
  }, 180_000);

  it('hotels: a site that lists another city than the one asked is not presented as the search (ko)', async () => {
    const c = world.chat({ saved: { hotels: [{ name: 'Roomly', url: `${sites.url}/roomly/` }] } });
    try {
      const r = await c.say('오사카 호텔 12월 20일부터 2박');
      expect(sites.requests.some((q) => q.path === '/roomly/list')).toBe(true);
      expect(r.stage).toBe('FAILED');
      expect(r.results ?? []).toEqual([]);
      expect(r.reply).toContain('오사카');
      expect(r.reply).not.toContain('해운대');
    } finally {
      c.close();
    }
  }, 180_000);

  it('forms: a refused submission sends nothing and says so; a cancel while it waits ends the run (ko)', async () => {
    const c = world.chat({ saved: { forms: [{ name: '주차 허가', url: `${sites.url}/permit/` }] } });
    const before = sites.requests.filter((q) => q.method === 'POST').length;
    try {
      const asked = await c.say('주차 허가 신청서 작성해줘');
      expect(asked.stage).toBe('AWAITING_APPROVAL');
      const refused = await c.conv.reject(c.conv.state().pendingApproval?.approvalId ?? '', '차량 번호를 먼저 확인할게요');
      expect(refused).toMatchObject({ stage: 'DONE', outcome: 'declined' });
      expect(refused.reply).toContain('차량 번호를 먼저 확인할게요');

      const again = await c.say('주차 허가 신청서 작성해줘');
      expect(again.stage).toBe('AWAITING_APPROVAL');
      const cancelled = await c.say('취소해 주세요');
      expect(cancelled.stage).toBe('DONE');
      expect(c.store.runs.approvals(c.conv.sessionId).filter((a) => a.status === 'pending')).toEqual([]);
      // the loop that waited on the cancelled approval ended too (it does not wait forever)
      await expect.poll(() => c.events.filter((e) => e.type === 'plan_failed' && e.data.agent === true).length).toBe(2);
      expect(sites.requests.filter((q) => q.method === 'POST').length).toBe(before);
    } finally {
      c.close();
    }
  }, 180_000);

  it('the page open in the browser view is the site when the person says "이 페이지에서" (ko)', async () => {
    const c = world.chat();
    try {
      const page = world.driver.selectedPage();
      await page.cdp.send('Page.navigate', { url: `${sites.url}/bazaar/` }, page.sessionId);
      await expect.poll(() => page.url()).toContain('/bazaar/');
      const from = sites.requests.length;
      const r = await c.say('이 페이지에서 소니 WH-1000XM5 가격 비교해줘');
      expect(r.stage).toBe('DONE');
      expect(sites.requests.slice(from).some((q) => q.path === '/bazaar/find' && /WH-1000XM5/.test(q.query.kw ?? ''))).toBe(true);
      expect(r.reply).toContain('415,000원');
    } finally {
      c.close();
    }
  }, 180_000);
});
