import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { lastReply, say } from './support/world.ts';

test('ko: a form fill from a saved profile stops for the person before submitting; take over, give back, done', async ({
  page,
}, testInfo) => {
  // the person saves a profile of non-sensitive fields in Settings first
  await page.goto('/?lang=ko');
  await page.getByRole('button', { name: '설정', exact: true }).click();
  const profiles = page.getByRole('group', { name: '양식 프로필 (민감하지 않은 항목)' });
  await profiles.getByLabel('프로필 이름').fill('기본');
  await profiles
    .getByLabel('항목 (한 줄에 하나, 이름=값)')
    .fill('surname=KIM\ngiven_names=MINJI\nbirth_date=1990-05-17\nsex=F\nnationality=KOR\nemail=minji@example.com\nphone=+82 10-1234-5678');
  await profiles.getByRole('button', { name: '프로필 추가' }).click();
  await page.getByRole('button', { name: '설정 저장' }).click();
  await expect(page.getByRole('status').filter({ hasText: '저장했습니다.' })).toBeVisible();

  await page.getByRole('button', { name: '작업', exact: true }).click();
  await say(page, '비자 신청서 내 프로필로 채워줘');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'AWAITING_APPROVAL');
  await expect(lastReply(page)).toContainText('KIM');
  const card = page.getByRole('alertdialog', { name: '승인 필요' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('approval-rule')).toContainText('hand over');
  await expectAccessible(page, 'hand-over approval (ko)');
  await page.screenshot({ path: testInfo.outputPath('form-handover-ko.png'), fullPage: true });

  // nothing is submitted by the engine: the person takes over, then gives control back
  await card.getByRole('button', { name: '직접 하기' }).click();
  await expect(page.getByTestId('control-indicator')).toHaveText('직접 조작 중');
  await page.screenshot({ path: testInfo.outputPath('form-person-in-control-ko.png'), fullPage: true });
  await card.getByRole('button', { name: '직접 완료했어요' }).click();
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE');
  await expect(page.getByTestId('control-indicator')).not.toHaveText('직접 조작 중');
  await page.screenshot({ path: testInfo.outputPath('form-done-ko.png'), fullPage: true });
});
