import { expect, test } from '@playwright/test';
import { lastReply, say } from './support/world.ts';

// A request that fits a flight and a stay equally is answered with one question and the two
// tasks as quick replies; picking one starts it with the place and date already read.

test('ko: "제주 12월 5일" offers 항공권 검색 / 숙소 검색; picking the flight asks only where from', async ({ page }, testInfo) => {
  await page.goto('/?lang=ko');
  await say(page, '제주 12월 5일');
  const replies = page.locator('.quick-replies');
  await expect(replies.getByRole('button', { name: '항공권 검색' })).toBeVisible();
  await expect(replies.getByRole('button', { name: '숙소 검색' })).toBeVisible();
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'CHAT_COLLECTING');
  await page.screenshot({ path: testInfo.outputPath('task-choice-ko.png') });
  const before = await page.getByTestId('msg-assistant').count();
  await replies.getByRole('button', { name: '항공권 검색' }).click();
  await expect(page.getByTestId('msg-assistant')).toHaveCount(before + 1, { timeout: 60_000 });
  await expect(page.locator('.quick-replies')).toHaveCount(0);
  await expect(page.getByTestId('slot-chip').filter({ hasText: 'CJU' })).toHaveCount(1);
  await expect(lastReply(page)).not.toContainText('숙소');
});

test('en: "Osaka next weekend" is asked about; "2" picks the second offer', async ({ page }) => {
  await page.goto('/?lang=en');
  await say(page, 'Osaka next weekend');
  const buttons = page.locator('.quick-replies button');
  await expect(buttons).toHaveCount(2);
  const second = (await buttons.nth(1).textContent())?.trim() ?? '';
  expect(['Flight search', 'Hotel search']).toContain(second);
  await say(page, '2');
  await expect(page.locator('.quick-replies')).toHaveCount(0);
});
