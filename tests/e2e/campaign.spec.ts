/**
 * The campaign pipeline from the UI: a request in the chat, research in the host's real Chromium
 * on the fixture market site, the package opened from the conversation (brief, evidence with
 * links, strategy, copies, posters, video prompt, voice script with its timing map) and exported.
 * This spec runs its own host (same startHost as `npm run serve`) whose model is an AI SDK mock;
 * the no-model path runs on the shared E2E host (offline).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { startHost } from '../../src/cli/host/start-host.ts';
import { type MarketSite, startMarketSite } from '../fixtures/campaign/market-site.ts';
import { campaignModel } from './support/campaign-model.ts';
import { lastReply, say } from './support/world.ts';

let site: MarketSite;
let host: Awaited<ReturnType<typeof startHost>>;
let home: string;
const PORT = Number(process.env.E2E_CAMPAIGN_PORT ?? 4183);

test.beforeAll(async () => {
  site = await startMarketSite();
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
