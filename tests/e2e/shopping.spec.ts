import { expect, test } from '@playwright/test';
import { lastReply, say } from './support/world.ts';

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
  await page.screenshot({ path: testInfo.outputPath('shopping-en.png'), fullPage: true });
});

test('ko: 가격 비교', async ({ page }, testInfo) => {
  await page.goto('/?lang=ko');
  await say(page, '에어팟 프로 2 가격 비교해줘');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE');
  await expect(page.getByTestId('plan-status')).toHaveText('완료');
  await page.screenshot({ path: testInfo.outputPath('shopping-ko.png'), fullPage: true });
});
