import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { lastReply, say } from './support/world.ts';

/**
 * The small things a person notices, at a 1024 px wide window: links instead of raw addresses, the
 * placeholder fits its field, bubbles never overflow, the stage label follows a running plan, focus
 * moves to a new approval card, and the Korean screen shows no plan ids, English statuses,
 * "[REDACTED]" or "true".
 */
test.use({ viewport: { width: 1024, height: 768 } });

const LONG = 'https://example.com/a/very/long/path/that/does/not/break/anywhere/by/itself/0123456789abcdefghijklmnopqrstuvwxyz';

/** Whether the placeholder's text is wider than the field's content box (drawn with the field's font). */
async function placeholderCut(page: Page): Promise<boolean> {
  return page.locator('#chat-text').evaluate((el) => {
    const input = el as HTMLInputElement;
    const cs = getComputedStyle(input);
    const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = input.clientWidth - Number.parseFloat(cs.paddingLeft) - Number.parseFloat(cs.paddingRight);
    return ctx.measureText(input.placeholder).width > room;
  });
}

/** Every bubble whose content is wider than the bubble. */
async function overflowing(page: Page): Promise<number> {
  return page.locator('.msg').evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).length);
}

for (const lang of ['ko', 'en'] as const) {
  test(`${lang}: links, placeholder, bubbles at 1024 px`, async ({ page }, testInfo) => {
    await page.goto(`/?lang=${lang}`);
    expect(await placeholderCut(page)).toBe(false);
    await say(page, `${lang === 'ko' ? '이 페이지 봐줘' : 'look at this page'} ${LONG}`);
    await expect(page.getByTestId('msg-user').last().getByRole('link', { name: LONG })).toHaveAttribute('href', LONG);
    expect(await overflowing(page)).toBe(0);
    await page.screenshot({ path: testInfo.outputPath(`small-1024-${lang}.png`), fullPage: true });
  });
}

test('en: while a plan runs the stage label says so, never "asking what is missing"', async ({ page }) => {
  await page.goto('/?lang=en');
  // every (stage label, plan status) pair the screen shows, recorded as it changes
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => {
      const stage = document.querySelector('[data-testid=stage]')?.getAttribute('data-shown');
      const plan = document.querySelector('[data-testid=plan-status]')?.className ?? '';
      seen.push(`${stage}|${plan}`);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  await say(page, 'I need a flight to Tokyo Narita');
  await say(page, 'from Incheon');
  await say(page, 'on 20 Dec');
  await expect(lastReply(page)).toContainText('ICN → NRT');
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  const running = seen.filter((s) => s.endsWith('running'));
  expect(running.length).toBeGreaterThan(0);
  expect(running.filter((s) => !s.startsWith('EXECUTING|'))).toEqual([]);
});

test('ko: plain Korean on the work screen, and the focus moves to a new approval card', async ({ page }, testInfo) => {
  await page.goto('/?lang=ko');
  await say(page, '12월 20일 인천에서 나리타 가는 직항 찾아줘');
  await expect(page.getByTestId('plan-status')).toHaveText('완료');
  const steps = page.getByTestId('step');
  // no plan ids ("flights.open_results: navigate") or English words in the steps
  for (const title of await steps.locator('.step-title').allTextContents()) {
    expect(title).not.toMatch(/^[\w.]+:\s*\w+$/);
    expect(title).not.toMatch(/\b(navigate|wait|extract|click|fill|select)\b/);
  }
  // a yes/no slot reads as words, not "true"
  await expect(page.getByTestId('slot-chip').filter({ hasText: /\btrue\b|\bfalse\b/ })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('plain-korean-flight-ko.png'), fullPage: true });

  await page.getByRole('button', { name: '새 대화' }).click();
  await say(page, '비자 신청서 채워줘');
  const card = page.getByTestId('approval-card');
  await expect(card).toBeVisible();
  await expect(card).toBeFocused();
  const rule = card.getByTestId('approval-rule');
  await expect(rule).not.toContainText(/hand over|approval\)|submission/);
  await expect(page.locator('body')).not.toContainText('[REDACTED]');
  await expectAccessible(page, 'approval card focused (ko)');
  await page.screenshot({ path: testInfo.outputPath('approval-focused-ko.png'), fullPage: true });
  await page.getByTestId('plan-cancel').click();
});
