import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { lastReply, say } from './support/world.ts';

test('ko: a flight search runs in the browser and shows the results, the plan and the screencast', async ({ page }, testInfo) => {
  await page.goto('/?lang=ko');
  await say(page, '12월 20일 인천에서 나리타 가는 직항 찾아줘');
  await expect(lastReply(page)).toContainText('ICN → NRT');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE');
  await expect(page.getByTestId('plan-status')).toHaveText('완료');
  const steps = page.getByTestId('step');
  expect(await steps.count()).toBeGreaterThan(1);
  await expect(steps.filter({ has: page.locator('[data-status=failed]') })).toHaveCount(0);
  await expect(page.getByRole('img', { name: '자동화된 브라우저의 실시간 화면' })).toBeVisible();
  await expect(page.getByTestId('slot-chip').first()).toBeVisible();
  await expect(lastReply(page).getByTestId('results-difference').last()).toBeInViewport({ ratio: 1 });
  await expectAccessible(page, 'work after a flight search (ko)');
  await page.screenshot({ path: testInfo.outputPath('flights-ko.png'), fullPage: true });
});

test('en: the same search asked in English, one question at a time', async ({ page }, testInfo) => {
  await page.goto('/?lang=en');
  await say(page, 'I need a flight to Tokyo Narita');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'CHAT_COLLECTING');
  await page.screenshot({ path: testInfo.outputPath('flights-en-asking.png') });
  await say(page, 'from Incheon');
  await say(page, 'on 20 Dec');
  await expect(lastReply(page)).toContainText('ICN → NRT');
  await expect(page.getByTestId('plan-status')).toHaveText('done');
  // money in English is written with the won sign, not the Korean unit
  await expect(lastReply(page)).toContainText(/₩\d{2,3},\d{3}/);
  await expect(lastReply(page)).not.toContainText(/\d원/);
  // how much more each costs is on screen, not cut off behind a sideways scroll
  await expect(lastReply(page).getByTestId('results-difference').last()).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: testInfo.outputPath('flights-en.png'), fullPage: true });
});
