import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { say } from './support/world.ts';

// The E2E host points the hotels recipe at the hostile fixture site (see serve-with-fixtures.ts): the search page is a 404.
test('ko: a search the site answers with a 404 says what the page says, with the next action — no code, no invented results', async ({
  page,
}, testInfo) => {
  await page.goto('/?lang=ko');
  await say(page, '도쿄 호텔 12월 20일부터 3박');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'FAILED');
  const error = page.getByRole('region', { name: '대화' }).getByRole('alert');
  // the site answered the search page with a 404: the person hears what the page says, not only that no result was confirmed
  await expect(error).toContainText('페이지에 이렇게 나와요');
  await expect(error).toContainText('404 페이지를 찾을 수 없습니다');
  await expect(error).toContainText('다시 요청');
  await expect(error).not.toContainText('VERIFICATION_FAILED');
  await expect(page.getByTestId('step').first()).toBeVisible();
  // the steps ran, but what they found failed the checks: the plan does not say 완료
  await expect(page.getByTestId('plan-status')).toHaveText('단계는 마쳤지만 결과 확인 안 됨');
  await expectAccessible(page, 'error path (ko)');
  await page.screenshot({ path: testInfo.outputPath('error-path-ko.png'), fullPage: true });
});

test('en: the log explorer finds the failed session by error class and shows its failing step and screenshots', async ({
  page,
}, testInfo) => {
  await page.goto('/?lang=en');
  await page.getByRole('button', { name: 'Logs', exact: true }).click();
  await page.getByLabel('Error class').fill('VERIFICATION_FAILED');
  await page.getByRole('button', { name: 'Apply' }).click();
  const sessions = page.getByTestId('session-item');
  await expect(sessions.first()).toContainText('VERIFICATION_FAILED');
  await sessions.first().click();
  const failing = page.getByTestId('failing-step');
  await expect(failing).toContainText('What went wrong');
  await expect(failing).toContainText('VERIFICATION_FAILED');
  await expect(failing).toContainText('expected at least one stay');
  const shots = failing.getByRole('img');
  await expect(shots.first()).toBeVisible();
  await expect(page.getByTestId('event-row').first()).toBeVisible();
  await expectAccessible(page, 'log explorer with a session (en)');
  await page.screenshot({ path: testInfo.outputPath('log-explorer-failing-en.png'), fullPage: true });

  // free text finds the flight search of the other test file by what was said
  await page.getByLabel('Error class').fill('');
  await page.getByLabel('Text').fill('hotels');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('session-item').first()).toBeVisible();
  await expect(page.getByTestId('events-count')).not.toHaveText('0 events');

  // export the session as a bundle file, import it back: it appears as its own session with the same failure
  await page.getByLabel('Text').fill('');
  await page.getByLabel('Error class').fill('VERIFICATION_FAILED');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByTestId('session-item').first().click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export bundle' }).click();
  const file = testInfo.outputPath('session-bundle.json');
  await (await downloading).saveAs(file);
  await page.locator('#bundle-file').setInputFiles(file);
  await expect(page.getByRole('status').filter({ hasText: 'Imported session' })).toBeVisible();
  await expect(page.getByTestId('session-item')).toHaveCount(2);
  await expect(page.getByTestId('failing-step')).toContainText('VERIFICATION_FAILED');
  await page.screenshot({ path: testInfo.outputPath('log-explorer-imported-en.png'), fullPage: true });
});
