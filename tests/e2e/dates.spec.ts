import { expect, test } from '@playwright/test';
import { say } from './support/world.ts';

// The browser (and the computer) set to Korean, the UI to English: every time the UI shows is
// written in the UI's language, never in the system's ("오후 4:07:12").
test.use({ locale: 'ko-KR', timezoneId: 'Asia/Seoul' });

test('en UI on a Korean system: the log explorer writes its times in English', async ({ page }, testInfo) => {
  await page.goto('/?lang=en');
  await say(page, 'I want a refund for my order');
  await page.getByRole('button', { name: 'Logs', exact: true }).click();
  await page.getByTestId('session-item').first().click();
  const times = page.getByTestId('event-row').locator('time');
  await expect(times.first()).toBeVisible();
  for (const text of await times.allTextContents()) {
    expect(text).toMatch(/\d{1,2}:\d{2}:\d{2}\s?(AM|PM)/);
    expect(text).not.toMatch(/오전|오후/);
  }
  await page.screenshot({ path: testInfo.outputPath('logs-times-en-on-ko-system.png'), fullPage: true });
});
