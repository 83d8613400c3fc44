import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { lastReply, say } from './support/world.ts';

/**
 * Conversations are kept: a reload shows the same conversation, and earlier ones are listed by what
 * the person asked and reopen with their messages.
 */
const T = {
  ko: { first: '배송지 바꿔줘', second: '서울 호텔 찾아줘', newChat: '새 대화', history: /지난 대화/ },
  en: {
    first: 'change my delivery address',
    second: 'find me a hotel in Seoul',
    newChat: 'New conversation',
    history: /Earlier conversations/,
  },
} as const;

for (const lang of ['ko', 'en'] as const) {
  const t = T[lang];
  test(`${lang}: a conversation survives a reload, and an earlier one is listed and reopens`, async ({ page }, testInfo) => {
    await page.goto(`/?lang=${lang}`);
    await say(page, t.first);
    const firstReply = (await lastReply(page).locator('p').textContent()) ?? '';
    expect(firstReply).not.toBe('');

    await page.reload();
    await expect(page.getByTestId('msg-user')).toHaveText(new RegExp(t.first));
    await expect(lastReply(page)).toContainText(firstReply);

    await page.getByRole('button', { name: t.newChat }).click();
    await expect(page.getByTestId('msg-user')).toHaveCount(0);
    await say(page, t.second);
    await page.getByText(t.history).click();
    const items = page.getByTestId('conversation-item');
    await expect(items.filter({ hasText: t.first })).toHaveCount(1);
    await expect(items.filter({ hasText: t.second })).toHaveCount(1);
    await expectAccessible(page, `conversation list (${lang})`);
    await page.screenshot({ path: testInfo.outputPath(`conversations-list-${lang}.png`), fullPage: true });

    await items.filter({ hasText: t.first }).click();
    await expect(page.getByTestId('msg-user')).toHaveText(new RegExp(t.first));
    await expect(lastReply(page)).toContainText(firstReply);
    await page.screenshot({ path: testInfo.outputPath(`conversations-reopened-${lang}.png`), fullPage: true });
  });
}
