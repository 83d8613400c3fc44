import { expect, test } from '@playwright/test';

test('the app frame shows chat, plan and the log tab', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Steward' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Chat' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Plan' })).toBeVisible();
  await page.getByRole('button', { name: /Logs/ }).click();
  await expect(page.getByRole('region', { name: 'Log explorer' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('app-frame.png') });
});
