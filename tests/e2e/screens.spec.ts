import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';

for (const lang of ['ko', 'en'] as const) {
  const t =
    lang === 'ko'
      ? {
          work: '작업',
          logs: '로그',
          settings: '설정',
          chat: '대화',
          plan: '계획',
          browser: '브라우저',
          explorer: '로그 탐색기',
          save: '설정 저장',
          saved: '저장했습니다.',
        }
      : {
          work: 'Work',
          logs: 'Logs',
          settings: 'Settings',
          chat: 'Conversation',
          plan: 'Plan',
          browser: 'Browser',
          explorer: 'Log explorer',
          save: 'Save settings',
          saved: 'Saved.',
        };

  test(`every screen renders, is keyboard reachable and has no serious axe violations (${lang})`, async ({ page }, testInfo) => {
    await page.goto(`/?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { name: t.chat, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: t.plan, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: t.browser, exact: true })).toBeVisible();
    await expectAccessible(page, `work (${lang})`);
    await page.screenshot({ path: testInfo.outputPath(`work-${lang}.png`) });

    // keyboard: the tabs are real buttons reachable with Tab and pressed with Enter
    await page.getByRole('button', { name: t.logs, exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: t.explorer })).toBeVisible();
    await expectAccessible(page, `logs (${lang})`);
    await page.screenshot({ path: testInfo.outputPath(`logs-${lang}.png`) });

    await page.getByRole('button', { name: t.settings, exact: true }).click();
    await expect(page.getByRole('button', { name: t.save, exact: true })).toBeVisible();
    await expectAccessible(page, `settings (${lang})`);
    await page.screenshot({ path: testInfo.outputPath(`settings-${lang}.png`) });
  });
}

test('settings are stored by the engine and the language switch changes every label', async ({ page }, testInfo) => {
  await page.goto('/?lang=en');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByLabel('Model provider').selectOption('openai');
  await page.getByLabel('Model', { exact: true }).fill('gpt-test');
  await page.getByRole('group', { name: 'Form profiles (non-sensitive fields)' }).getByLabel('Profile name').fill('Home');
  await page.getByLabel('Fields (one per line, name=value)').fill('name=Kim Minji\ncity=Seoul');
  await page.getByRole('button', { name: 'Add profile' }).click();
  await page.getByRole('button', { name: 'Save settings', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  // the API key goes to the secret store; the UI learns only that one is stored, and sees the host's warning
  await page.getByLabel('API key (openai)').fill('sk-test-not-a-real-key');
  await page.getByRole('button', { name: 'Store key' }).click();
  await expect(page.getByText('A key is stored.')).toBeVisible();
  await expect(page.getByText(/No OS secret store here/)).toBeVisible();

  await page.reload();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue('gpt-test');
  await expect(page.getByText('Home (2)')).toBeVisible();
  await page.getByRole('button', { name: '한국어' }).click();
  await expect(page.getByRole('button', { name: '설정 저장', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '로그', exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('settings-saved-ko.png') });
  // leave the provider offline for the other tests
  await page.getByLabel('모델 제공자').selectOption('offline');
  await page.getByRole('button', { name: '설정 저장', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '저장했습니다.' })).toBeVisible();
});
