import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { siteUrls } from './support/world.ts';

/** The one-time codes the shop fixture has sent to the phone (its SMS inbox): the world's record of send_otp. */
async function smsCount(page: Page): Promise<number> {
  const res = await page.request.get(`${siteUrls().account}/api/sms?phone=01022223333`);
  return ((await res.json()) as { messages: unknown[] }).messages.length;
}

for (const lang of ['en', 'ko'] as const) {
  test(`laboratory (${lang}): the same question through legacy, domain_agent and orchestrator, compared turn by turn`, async ({
    page,
  }, testInfo) => {
    const t =
      lang === 'en'
        ? {
            logs: 'Logs',
            tab: 'Laboratory',
            question: 'Question',
            followUps: 'Follow-up lines (one per line)',
            run: 'Compare',
            ask: 'I want a refund for my order',
          }
        : { logs: '로그', tab: '실험실', question: '질문', followUps: '이어지는 말 (한 줄에 하나)', run: '비교하기', ask: '환불해 주세요' };
    await page.goto(`/?lang=${lang}`);
    await page.getByRole('button', { name: t.tab, exact: true }).click();
    await expect(page.getByRole('heading', { name: t.tab, exact: true })).toBeVisible();
    const before = await smsCount(page);
    await page.getByLabel(t.question).fill(t.ask);
    await page.getByLabel(t.followUps).fill('010-2222-3333');
    await page.getByRole('button', { name: t.run }).click();

    const result = page.getByTestId('lab-result');
    await expect(result).toBeVisible({ timeout: 60_000 });
    const turns = result.getByTestId('lab-turn');
    await expect(turns).toHaveCount(2);
    // each route answered each turn under a turn_id of its own
    const ids = await result.locator('[data-turn-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-turn-id')));
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    // the one-shot pipeline lists what the message lacks; the conversational routes ask for the phone, then send a code
    await expect(turns.nth(0).getByTestId('lab-legacy').getByTestId('lab-reply')).toContainText('phone, otp, order_id');
    await expect(turns.nth(1).getByTestId('lab-orchestrator').getByTestId('lab-reply')).toContainText('010-****-3333');
    await expect(turns.nth(0).getByTestId('lab-differences')).toContainText('orchestrator.flowState');
    // the shop really received two code requests (domain_agent and orchestrator), none from legacy
    expect((await smsCount(page)) - before).toBe(2);
    await expectAccessible(page, `laboratory (${lang})`);
    await page.screenshot({ path: testInfo.outputPath(`lab-${lang}.png`), fullPage: true });

    // the orchestrator's session in the log explorer: the goal in the person's words, the intent and the slots it wrote
    await page.getByRole('button', { name: t.logs, exact: true }).click();
    await page.getByTestId('session-item').filter({ hasText: t.ask }).first().click();
    const records = page.getByTestId('session-records');
    await expect(records.getByTestId('records-goal')).toContainText(t.ask);
    await expect(records.getByTestId('records-intents')).toContainText('RefundCancel');
    await expect(records.getByTestId('records-slots')).toContainText('phone');
    await expect(records.getByTestId('records-slots')).not.toContainText('2222');
  });
}
