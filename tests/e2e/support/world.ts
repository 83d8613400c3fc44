import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

export const E2E_HOME = 'test-results/e2e-home';

/** The fixture sites the E2E host was started with (written by serve-with-fixtures.ts). */
export function siteUrls(): Record<'flights' | 'hotels' | 'shopA' | 'shopB' | 'form' | 'account' | 'hostile', string> {
  return JSON.parse(readFileSync(join(E2E_HOME, 'sites.json'), 'utf8'));
}

/** Types into the chat and sends; waits until the engine has answered (a new assistant message). */
export async function say(page: Page, text: string): Promise<void> {
  const replies = page.getByTestId('msg-assistant');
  const before = await replies.count();
  await page.locator('#chat-text').fill(text);
  await page.locator('#chat-text').press('Enter');
  await expect(replies).toHaveCount(before + 1, { timeout: 60_000 });
}

/** The last reply of the engine. */
export function lastReply(page: Page) {
  return page.getByTestId('msg-assistant').last();
}
