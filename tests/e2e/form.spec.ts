import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { lastReply, say, siteUrls } from './support/world.ts';

// a 1×1 PNG for the form's passport photo (PNG/JPEG up to 2 MB)
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

interface FormState {
  applications: Array<{ reference: string; data: Record<string, unknown> }>;
}

test('ko: a form fill hands the passport number to the person, stops for approval, is approved and submits', async ({ page }, testInfo) => {
  const photo = testInfo.outputPath('photo.png');
  writeFileSync(photo, Buffer.from(PNG, 'base64'));
  const formState = async () => (await (await page.request.get(`${siteUrls().form}/__state`)).json()) as FormState;
  const before = (await formState()).applications.length;

  // answers of the host to the person's typing (browser.input over the IPC WebSocket), by request id
  const typing = new Map<number, string | undefined>();
  const parse = (payload: string | Buffer): { channel?: string; id?: number } => {
    try {
      return JSON.parse(String(payload));
    } catch {
      return {};
    }
  };
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => {
      const m = parse(f.payload);
      if (m.channel === 'browser.input' && m.id !== undefined) typing.set(m.id, undefined);
    });
    ws.on('framereceived', (f) => {
      const m = parse(f.payload);
      if (m.id !== undefined && typing.has(m.id)) typing.set(m.id, String(f.payload));
    });
  });

  // the person saves a profile of non-sensitive fields first (no passport number), in the labelled form of 내 정보
  await page.goto('/?lang=ko');
  await page.getByRole('button', { name: '내 정보', exact: true }).click();
  const profile = page.locator('form.profile-form');
  await expect(profile).toBeVisible();
  const items = page.getByTestId('profile-item');
  for (let n = await items.count(); n > 0; n--) {
    await items
      .first()
      .getByRole('button', { name: /^삭제: / })
      .click();
    await expect(items).toHaveCount(n - 1);
  }
  await profile.getByLabel('프로필 이름').fill('기본');
  await profile.getByLabel('성 (여권 영문)').fill('KIM');
  await profile.getByLabel('이름 (여권 영문)').fill('MINJI');
  await profile.getByLabel('생년월일').fill('1990-05-17');
  await profile.getByLabel('성별').selectOption('F');
  // the nationality as a code: the site's list says "대한민국 Republic of Korea", chosen by meaning
  await profile.getByLabel('국적', { exact: true }).fill('KOR');
  await profile.getByLabel('이메일').fill('minji@example.com');
  await profile.getByLabel('휴대폰').fill('+82 10-1234-5678');
  await profile.getByLabel('여권 만료일').fill('2031-05-16');
  await profile.getByLabel('방문 목적').selectOption('tourism');
  await profile.getByLabel('입국 예정일').fill('2026-12-20');
  await profile.getByLabel('체류 기간 (일)').fill('10');
  await profile.getByLabel('사진 파일 (이 컴퓨터의 경로)').fill(photo);
  await profile.getByRole('button', { name: '프로필 저장' }).click();
  await expect(page.getByRole('status').filter({ hasText: '프로필을 저장했습니다' })).toBeVisible();

  await page.getByRole('button', { name: '작업', exact: true }).click();
  await say(page, '비자 신청서 내 프로필로 채워줘');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'AWAITING_APPROVAL');
  await expect(lastReply(page)).toContainText('KIM');

  // 1. the passport number is the person's to type: a hand-over before the approval
  const card = page.getByRole('alertdialog', { name: '승인 필요' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('approval-rule')).toHaveAttribute('data-mode', 'hand_over');
  await expect(card.getByTestId('approval-rule')).toHaveText('이 단계는 엔진이 하지 않습니다. 직접 하셔야 합니다.');
  await expect(card.getByTestId('approval-action')).toContainText('여권 번호 Passport number');
  await page.screenshot({ path: testInfo.outputPath('form-1-handover-ko.png'), fullPage: true });
  await card.getByRole('button', { name: '직접 하기' }).click();
  await expect(page.getByTestId('control-indicator')).toHaveText('직접 조작 중');
  // the engine focused the passport field; the person types straight into the page in the browser view
  await page.getByTestId('live-keys').focus();
  await page.keyboard.type('M12345678');
  await expect.poll(() => typing.size > 0 && [...typing.values()].every((answer) => answer !== undefined)).toBe(true);
  // the declaration is the person's to give: they tab down to it and tick it with the space bar
  for (let i = 0; i < 26; i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect.poll(() => [...typing.values()].every((answer) => answer !== undefined)).toBe(true);
  for (const answer of typing.values()) expect(answer).not.toContain('"error"');
  await page.screenshot({ path: testInfo.outputPath('form-2-person-typed-ko.png'), fullPage: true });
  await page.getByTestId('take-over').getByRole('button', { name: '제어 돌려주기' }).click();
  await card.getByRole('button', { name: '직접 완료했어요' }).click();

  // 2. the submission: an approval card showing exactly what will be submitted; nothing submitted yet
  const approve = card.getByRole('button', { name: '승인', exact: true });
  await expect(approve).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'AWAITING_APPROVAL');
  await expect(card.getByTestId('approval-rule')).toHaveAttribute('data-kind', 'submission');
  await expect(card.getByTestId('approval-rule')).toHaveText('제출은 항상 사람의 승인이 필요합니다.');
  await expect(card.getByTestId('approval-action')).toContainText('신청서를 제출합니다');
  await expect(card.getByTestId('approval-action')).not.toContainText('Submit the application');
  await expect(card.getByTestId('approval-action')).toContainText('KIM');
  await expect(card.getByTestId('approval-action')).toContainText('관광 Tourism');
  await expect(card.getByTestId('approval-action')).toContainText('photo.png');
  await expectAccessible(page, 'form submission approval (ko)');
  await page.screenshot({ path: testInfo.outputPath('form-3-approval-ko.png'), fullPage: true });
  expect((await formState()).applications.length).toBe(before);

  // 3. approved: the engine submits, confirms the site's dialog and reads the reference number
  await approve.click();
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE', { timeout: 60_000 });
  await expect(card).toBeHidden();
  await expect(lastReply(page)).toContainText(/접수 번호: VA-2026-\d+/);
  const apps = (await formState()).applications;
  expect(apps.length).toBe(before + 1);
  const submitted = apps.at(-1);
  await expect(lastReply(page)).toContainText(String(submitted?.reference));
  expect(submitted?.data).toMatchObject({ surname: 'KIM', passportNumber: 'M12345678', purpose: 'tourism' });
  await expect(page.getByTestId('plan-status')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('form-4-submitted-ko.png'), fullPage: true });
});
