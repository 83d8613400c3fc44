import { expect, type Page, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { lastReply, say, siteUrls } from './support/world.ts';

const PHONE = '010-2222-3333';

/** The person reads the one-time code from their phone (the shop fixture's SMS inbox). */
async function readOtp(page: Page): Promise<string> {
  const res = await page.request.get(`${siteUrls().account}/api/sms?phone=01022223333`);
  const { messages } = (await res.json()) as { messages: Array<{ code: string }> };
  const code = messages[0]?.code;
  expect(code, 'an OTP was sent').toBeTruthy();
  return code as string;
}

async function upToApproval(page: Page, address: string): Promise<void> {
  await say(page, '배송지 바꿔줘');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'CHAT_COLLECTING');
  await say(page, PHONE);
  await expect(lastReply(page)).toContainText('010-****-3333');
  await say(page, await readOtp(page));
  await say(page, address);
}

test('ko: the order-change flow with OTP stops for approval, shows before/after, and succeeds when approved', async ({
  page,
}, testInfo) => {
  await page.goto('/?lang=ko');
  await upToApproval(page, '서울 강남구 테헤란로 152로 바꿔주세요');
  const card = page.getByRole('alertdialog', { name: '승인 필요' });
  await expect(card).toBeVisible();
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'AWAITING_APPROVAL');
  await expect(card.getByTestId('approval-action')).toContainText('ORD-20261115-0004');
  await expect(card.getByRole('row', { name: /배송지/ })).toContainText('판교역로 166');
  await expect(card.getByRole('row', { name: /배송지/ })).toContainText('테헤란로 152');
  await expect(card.getByTestId('approval-rule')).not.toBeEmpty();
  await expectAccessible(page, 'approval card (ko)');
  await page.screenshot({ path: testInfo.outputPath('order-approval-ko.png'), fullPage: true });

  // nothing proceeds without the click
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'AWAITING_APPROVAL');
  await card.getByRole('button', { name: '승인' }).click();
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE');
  await expect(card).toBeHidden();
  await expect(lastReply(page)).toContainText('테헤란로 152');
  const state = (await (await page.request.get(`${siteUrls().account}/__state`)).json()) as {
    orders: Array<{ order_id: string; shipping: { address1: string } }>;
  };
  expect(state.orders.find((o) => o.order_id === 'ORD-20261115-0004')?.shipping.address1).toContain('테헤란로 152');
  await page.screenshot({ path: testInfo.outputPath('order-done-ko.png'), fullPage: true });
});

test('en UI: a rejected approval changes nothing and says so', async ({ page }, testInfo) => {
  await page.goto('/?lang=en');
  await upToApproval(page, '세종대로 110으로 바꿔주세요');
  const card = page.getByRole('alertdialog', { name: 'Approval needed' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('row', { name: /Shipping address/ })).toContainText('세종대로 110');
  await page.screenshot({ path: testInfo.outputPath('order-approval-en.png'), fullPage: true });
  await card.getByTestId('approval-reason').fill('Wrong building number');
  await card.getByRole('button', { name: 'Reject' }).click();
  await expect(card).toBeHidden();
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE');
  // the conversation was in Korean: the refusal is said in Korean with the person's own reason
  await expect(lastReply(page)).toContainText('바꾸지 않았어요');
  await expect(lastReply(page)).toContainText('(사유: Wrong building number)');
  // the shop still has the address from before (the first test changed it to 테헤란로 152)
  const state = (await (await page.request.get(`${siteUrls().account}/__state`)).json()) as {
    orders: Array<{ order_id: string; shipping: { address1: string } }>;
  };
  const order = state.orders.find((o) => o.order_id === 'ORD-20261115-0004');
  expect(order?.shipping.address1).toBeTruthy();
  expect(order?.shipping.address1).not.toContain('세종대로 110');
  await page.screenshot({ path: testInfo.outputPath('order-rejected-en.png'), fullPage: true });
});
