import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserDriver } from '../../../../src/main/browser/driver.ts';
import type { BriefSlots } from '../../../../src/main/packs/campaign/contracts/brief.ts';
import { runCampaign } from '../../../../src/main/packs/campaign/pipeline.ts';
import { browserCollector } from '../../../../src/main/packs/campaign/research/collect.ts';
import { CampaignRuns } from '../../../../src/main/packs/campaign/runs.ts';
import { openStore, type Store } from '../../../../src/main/store/index.ts';
import { browserRuntimeTools } from '../../../../src/main/tools/browser-source.ts';
import { ToolRuntime } from '../../../../src/main/tools/runtime.ts';
import { type MarketSite, startMarketSite } from '../../../fixtures/campaign/market-site.ts';
import { promptOf, replayModel } from '../../../unit/llm/mock-model.ts';
import { BRIEF, creativeReply, json, researchReply, strategyReply, voiceReply } from '../../../unit/packs/campaign/replies.ts';

// Research in a real Chromium against a fixture market-news site: the pages named are read, the
// search page is searched by the agent loop, results are opened, and the site's request log
// says what the browser really fetched.

let site: MarketSite;
let driver: BrowserDriver;
let store: Store;
let runtime: ToolRuntime;
let dir: string;
const NOW = new Date('2026-02-19T03:00:00Z');
const DAY = '2026-02-19';

beforeAll(async () => {
  site = await startMarketSite();
  driver = await BrowserDriver.launch({ headless: true });
  dir = mkdtempSync(join(tmpdir(), 'campaign-research-'));
  store = openStore(':memory:');
  runtime = new ToolRuntime({ store }).register(...browserRuntimeTools({ driver, artifactsDir: dir }));
});
afterAll(async () => {
  await driver?.close();
  store?.close();
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

const collect = () => browserCollector({ runtime, page: () => driver.page(), now: () => NOW });
const brief = BRIEF as BriefSlots;

describe('campaign research in the browser', () => {
  it('reads a named page and cites it with its URL and the date it was seen', async () => {
    const url = `${site.url}/articles/sensitive-skin-2026`;
    const got = await collect()({ brief: brief as never, locale: 'ko', sessionId: 's_r1', sources: { urls: [url] } });
    expect(got.notes).toEqual([]);
    expect(got.sources).toHaveLength(1);
    expect(got.sources[0]).toMatchObject({ url, title: '2026 민감성 스킨케어 시장 동향', observed_at: DAY, via: 'named' });
    // what the page says, read from the page
    expect(got.sources[0]?.excerpts).toContain('민감성 피부용 비건 스킨케어 검색량이 전년 대비 34% 늘었다.');
    expect(site.hits).toContain('/articles/sensitive-skin-2026');
  });

  it('searches the search page through the agent loop and reads the results it finds', async () => {
    const before = site.hits.length;
    const got = await collect()({
      brief: brief as never,
      locale: 'en',
      sessionId: 's_r2',
      sources: { urls: [], search: { url: `${site.url}/`, query: 'skincare' } },
    });
    const fetched = site.hits.slice(before);
    // the site received the search the agent submitted, then the result the research opened
    expect(fetched).toContain('/search?q=skincare');
    expect(fetched).toContain('/articles/instagram-ugc');
    expect(fetched).not.toContain('/articles/coffee-beans');
    expect(got.sources.map((s) => s.via)).toEqual(['search', 'search_result']);
    expect(got.sources[1]).toMatchObject({ url: `${site.url}/articles/instagram-ugc`, observed_at: DAY });
    expect(got.sources[1]?.excerpts.join(' ')).toContain('2.1x more inquiries');
  });

  it('ko: a search with several results opens them in the order shown and skips what was not found', async () => {
    const before = site.hits.length;
    const got = await collect()({
      brief: brief as never,
      locale: 'ko',
      sessionId: 's_r2ko',
      sources: { urls: [], search: { url: `${site.url}/`, query: '스킨케어 skincare' } },
    });
    const fetched = site.hits.slice(before);
    expect(fetched).toContain(`/search?q=${encodeURIComponent('스킨케어 skincare').replace(/%20/g, '+')}`);
    expect(got.sources.map((s) => s.url.replace(site.url, ''))).toEqual([
      `/search?q=${encodeURIComponent('스킨케어 skincare').replace(/%20/g, '+')}`,
      '/articles/sensitive-skin-2026',
      '/articles/instagram-ugc',
    ]);
    expect(fetched).not.toContain('/articles/coffee-beans');
  });

  it('a page that cannot be read becomes a note with its cause, not a source', async () => {
    const got = await collect()({
      brief: brief as never,
      locale: 'en',
      sessionId: 's_r3',
      sources: { urls: ['http://127.0.0.1:9/nothing-here', 'file:///etc/passwd', `${site.url}/articles/no-such-article`] },
    });
    expect(got.sources).toEqual([]);
    expect(got.notes[0]).toMatch(/^http:\/\/127\.0\.0\.1:9\/nothing-here: NAVIGATION_FAILED/);
    expect(got.notes[1]).toBe('file:///etc/passwd: only http(s) pages are read');
    // the site answered 404: its "Not found" page is not evidence
    expect(got.notes[2]).toBe(`${site.url}/articles/no-such-article: HTTP 404 — the page was not found or refused`);
  });

  it('the whole run cites the page the browser read and keeps the package', async () => {
    const url = `${site.url}/articles/instagram-ugc`;
    const model = replayModel(json(researchReply(url, DAY)), json(strategyReply), json(creativeReply()), json(voiceReply));
    const runs = new CampaignRuns(store);
    const run = await runCampaign(
      { runs, collect: collect(), model: { model }, artifactsDir: dir, now: () => NOW },
      { sessionId: 's_r4', brief, locale: 'en', sources: { urls: [url] } },
    );
    expect(run.status).toBe('done');
    expect(promptOf(model, 0)).toContain('2.1x more inquiries');
    expect(run.package.research_snapshot.research?.evidence[0]).toMatchObject({ url, observed_at: DAY });
    expect(runs.exportPackage(run.run_id).research_snapshot.sources[0]?.url).toBe(url);
  });
});
