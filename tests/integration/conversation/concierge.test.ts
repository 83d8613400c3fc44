/**
 * The concierge experts through the session facade, offline: real Chromium on the person's
 * route and tourism sites (fixture sites that count their searches), Steward's own README as
 * app_logic's knowledge, saved places without their private fields, and a referral when nothing
 * can answer.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserDriver } from '../../../src/main/browser/driver.ts';
import type { SavedPlace } from '../../../src/main/conversation/experts/concierge/knowledge.ts';
import { createSession } from '../../../src/main/conversation/session.ts';
import { loadPacks } from '../../../src/main/packs/index.ts';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import { browserRuntimeTools } from '../../../src/main/tools/browser-source.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import { type ConciergeSites, startConciergeSites } from '../../fixtures/sites/concierge/site.ts';

let driver: BrowserDriver;
let sites: ConciergeSites;
const stores: Store[] = [];

beforeAll(async () => {
  driver = await BrowserDriver.launch();
  sites = await startConciergeSites();
}, 60_000);
afterAll(async () => {
  for (const s of stores) s.close();
  await driver?.close();
  await sites?.close();
});

const PLACES: SavedPlace[] = [
  {
    name: 'Bukchon Hanok Stay',
    address: '37 Gyedong-gil, Jongno-gu',
    checkin: '15:00',
    checkout: '11:00',
    door_code: '4821#',
    host_id: 'h_77',
    host_phone: '010-9999-1234',
  },
];

async function conversation(o: { sites?: boolean } = {}) {
  const store = openStore(':memory:');
  stores.push(store);
  const runtime = new ToolRuntime({ store, timeoutMs: 40_000 });
  runtime.register(...browserRuntimeTools({ driver, artifactsDir: mkdtempSync(join(tmpdir(), 'steward-concierge-')) }));
  return createSession({
    store,
    runtime,
    packs: await loadPacks(),
    understanding: 'offline',
    sites: o.sites === false ? {} : { routes: sites.routes.url, tourism: sites.tourism.url },
    concierge: {
      places: PLACES,
      browser: {
        open: async (url) => {
          const page = await driver.newPage(url);
          return { page, close: () => driver.closePage(page.id) };
        },
      },
    },
  });
}

describe('concierge experts (offline)', () => {
  it('transport: the route the person asked for, read from their route site in the browser (en), hard terms explained', async () => {
    const conv = await conversation();
    const r = await conv.send('How do I get from Seoul Station to Gyeongbokgung?');
    expect(sites.searches.routes).toContain('Seoul Station → Gyeongbokgung');
    expect(r.reply).toContain('Bus 1711 from Seoul Station bus transfer center');
    expect(r.reply).toContain('hwanseung (환승)');
    conv.close();
  }, 90_000);

  it('korea_travel: places from the tourism site the person chose (ko)', async () => {
    const conv = await conversation();
    const r = await conv.send('광장시장 추천해 주세요');
    expect(sites.searches.tourism.some((q) => q.includes('광장시장'))).toBe(true);
    expect(r.reply).toContain('Gwangjang Market (광장시장)');
    expect(r.reply).toMatch(/요[.!]?(\n|$)/); // polite Korean
    conv.close();
  }, 90_000);

  it("app_logic: Steward's own documentation answers a settings question, citing where it comes from", async () => {
    const conv = await conversation();
    const r = await conv.send('How do I choose a language model in Steward settings?');
    expect(r.reply).toMatch(/From Steward's documentation \((README\.md|docs\/[^ ]+) · “[^”]+”\)/);
    const cited = /\((README\.md|docs\/[^ ]+) · “([^”]+)”\)/.exec(r.reply);
    const source = readFileSync(join(import.meta.dirname, '../../..', cited?.[1] ?? 'README.md'), 'utf8');
    expect(source).toContain(cited?.[2] ?? '?'); // the heading it cites is really in that file
    conv.close();
  }, 60_000);

  it('app_logic: a saved place without its private fields', async () => {
    const conv = await conversation();
    const r = await conv.send('What time is check-in at Bukchon Hanok Stay?');
    expect(r.reply).toContain('checkin: 15:00');
    for (const secret of ['4821#', 'h_77', '9999']) expect(r.reply).not.toContain(secret);
    conv.close();
  }, 60_000);

  it('says it does not know and where to ask when the site has no answer (en) or no tool fits (ko), without emoji', async () => {
    const conv = await conversation();
    const en = await conv.send('How do I get from the moon base to the crater?');
    expect(sites.searches.routes).toContain('the moon base → the crater'); // it did ask the site
    expect(en.reply).toContain('showed no routes');
    expect(en.reply).toContain('Your map app or the help desk at the nearest station will know for sure.');
    const ko = await conv.send('화성 기지에서 분화구까지 가는 길 알려 주세요');
    expect(ko.reply).toMatch(/안내 창구에 물어보시면|확인할 수 없었어요|결과를 찾지 못했어요/);
    for (const r of [en, ko]) expect(r.reply).not.toMatch(/\p{Extended_Pictographic}/u);
    conv.close();
  }, 90_000);

  it('without a chosen route site: says none is chosen and where to choose one, and asks no site', async () => {
    const conv = await conversation({ sites: false });
    const asked = sites.searches.routes.length;
    const r = await conv.send('How do I get from Seoul Station to Gyeongbokgung?');
    expect(r.reply).toContain('no route site is chosen yet');
    expect(r.reply).toContain('Settings → Sites per task → Routes');
    expect(sites.searches.routes).toHaveLength(asked);
    conv.close();
  }, 60_000);
});
