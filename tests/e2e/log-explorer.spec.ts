import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { say } from './support/world.ts';

/**
 * The log explorer as support staff use it: sessions are told apart by what the person asked, a
 * cancelled one says cancelled, a successful one has no failing step, and a failed one is diagnosable
 * in one screen (failing step, the page before and after it — large and zoomable — the decision
 * before it, error class, cause and next action).
 */
const T = {
  ko: {
    ok: '12월 20일 인천에서 나리타 가는 직항 찾아줘',
    cancel: '비자 신청서 채워줘',
    fail: '도쿄 호텔 12월 20일부터 3박',
    logs: '로그',
    cancelled: '취소됨',
    done: '완료',
    failed: '실패',
    diagnosis: '무엇이 잘못됐나',
    decision: '그 직전의 결정',
    before: '이전',
    zoom: /^크게 보기: /,
    close: '닫기',
    cancelBtn: '취소',
  },
  en: {
    ok: 'direct flight from Incheon to Narita on 20 Dec',
    cancel: 'fill in the visa application form',
    fail: 'hotel in Tokyo from 20 Dec for 3 nights',
    logs: 'Logs',
    cancelled: 'cancelled',
    done: 'done',
    failed: 'failed',
    diagnosis: 'What went wrong',
    decision: 'Decision that led to it',
    before: 'Before',
    zoom: /^Enlarge: /,
    close: 'Close',
    cancelBtn: 'Cancel',
  },
} as const;

async function newChat(page: Page) {
  const button = page.getByRole('button', { name: /^(새 대화|New conversation)$/ });
  if (await button.isVisible()) await button.click();
}

for (const lang of ['ko', 'en'] as const) {
  const t = T[lang];
  test(`${lang}: sessions by their goal, cancelled shows cancelled, a success has no failing step, a failure is diagnosed in one screen`, async ({
    page,
  }, testInfo) => {
    await page.goto(`/?lang=${lang}`);
    await say(page, t.ok);
    await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE');
    await newChat(page);
    await say(page, t.cancel);
    await expect(page.getByTestId('plan-cancel')).toBeVisible();
    await page.getByTestId('plan-cancel').click();
    await expect(page.getByTestId('plan-status')).toHaveAttribute('class', /cancelled/);
    await newChat(page);
    await say(page, t.fail);
    await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'FAILED');

    await page.getByRole('button', { name: t.logs, exact: true }).click();
    const sessions = page.getByTestId('session-item');
    // newest first, each by what was asked (other tests may have asked the same before)
    const order: string[] = [t.fail, t.cancel, t.ok];
    for (const [i, goal] of order.entries()) await expect(sessions.nth(i).locator('.session-title')).toHaveText(goal);
    const byGoal = (goal: string) => sessions.nth(order.indexOf(goal));
    await expect(byGoal(t.ok).getByTestId('session-status')).toHaveText(t.done);
    await expect(byGoal(t.cancel).getByTestId('session-status')).toHaveText(t.cancelled);
    await expect(byGoal(t.fail).getByTestId('session-status')).toHaveText(t.failed);
    await page.screenshot({ path: testInfo.outputPath(`logs-sessions-${lang}.png`), fullPage: true });

    // a successful session: no failing step; its steps with the page before and after each
    await byGoal(t.ok).click();
    await expect(page.getByTestId('session-status').last()).toHaveText(t.done);
    await expect(page.getByTestId('failing-step')).toHaveCount(0);
    await expect(page.getByTestId('step-story').first()).toBeVisible();
    await expect(page.getByTestId('step-story').locator('img').first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`logs-success-${lang}.png`), fullPage: true });

    // the cancelled one says so in its own view too, and has no failing step
    await byGoal(t.cancel).click();
    await expect(page.getByTestId('session-timeline').getByTestId('session-status')).toHaveText(t.cancelled);
    await expect(page.getByTestId('failing-step')).toHaveCount(0);

    // the failed one: everything needed in one screen
    await byGoal(t.fail).click();
    const diagnosis = page.getByTestId('failing-step');
    await expect(diagnosis.getByRole('heading', { name: t.diagnosis })).toBeVisible();
    await expect(diagnosis).toContainText('VERIFICATION_FAILED');
    await expect(diagnosis.getByTestId('failing-decision')).toBeVisible();
    await expect(diagnosis.getByText(t.decision)).toBeVisible();
    const pictures = diagnosis.getByTestId('before-after').getByRole('img');
    await expect(pictures).toHaveCount(2);
    // large: each picture at least a third of the explorer's width
    const box = await pictures.first().boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(300);
    await expectAccessible(page, `log explorer diagnosis (${lang})`);
    await page.screenshot({ path: testInfo.outputPath(`logs-diagnosis-${lang}.png`), fullPage: true });
    // zoomable: the picture opens at full size and closes again
    await diagnosis.getByRole('button', { name: t.zoom }).first().click();
    const zoomed = page.locator('dialog.zoomed[open]');
    await expect(zoomed).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`logs-zoomed-${lang}.png`) });
    await zoomed.getByRole('button', { name: t.close }).click();
    await expect(zoomed).toHaveCount(0);
  });
}
