import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BriefSlots } from '../../../../src/main/packs/campaign/contracts/brief.ts';
import { RunPackage } from '../../../../src/main/packs/campaign/contracts/run-package.ts';
import { type CampaignDeps, type Collected, runCampaign } from '../../../../src/main/packs/campaign/pipeline.ts';
import { CampaignRuns } from '../../../../src/main/packs/campaign/runs.ts';
import { openStore, type Store } from '../../../../src/main/store/index.ts';
import { promptOf, replayModel } from '../../llm/mock-model.ts';
import { BRIEF, creativeReply, json, researchReply, strategyReply, voiceReply } from './replies.ts';

// The pipeline over a real SQLite store and AI SDK mock models; the evidence comes from a
// collector given here (the browser collector has its own test against a fixture site).

const NOW = new Date('2026-02-19T03:00:00Z');
const PAGE = {
  url: 'https://market.test/report',
  title: '시장 리포트',
  observed_at: '2026-02-19',
  via: 'named' as const,
  excerpts: ['민감성 스킨케어 검색량 증가'],
};
const withPage = async (): Promise<Collected> => ({ sources: [PAGE], notes: [] });
const nothing = async (): Promise<Collected> => ({ sources: [], notes: ['https://down.test/ could not be read: NAVIGATION_FAILED'] });

let store: Store;
let runs: CampaignRuns;
let dir: string;
beforeEach(() => {
  store = openStore(':memory:');
  runs = new CampaignRuns(store);
  dir = mkdtempSync(join(tmpdir(), 'campaign-'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const deps = (extra: Partial<CampaignDeps>): CampaignDeps => ({ runs, collect: withPage, artifactsDir: dir, now: () => NOW, ...extra });
const request = { sessionId: 's_campaign', brief: BRIEF as BriefSlots, locale: 'ko' as const, sources: { urls: [PAGE.url] } };
const goodReplies = () => [json(researchReply(PAGE.url, PAGE.observed_at)), json(strategyReply), json(creativeReply()), json(voiceReply)];

describe('a campaign run with a model', () => {
  it('goes through every stage in order and saves a package that matches its contract', async () => {
    const model = replayModel(...goodReplies());
    const seen: string[] = [];
    const run = await runCampaign(deps({ model: { model }, onStage: (s) => seen.push(s) }), request);
    expect(run.status).toBe('done');
    expect(seen).toEqual(['BRIEF_READY', 'RUN_RESEARCH', 'GEN_STRATEGY', 'GEN_CREATIVES', 'DONE']);
    expect(run.stages.map((s) => s.stage)).toEqual([
      'CHAT_COLLECTING',
      'BRIEF_READY',
      'RUN_RESEARCH',
      'GEN_STRATEGY',
      'GEN_CREATIVES',
      'DONE',
    ]);
    expect(model.doGenerateCalls).toHaveLength(4);
    // the research model was given the page read, and the strategy model the research
    expect(promptOf(model, 0)).toContain('https://market.test/report');
    expect(promptOf(model, 1)).toContain('민감성 스킨케어 관심 증가');
    const stored = runs.require(run.run_id);
    expect(stored.package).toEqual(run.package);
    expect(RunPackage.safeParse(runs.exportPackage(run.run_id)).success).toBe(true);
    const p = stored.package;
    expect(p.research_snapshot.research).toMatchObject({ schema_version: 'v1', agent: 'research', created_at: NOW.toISOString() });
    expect(p.strategy_plan?.agent).toBe('strategy');
    expect(p.creative_assets).toMatchObject({ positioning_selected: 'pos_1', warnings: [] });
    expect(p.voice_assets?.voice.timing_map[0]?.start).toBe(0);
    expect(p.kpi_next_actions.actions).toHaveLength(3);
    // every agent of one run shares one trace id
    const traces = new Set([
      p.research_snapshot.research?.trace_id,
      p.strategy_plan?.trace_id,
      p.creative_assets?.creative.trace_id,
      p.voice_assets?.voice.trace_id,
    ]);
    expect(traces.size).toBe(1);
  });

  it('retries an invalid answer once with the errors in the prompt and goes on', async () => {
    const bad = { ...creativeReply(), video_prompt_package: { ...creativeReply().video_prompt_package, duration_sec: 12 } };
    const [r, s, c, v] = goodReplies();
    const model = replayModel(r as string, s as string, json(bad), c as string, v as string);
    const run = await runCampaign(deps({ model: { model } }), request);
    expect(run.status).toBe('done');
    expect(model.doGenerateCalls).toHaveLength(5);
    expect(promptOf(model, 3)).toContain('Validation errors');
    expect(promptOf(model, 3)).toContain('video_prompt_package.duration_sec');
  });

  it('ends the run with SCHEMA_VALIDATION_FAILED when the retry is invalid too, and saves where it stopped', async () => {
    const bad = { ...strategyReply, weekly_plan: strategyReply.weekly_plan.slice(0, 1) };
    const [r] = goodReplies();
    const model = replayModel(r as string, json(bad), json(bad), ...goodReplies().slice(2));
    const run = await runCampaign(deps({ model: { model } }), request);
    expect(model.doGenerateCalls).toHaveLength(3);
    expect(run).toMatchObject({ status: 'failed', stage: 'FAILED', error: { code: 'SCHEMA_VALIDATION_FAILED' } });
    const stored = runs.require(run.run_id);
    expect(stored.error?.code).toBe('SCHEMA_VALIDATION_FAILED');
    expect(stored.stages.map((x) => x.stage).slice(-2)).toEqual(['GEN_STRATEGY', 'FAILED']);
    expect(stored.package.strategy_plan).toBeNull();
    expect(stored.package.creative_assets).toBeNull();
    expect(stored.package.research_snapshot.research?.agent).toBe('research');
  });

  it('treats a markdown code block as a broken answer (retried, not parsed)', async () => {
    const [r, ...rest] = goodReplies();
    const model = replayModel(`\`\`\`json\n${r}\n\`\`\``, r as string, ...rest);
    const run = await runCampaign(deps({ model: { model } }), request);
    expect(run.status).toBe('done');
    expect(model.doGenerateCalls).toHaveLength(5);
    expect(promptOf(model, 1)).toContain('Validation errors');
  });

  it('refuses evidence that cites a page the browser did not read (retried, then failed)', async () => {
    const invented = json(researchReply('https://invented.test/', '2026-02-19'));
    const model = replayModel(invented, invented);
    const run = await runCampaign(deps({ model: { model } }), request);
    expect(run.error?.code).toBe('SCHEMA_VALIDATION_FAILED');
    expect(JSON.stringify(run.error?.details)).toContain('is not one of the pages read');
  });

  it('puts the reason into risk_flags when no evidence was found', async () => {
    const noEvidence = { ...researchReply(PAGE.url, PAGE.observed_at), evidence: [], risk_flags: ['근거 부족'] };
    const model = replayModel(json(noEvidence), ...goodReplies().slice(1));
    const run = await runCampaign(deps({ model: { model }, collect: nothing }), request);
    expect(run.status).toBe('done');
    const flags = run.package.research_snapshot.research?.risk_flags ?? [];
    expect(flags).toContain('근거 부족');
    expect(flags).toContain('https://down.test/ could not be read: NAVIGATION_FAILED');
  });

  it('keeps a 5-copy answer with a warning, since 10 are recommended', async () => {
    const [r, s, , v] = goodReplies();
    const model = replayModel(r as string, s as string, json(creativeReply(5)), v as string);
    const run = await runCampaign(deps({ model: { model } }), request);
    expect(run.package.creative_assets?.warnings).toEqual(['광고 카피가 5개예요 (권장 10개).']);
  });
});

describe('a campaign run without a model', () => {
  it('keeps the brief and the evidence, writes no strategy or copy, and says how to set a model', async () => {
    const run = await runCampaign(deps({}), request);
    expect(run).toMatchObject({ status: 'needs_model', stage: 'DONE', error: null });
    const p = runs.exportPackage(run.run_id);
    expect(p.brief_summary.brief.product.name).toBe('Glow X');
    expect(p.research_snapshot.sources).toEqual([PAGE]);
    expect(p.research_snapshot.research).toBeNull();
    expect(p.strategy_plan).toBeNull();
    expect(p.creative_assets).toBeNull();
    expect(p.voice_assets).toBeNull();
    expect(p.kpi_next_actions.pending.map((x) => x.part)).toEqual(['research_summary', 'strategy', 'creatives', 'voice']);
    expect(p.kpi_next_actions.pending[0]?.how).toContain('설정 → 모델');
  });
  it('an empty evidence list carries its cause in risk_flags', async () => {
    const run = await runCampaign(deps({ collect: nothing, now: () => NOW }), { ...request, locale: 'en' });
    expect(run.package.research_snapshot.risk_flags).toContain('No evidence: https://down.test/ could not be read: NAVIGATION_FAILED');
  });
  it('refuses to start with an incomplete brief', async () => {
    const brief = structuredClone(BRIEF) as BriefSlots;
    brief.target.who = null;
    await expect(runCampaign(deps({}), { ...request, brief })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { missing_required: ['target.who'] },
    });
  });
});

describe('voice audio', () => {
  let server: Server;
  let base: string;
  const calls: Array<{ auth: string | undefined; body: Record<string, unknown> }> = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        calls.push({ auth: req.headers.authorization, body: JSON.parse(body) });
        if (req.headers.authorization !== 'Bearer good-key') {
          res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"bad key"}');
          return;
        }
        res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(Buffer.from('ID3 audio bytes from the provider'));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('is made by the configured provider from the short script and saved as a file', async () => {
    const model = replayModel(...goodReplies());
    const run = await runCampaign(deps({ model: { model }, tts: { baseUrl: base, apiKey: 'good-key' } }), request);
    const audio = run.package.voice_assets?.audio;
    expect(audio).toMatchObject({ status: 'READY', mime: 'audio/mpeg', error: null });
    expect(readFileSync(audio?.file as string, 'utf8')).toBe('ID3 audio bytes from the provider');
    expect(calls.at(-1)?.body).toEqual({
      model: 'gpt-4o-mini-tts',
      voice: 'alloy',
      input: voiceReply.voiceover_script_short,
      response_format: 'mp3',
    });
  });
  it('fails clearly when the provider refuses the key (the script is kept)', async () => {
    const model = replayModel(...goodReplies());
    const run = await runCampaign(deps({ model: { model }, tts: { baseUrl: base, apiKey: 'wrong' } }), request);
    expect(run.status).toBe('done');
    expect(run.package.voice_assets?.audio).toMatchObject({ status: 'FAILED', file: null, error: { code: 'AUTH_REQUIRED' } });
    expect(run.package.voice_assets?.voice.voiceover_script_short).toBe(voiceReply.voiceover_script_short);
    expect(run.package.kpi_next_actions.pending[0]?.part).toBe('audio');
  });
  it('fails clearly when no provider is set', async () => {
    const model = replayModel(...goodReplies());
    const run = await runCampaign(deps({ model: { model } }), { ...request, locale: 'en' });
    expect(run.package.voice_assets?.audio).toMatchObject({
      status: 'FAILED',
      error: {
        code: 'NO_API_FOUND',
        message: 'No text-to-speech (TTS) provider is set.',
        suggestions: [expect.stringContaining('Settings → Voice')],
      },
    });
  });
});
