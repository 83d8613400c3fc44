import { expect, type Page, test } from '@playwright/test';
import { lastReply, say, siteUrls } from './support/world.ts';

// The refund flow end to end, in both languages, for a person with several orders: the shop's
// records (its /__state) are the oracle for what the app says it filed.
const PHONE = '010-1234-5678';

interface ShopState {
  orders: Array<{ order_id: string; status: string; total: number }>;
  tickets: Array<{ ticket_id: string; order_id: string }>;
}
const shopState = async (page: Page) => (await (await page.request.get(`${siteUrls().account}/__state`)).json()) as ShopState;

/** The person reads the newest one-time code from their phone (the shop fixture's SMS inbox). */
async function readOtp(page: Page): Promise<string> {
  const res = await page.request.get(`${siteUrls().account}/api/sms?phone=${PHONE.replace(/\D/g, '')}`);
  const { messages } = (await res.json()) as { messages: Array<{ code: string }> };
  expect(messages[0]?.code, 'an OTP was sent').toBeTruthy();
  return messages[0]?.code as string;
}

for (const lang of ['ko', 'en'] as const) {
  const words =
    lang === 'ko'
      ? { ask: '환불해 주세요', pick: '2번', approve: '승인', card: '승인 필요' }
      : { ask: 'I want a refund for my order', pick: 'the second one', approve: 'Approve', card: 'Approval needed' };

  test(`${lang}: a refund with several orders lists them in the person's words and ends with the ticket the shop filed`, async ({
    page,
  }, testInfo) => {
    await page.goto(`/?lang=${lang}`);
    await say(page, words.ask);
    await say(page, PHONE);
    await say(page, await readOtp(page));
    // the list: each order's status in the person's language, not the shop API's word for it
    const list = lastReply(page);
    await expect(list).toContainText('ORD-20261118-0001');
    if (lang === 'ko') {
      await expect(list).toContainText('상품 준비 중');
      await expect(list).not.toContainText(/\((paid|preparing|delivered|shipped)\)/);
    } else {
      await expect(list).toContainText('(preparing)');
    }
    await page.screenshot({ path: testInfo.outputPath(`refund-1-orders-${lang}.png`), fullPage: true });

    await say(page, words.pick);
    const card = page.getByRole('alertdialog', { name: words.card });
    await expect(card).toBeVisible();
    const order = (await shopState(page)).orders.find((o) => o.order_id === 'ORD-20261118-0001');
    // the amount the shop says was paid, as money in the person's language
    const paid = lang === 'ko' ? `${order?.total.toLocaleString('ko-KR')}원` : `₩${order?.total.toLocaleString('en-US')}`;
    await expect(card).toContainText(paid);
    await expect(card).not.toContainText(lang === 'ko' ? /\((paid|preparing)\)/ : /\d원/);
    // the card has buttons: it does not also ask to type yes or no (the reply does, for those who type)
    await expect(card.getByTestId('approval-action')).not.toContainText(lang === 'ko' ? '"네"' : '"yes"');
    await expect(lastReply(page)).toContainText(lang === 'ko' ? '"네"' : '"yes"');
    // the refund is filed through the shop's own tools: there is no browser step to take over
    await expect(card.getByRole('button', { name: lang === 'ko' ? '직접 하기' : 'Take over' })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`refund-2-approval-${lang}.png`), fullPage: true });
    const before = (await shopState(page)).tickets.length;
    await card.getByRole('button', { name: words.approve, exact: true }).click();
    await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE');

    const tickets = (await shopState(page)).tickets;
    expect(tickets).toHaveLength(before + 1);
    const filed = tickets.at(-1);
    expect(filed?.order_id).toBe('ORD-20261118-0001');
    await expect(lastReply(page)).toContainText(String(filed?.ticket_id));
    // a Korean sentence never ends in a particle guessed wrong after a number ("TCK-00001예요")
    await expect(lastReply(page)).not.toContainText(/\d(예요|는|를|가)\b/);
    await page.screenshot({ path: testInfo.outputPath(`refund-3-done-${lang}.png`), fullPage: true });
  });
}
