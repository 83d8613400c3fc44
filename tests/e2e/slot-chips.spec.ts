import { expect, test } from '@playwright/test';
import { lastReply, say } from './support/world.ts';

// The travellers chip reads as words and is edited with steppers, never as raw JSON; an edit after
// the results are shown runs the search again, and the flights site's own booking links (the
// world) carry the new count.

test('ko: the travellers chip reads "성인 2명", steppers add a child, and the search runs again for them', async ({ page }, testInfo) => {
  await page.goto('/?lang=ko');
  await say(page, '12월 20일 인천에서 나리타 가는 직항 어른 2명');
  await expect(lastReply(page).locator('a[href*="adults=2&children=0"]').first()).toBeVisible();
  const chip = page.getByTestId('slot-chip').filter({ hasText: '인원' });
  await expect(chip).toContainText('성인 2명');
  await expect(page.getByTestId('slot-chip').filter({ hasText: '{' })).toHaveCount(0);
  await chip.getByRole('button').click();
  const editor = page.getByRole('group', { name: '인원' });
  await expect(editor.getByTestId('count-adults').locator('output')).toHaveText('2');
  await expect(editor.getByRole('button', { name: '유아 −' })).toBeDisabled();
  await editor.getByRole('button', { name: '아동 +' }).click();
  await expect(editor.getByTestId('count-children').locator('output')).toHaveText('1');
  await page.screenshot({ path: testInfo.outputPath('travellers-editor-ko.png') });
  const before = await page.getByTestId('msg-assistant').count();
  await page.getByRole('button', { name: '저장' }).click();
  await expect(page.getByTestId('msg-assistant')).toHaveCount(before + 1, { timeout: 60_000 });
  await expect(page.getByTestId('msg-user').last()).toContainText('성인 2명, 아동 1명');
  await expect(lastReply(page).locator('a[href*="adults=2&children=1"]').first()).toBeVisible();
  await expect(page.getByTestId('slot-chip').filter({ hasText: '인원' })).toContainText('성인 2명, 아동 1명');
  await page.screenshot({ path: testInfo.outputPath('travellers-after-ko.png'), fullPage: true });
});

test('en: the chip reads "2 adults" and an adult can be taken away but never the last one', async ({ page }, testInfo) => {
  await page.goto('/?lang=en');
  await say(page, 'direct flights ICN to NRT on 20 Dec for 2 adults');
  await expect(lastReply(page).locator('a[href*="adults=2"]').first()).toBeVisible();
  const chip = page.getByTestId('slot-chip').filter({ hasText: 'Passengers' });
  await expect(chip).toContainText('2 adults');
  await chip.getByRole('button').click();
  const editor = page.getByRole('group', { name: 'Passengers' });
  await editor.getByRole('button', { name: 'Adults −' }).click();
  await expect(editor.getByRole('button', { name: 'Adults −' })).toBeDisabled();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(lastReply(page).locator('a[href*="adults=1&children=0"]').first()).toBeVisible();
  await expect(page.getByTestId('slot-chip').filter({ hasText: 'Passengers' })).toContainText('1 adult');
  await page.screenshot({ path: testInfo.outputPath('travellers-after-en.png'), fullPage: true });
});
