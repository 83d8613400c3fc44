import { expect, test } from '@playwright/test';
import { lastReply, say } from './support/world.ts';

// The visa form flow up to its hand-over, in each language: every word the app adds is in the
// person's language (the form's own labels stay as the page shows them), and nothing claims an
// entry the app did not make.
for (const lang of ['ko', 'en'] as const) {
  const w =
    lang === 'ko'
      ? {
          ask: '비자 신청서 채워줘',
          form: '비자 신청서',
          foreign: /visa application|Fill in yourself|Approval needed|You enter yourself/,
          reject: '거절',
          yourTurn: '직접 하실 차례',
          waiting: '기다리는 중',
        }
      : {
          ask: 'fill in the visa application form',
          form: 'visa application',
          foreign: /직접 입력하실 항목|이렇게 찾아볼게요|입력할 내용/,
          reject: 'Reject',
          yourTurn: 'Your turn: do this in the browser',
          waiting: 'waiting for you',
        };

  test(`${lang}: the form's hand-over says what the person does, in their language`, async ({ page }, testInfo) => {
    await page.goto(`/?lang=${lang}`);
    await say(page, w.ask);
    await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'AWAITING_APPROVAL');
    const reply = lastReply(page);
    await expect(reply).toContainText(w.form);
    await expect(reply).not.toContainText(w.foreign);
    // filling a form is not a search
    await expect(reply).not.toContainText(lang === 'ko' ? '찾아볼게요' : 'look for');
    await expect(page.getByTestId('slot-chip').filter({ hasText: w.form })).toBeVisible();
    const card = page.getByRole('alertdialog');
    await expect(card.getByTestId('approval-action')).not.toContainText(w.foreign);
    await expect(page.getByTestId('step').filter({ hasText: w.foreign })).toHaveCount(0);
    // the person's own step waits for them: it is their turn, not an approval they owe
    const yours = page.getByTestId('step').filter({ hasText: w.yourTurn });
    await expect(yours.locator('.step-status')).toHaveText(w.waiting);
    await page.screenshot({ path: testInfo.outputPath(`form-handover-${lang}.png`), fullPage: true });
    await card.getByRole('button', { name: w.reject, exact: true }).click();
    await expect(card).toBeHidden();
  });
}
