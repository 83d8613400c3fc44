import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserDriver } from '../../../../src/main/browser/driver.ts';
import { createSession } from '../../../../src/main/conversation/session.ts';
import { RunPackage } from '../../../../src/main/packs/campaign/contracts/run-package.ts';
import { CampaignRuns } from '../../../../src/main/packs/campaign/runs.ts';
import { loadPacks } from '../../../../src/main/packs/index.ts';
import type { PackRegistry } from '../../../../src/main/packs/registry.ts';
import type { PipelinePack } from '../../../../src/main/packs/types.ts';
import { openStore } from '../../../../src/main/store/index.ts';
import { browserRuntimeTools } from '../../../../src/main/tools/browser-source.ts';
import { ToolRuntime } from '../../../../src/main/tools/runtime.ts';
import { type MarketSite, startMarketSite } from '../../../fixtures/campaign/market-site.ts';
import { replayModel } from '../../../unit/llm/mock-model.ts';
import { creativeReply, json, researchReply, strategyReply, voiceReply } from '../../../unit/packs/campaign/replies.ts';

// The campaign pack found by the production discovery, talked to through the session facade,
// with research in a real Chromium against the fixture market site.

let site: MarketSite;
let driver: BrowserDriver;
let packs: PackRegistry;
let dir: string;
const NOW = new Date('2026-02-19T03:00:00Z');

beforeAll(async () => {
  site = await startMarketSite();
  driver = await BrowserDriver.launch({ headless: true });
  packs = await loadPacks([]);
  dir = mkdtempSync(join(tmpdir(), 'campaign-conv-'));
});
afterAll(async () => {
  await driver?.close();
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

function world(model?: ReturnType<typeof replayModel>) {
  const store = openStore(':memory:');
  const runtime = new ToolRuntime({ store }).register(...browserRuntimeTools({ driver, artifactsDir: dir }));
  const session = createSession({
    store,
    runtime,
    packs,
    understanding: 'offline',
    now: () => NOW,
    pipeline: { artifactsDir: dir, page: () => driver.page(), ...(model ? { model: { model } } : {}) },
  });
  return { store, session };
}

const pack = () => packs.byId('campaign') as PipelinePack;

describe('the campaign pack in a conversation', () => {
  it('is found by the discovery the hosts use', () => {
    expect(packs.byIntent('CampaignPlan')?.kind).toBe('pipeline');
  });

  it('ko, no model: asks for the brief one question at a time, reads the page named, and says plainly what needs a model', async () => {
    const { store, session } = world();
    try {
      const first = await session.send('우리 신제품 마케팅 캠페인 만들어줘');
      expect(first).toMatchObject({ stage: 'CHAT_COLLECTING', expecting: 'product_name' });
      expect(first.reply).toContain('어떤 제품');
      const answers: Array<[string, string]> = [
        ['Glow X', 'product_category'],
        ['비건 스킨케어', 'target_who'],
        ['25-34 직장인', 'target_why'],
        ['피부결 개선', 'channels'],
        ['Instagram, YouTube', 'weekly_goal'],
      ];
      for (const [text, next] of answers) expect((await session.send(text)).expecting, text).toBe(next);
      const sources = await session.send('문의 30건');
      expect(sources).toMatchObject({ stage: 'CHAT_COLLECTING', expecting: 'sources' });
      const url = `${site.url}/articles/sensitive-skin-2026`;
      const done = await session.send(`이 페이지를 참고해 줘 ${url}`);
      expect(done.stage).toBe('DONE');
      expect(done.reply).toContain('근거 1건');
      expect(done.reply).toContain('AI 모델이 있어야');
      expect(done.reply).toContain('설정 → 모델');
      expect(site.hits).toContain('/articles/sensitive-skin-2026');
      const runId = done.output?.id as string;
      const run = new CampaignRuns(store).require(runId);
      expect(run).toMatchObject({ status: 'needs_model', session_id: session.sessionId });
      expect(run.package.brief_summary.brief).toMatchObject({
        product: { name: 'Glow X', category: '비건 스킨케어' },
        channel: { channels: ['Instagram', 'YouTube'] },
        goal: { weekly_goal: '문의 30건' },
      });
      expect(run.package.research_snapshot.sources[0]?.excerpts).toContain('민감성 피부용 비건 스킨케어 검색량이 전년 대비 34% 늘었다.');
      // nothing the model would write was written
      expect(run.package.strategy_plan).toBeNull();
      expect(run.package.creative_assets).toBeNull();
      // the export is the run package, in a file
      const file = pack().exportOutput(store, runId, join(dir, 'exports'));
      expect(RunPackage.parse(JSON.parse(readFileSync(file, 'utf8'))).run_id).toBe(runId);
      // the log has the campaign's own stages
      const stages = store
        .queryEvents({ session_id: session.sessionId, types: ['state_transition'] })
        .events.filter((e) => e.data.pipeline === 'campaign')
        .map((e) => e.data.to);
      expect(stages).toEqual(['BRIEF_READY', 'RUN_RESEARCH', 'DONE']);
    } finally {
      session.close();
      store.close();
    }
  });

  it('en, with a model: the planner fills the brief, the search page is searched, and the package is complete', async () => {
    const planner = {
      response_text: 'Great, I have the whole brief.',
      slot_updates: [
        { path: 'product.name', value: 'Glow X', confidence: 0.95 },
        { path: 'product.category', value: 'vegan skincare', confidence: 0.9 },
        { path: 'target.who', value: 'office workers 25-34', confidence: 0.85 },
        { path: 'target.why', value: 'smoother skin', confidence: 0.8 },
        { path: 'channel.channels', value: ['Instagram'], confidence: 0.9 },
        { path: 'goal.weekly_goal', value: '30 inquiries', confidence: 0.9 },
      ],
      missing_slots: [],
      next_question: 'Shall I start?',
      gate: { ready: true, missing_required: [] },
    };
    const article = `${site.url}/articles/instagram-ugc`;
    const model = replayModel(
      json(planner),
      json(researchReply(article, '2026-02-19')),
      json(strategyReply),
      json(creativeReply()),
      json(voiceReply),
    );
    const { store, session } = world(model);
    try {
      const r = await session.send(
        `Make a marketing campaign for Glow X, a vegan skincare for office workers 25-34 who want smoother skin, on Instagram; goal 30 inquiries this week. Search ${site.url}/ for "skincare".`,
      );
      expect(r.stage).toBe('DONE');
      expect(r.reply).toContain('2 positioning options, 10 ad copies, 1 posters, a 10s video prompt');
      expect(r.reply).toContain('No text-to-speech (TTS) provider is set.');
      expect(site.hits).toContain('/search?q=skincare');
      const run = new CampaignRuns(store).require(r.output?.id as string);
      expect(run.status).toBe('done');
      expect(run.package.research_snapshot.sources.map((s) => s.via)).toEqual(['search', 'search_result']);
      expect(run.package.research_snapshot.research?.evidence[0]?.url).toBe(article);
      expect(run.package.voice_assets?.audio.status).toBe('FAILED');
    } finally {
      session.close();
      store.close();
    }
  });

  it('with a model whose answers break the contract twice: the run fails with SCHEMA_VALIDATION_FAILED and says where', async () => {
    const { store, session } = world(
      replayModel(
        json({
          response_text: 'ok',
          slot_updates: [
            { path: 'product.name', value: 'Glow X', confidence: 0.9 },
            { path: 'product.category', value: 'skincare', confidence: 0.9 },
            { path: 'target.who', value: 'office workers', confidence: 0.9 },
            { path: 'target.why', value: 'smoother skin', confidence: 0.9 },
            { path: 'channel.channels', value: ['Instagram'], confidence: 0.9 },
            { path: 'goal.weekly_goal', value: '30 inquiries', confidence: 0.9 },
          ],
          missing_slots: [],
          next_question: 'Start?',
          gate: { ready: true, missing_required: [] },
        }),
        json({ market_signals: [] }),
        json({ market_signals: [] }),
      ),
    );
    try {
      const r = await session.send('Plan a marketing campaign for Glow X skincare, go without sources');
      expect(r.stage).toBe('FAILED');
      expect(r.failure?.code).toBe('SCHEMA_VALIDATION_FAILED');
      expect(r.reply).toContain('The campaign stopped at RUN_RESEARCH (SCHEMA_VALIDATION_FAILED');
    } finally {
      session.close();
      store.close();
    }
  });
});
