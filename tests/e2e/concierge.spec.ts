import { expect, test } from '@playwright/test';
import { lastReply, say } from './support/world.ts';

test('a place saved in Settings is what the concierge answers from, without its private details (en)', async ({ page }) => {
  await page.goto('/?lang=en');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const places = page.getByTestId('places-editor');
  await places.getByLabel('Place name').fill('Bukchon Hanok Stay');
  await places.getByLabel('Details ("label: value" per line)').fill('address: 37 Gyedong-gil, Jongno-gu\ncheckin: 15:00\ndoor code: 4821#');
  await places.getByRole('button', { name: 'Save place' }).click();
  await page.getByRole('button', { name: 'Save settings', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Saved.');

  await page.getByRole('button', { name: 'Work', exact: true }).click();
  await say(page, 'What time is check-in at Bukchon Hanok Stay?');
  await expect(lastReply(page)).toContainText('checkin: 15:00');
  await expect(lastReply(page)).toContainText('37 Gyedong-gil');
  await expect(lastReply(page)).not.toContainText('4821');
});
