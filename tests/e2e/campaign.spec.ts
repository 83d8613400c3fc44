/**
 * The campaign pipeline from the UI: a request in the chat, research in the host's real Chromium
 * on the fixture market site, the package opened from the conversation (brief, evidence with
 * links, strategy, copies, posters, video prompt, voice script with its timing map) and exported.
 * This spec runs its own host (same startHost as `npm run serve`) whose model is an AI SDK mock;
 * the no-model path runs on the shared E2E host (offline).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { startHost } from '../../src/cli/host/start-host.ts';
import { type MarketSite, startMarketSite } from '../fixtures/campaign/market-site.ts';
import { expectAccessible } from './support/axe.ts';
import { campaignModel } from './support/campaign-model.ts';
import { lastReply, say } from './support/world.ts';

let site: MarketSite;
let host: Awaited<ReturnType<typeof startHost>>;
let home: string;
/** A text-to-speech provider: what reached it, and the audio it answers with. */
let tts: Server;
let ttsUrl = '';
const ttsCalls: Array<{ auth: string | undefined; body: Record<string, unknown> }> = [];
const PORT = Number(process.env.E2E_CAMPAIGN_PORT ?? 4183);

test.beforeAll(async () => {
  site = await startMarketSite();
  tts = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      ttsCalls.push({ auth: req.headers.authorization, body: JSON.parse(body) });
      res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(Buffer.from('ID3 audio from the provider'));
    });
  });
  await new Promise<void>((r) => tts.listen(0, '127.0.0.1', r));
  ttsUrl = `http://127.0.0.1:${(tts.address() as AddressInfo).port}/v1`;
  home = mkdtempSync(join(tmpdir(), 'steward-campaign-e2e-'));
  writeFileSync(
    join(home, 'settings.json'),
    JSON.stringify({ language: 'ko', provider: { name: 'openai', model: 'mock' }, formProfiles: [], mcpServers: [], policyOverrides: [] }),
    { mode: 0o600 },
  );
  host = await startHost({
    port: PORT,
    dataDir: home,
    rendererDir: resolve('out/renderer'),
    secret: 'campaign-e2e-secret',
    models: () => campaignModel(() => `${site.url}/articles/instagram-ugc`),
    log: () => undefined,
  });
});
test.afterAll(async () => {
  await host?.close();
  await site?.close();
  tts?.closeAllConnections();
  await new Promise<void>((r) => (tts ? tts.close(() => r()) : r()));
  if (home) rmSync(home, { recursive: true, force: true });
});

for (const locale of ['ko', 'en'] as const) {
  test(`${locale}: a campaign from one request, with research in the browser and the package shown and exported`, async ({
    page,
  }, testInfo) => {
    await page.goto(`http://127.0.0.1:${PORT}/?token=campaign-e2e-secret&lang=${locale}`);
    const request =
      locale === 'ko'
        ? `Glow X 마케팅 캠페인 만들어줘. ${site.url}/ 에서 "skincare" 검색해서 참고해줘`
        : `Make a marketing campaign for Glow X. Search ${site.url}/ for "skincare".`;
    await say(page, request);
    await expect(lastReply(page)).toContainText(locale === 'ko' ? '캠페인 패키지가 준비됐어요' : 'The campaign package is ready');
    await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE');
    await page.getByRole('button', { name: locale === 'ko' ? '캠페인 패키지 보기' : 'Open Campaign package' }).click();
    const pkg = page.getByTestId('campaign-package');
    await expect(pkg.getByTestId('campaign-status')).toHaveText(locale === 'ko' ? '완료' : 'Complete');
    // evidence links to the page the browser read, with the date it was seen
    const link = pkg.getByRole('link', { name: 'Instagram UGC reviews drive skincare inquiries' });
    await expect(link).toHaveAttribute('href', `${site.url}/articles/instagram-ugc`);
    expect(site.hits).toContain('/search?q=skincare');
    expect(site.hits).toContain('/articles/instagram-ugc');
    await expect(pkg).toContainText(locale === 'ko' ? '민감피부 집중' : 'Sensitive skin first');
    await expect(pkg.locator('.campaign-copies li')).toHaveCount(10);
    await expect(pkg).toContainText(locale === 'ko' ? '10초 · 720x1280' : '10 s · 720x1280');
    const timing = pkg.getByRole('table');
    await expect(timing.locator('tbody tr')).toHaveCount(3);
    await expect(timing.locator('tbody tr').first()).toContainText('0.0s');
    await expect(pkg.getByTestId('campaign-audio')).toContainText(
      locale === 'ko' ? '음성 합성(TTS) 제공자가 설정되지 않았어요.' : 'No text-to-speech (TTS) provider is set.',
    );
    await expectAccessible(page, `campaign package (${locale})`);
    // a tall window, so the screenshot holds the whole package
    await page.setViewportSize({ width: 1400, height: 3000 });
    await page.screenshot({ path: testInfo.outputPath(`campaign-package-${locale}.png`) });
    await page.setViewportSize({ width: 1400, height: 900 });
    // the export is a file with the run package
    const download = page.waitForEvent('download');
    await pkg.getByRole('button', { name: locale === 'ko' ? '패키지 내보내기 (JSON)' : 'Export package (JSON)' }).click();
    const file = await (await download).path();
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(exported)).toEqual([
      'run_id',
      'brief_summary',
      'research_snapshot',
      'strategy_plan',
      'creative_assets',
      'voice_assets',
      'kpi_next_actions',
    ]);
    expect(exported.research_snapshot.research.evidence[0].url).toBe(`${site.url}/articles/instagram-ugc`);
    await expect(pkg.getByRole('status')).toContainText('campaign-run_');
  });
}

test('ko: the voice provider set in Settings (address confirmed, key stored) speaks the script into an audio file', async ({
  page,
}, testInfo) => {
  await page.goto(`http://127.0.0.1:${PORT}/?token=campaign-e2e-secret&lang=ko`);
  await page.getByRole('button', { name: '설정', exact: true }).click();
  await page.getByLabel('제공자 주소').fill(ttsUrl);
  await page.getByLabel('목소리 (선택)').fill('nova');
  await page.getByRole('button', { name: '음성 설정 저장' }).click();
  // the key goes to a new address only after the person confirmed it
  const confirm = page.getByTestId('settings-confirm');
  await expect(confirm).toContainText(ttsUrl);
  await confirm.getByRole('button').first().click();
  await expect(page.locator('.voice-settings [role=status]')).toHaveText('저장했어요.');
  await page.getByLabel('음성 제공자 API 키').fill('tts-key-1');
  await page.locator('.voice-settings').getByRole('button', { name: '키 저장' }).click();
  await expect(page.locator('.voice-settings')).toContainText('키가 저장되어 있어요.');
  await page.screenshot({ path: testInfo.outputPath('campaign-voice-settings-ko.png'), fullPage: true });
  await page.getByRole('button', { name: '작업', exact: true }).click();
  await say(page, `Glow X 마케팅 캠페인 만들어줘. ${site.url}/ 에서 "skincare" 검색해서 참고해줘`);
  await expect(lastReply(page)).toContainText('음성 파일도 만들었어요.');
  expect(ttsCalls.at(-1)).toEqual({
    auth: 'Bearer tts-key-1',
    body: { model: 'gpt-4o-mini-tts', voice: 'nova', input: '예민한 피부도 편안하게, 오늘부터 시작해보세요.', response_format: 'mp3' },
  });
  await page.getByRole('button', { name: '캠페인 패키지 보기' }).click();
  await expect(page.getByTestId('campaign-audio')).toContainText('생성됨');
  await expect(page.getByTestId('campaign-audio')).toContainText('.mp3');
});

test('ko, on the offline host: the brief and the evidence only, and plainly what needs a model', async ({ page }, testInfo) => {
  await page.goto('/?lang=ko');
  await say(page, '우리 신제품 마케팅 캠페인 만들어줘');
  for (const answer of ['Glow X', '비건 스킨케어', '25-34 직장인', '피부결 개선', 'Instagram, YouTube', '문의 30건'])
    await say(page, answer);
  await expect(lastReply(page)).toContainText('확인할 웹 페이지나 검색 페이지를 알려 주시면');
  await say(page, `이 페이지를 참고해 줘 ${site.url}/articles/sensitive-skin-2026`);
  await expect(lastReply(page)).toContainText('AI 모델이 있어야 만들 수 있어요');
  await expect(lastReply(page)).toContainText('설정 → 모델');
  await page.getByRole('button', { name: '캠페인 패키지 보기' }).click();
  const pkg = page.getByTestId('campaign-package');
  await expect(pkg.getByTestId('campaign-status')).toHaveText('브리프와 근거만 — AI 모델 필요');
  await expect(pkg.getByRole('link', { name: '2026 민감성 스킨케어 시장 동향' })).toHaveAttribute(
    'href',
    `${site.url}/articles/sensitive-skin-2026`,
  );
  await expect(pkg).toContainText('민감성 피부용 비건 스킨케어 검색량이 전년 대비 34% 늘었다.');
  // nothing a model would write is there
  await expect(pkg.getByRole('table')).toHaveCount(0);
  await expect(pkg.locator('.campaign-copies')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('campaign-needs-model-ko.png'), fullPage: true });
});
