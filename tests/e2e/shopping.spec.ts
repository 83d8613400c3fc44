import { expect, type Page, test } from '@playwright/test';
import { lastReply, say, siteUrls } from './support/world.ts';

/** The shop's own name, as its home page's title gives it ("홈 Home — 전자마트 ElecMart"). */
async function shopName(page: Page, base: string): Promise<string> {
  const html = await (await page.request.get(`${base}/`)).text();
  const name = /<title>[^<]*—\s*([^<]+?)\s*<\/title>/.exec(html)?.[1];
  expect(name, `the title of ${base}`).toBeTruthy();
  return name as string;
}

/** Each shop is called by its own name in the reply and the table, never by the engine's key for it. */
async function expectShopNames(page: Page): Promise<void> {
  const sites = siteUrls();
  const names = [await shopName(page, sites.shopA), await shopName(page, sites.shopB)];
  const table = lastReply(page).getByTestId('results-table');
  for (const name of names) {
    await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
    await expect(lastReply(page)).toContainText(`[${name}]`);
  }
  await expect(lastReply(page)).not.toContainText(/shop[AB]/);
}

test('en: a price comparison visits both shops and ranks them with shipping included', async ({ page }, testInfo) => {
  await page.goto('/?lang=en');
  await say(page, 'compare prices for AirPods Pro 2');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE');
  await expect(lastReply(page)).toContainText(/cheapest/i);
  const steps = page.getByTestId('step');
  // both shops' pages were worked on (the step's plan id is kept for support staff as its tooltip)
  await expect(steps.filter({ has: page.locator('[title^="shopA"]') }).first()).toBeVisible();
  await expect(steps.filter({ has: page.locator('[title^="shopB"]') }).first()).toBeVisible();
  await expect(page.getByTestId('plan-status')).toHaveText('done');
  await expectShopNames(page);
  // money in English reads as won with its sign, not with the Korean unit
  await expect(lastReply(page)).toContainText('₩329,000');
  await expect(lastReply(page)).not.toContainText(/\d원/);
  await page.screenshot({ path: testInfo.outputPath('shopping-en.png'), fullPage: true });
});

test('ko: 가격 비교', async ({ page }, testInfo) => {
  await page.goto('/?lang=ko');
  await say(page, '에어팟 프로 2 가격 비교해줘');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE');
  await expect(page.getByTestId('plan-status')).toHaveText('완료');
  await expectShopNames(page);
  await expect(lastReply(page)).toContainText('329,000원');
  // each shop's "open" step names the site it opened, so the two read apart
  const opened = (await page.getByTestId('step').allTextContents()).filter((t) => t.includes('열기'));
  expect(opened).toHaveLength(2);
  expect(new Set(opened.map((t) => t.replace(/\d+ms/, ''))).size).toBe(2);
  await page.screenshot({ path: testInfo.outputPath('shopping-ko.png'), fullPage: true });
});
