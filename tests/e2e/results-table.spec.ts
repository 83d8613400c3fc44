import { expect, type Locator, test } from '@playwright/test';
import { expectAccessible } from './support/axe.ts';
import { lastReply, say } from './support/world.ts';

/** Results side by side: a table in the person's language, and how much more each costs than the cheapest. */
const won = (s: string) => Number(s.replace(/[^\d]/g, ''));

/** Each row's amount in a money column (the first line of its cell) and the difference written under it. */
async function amountsAndDifferences(table: Locator, column: string): Promise<Array<{ amount: number; diff: string }>> {
  const cells = table.locator(`tbody td[data-column="${column}"]`);
  const out: Array<{ amount: number; diff: string }> = [];
  for (const cell of await cells.all()) {
    const diff = (await cell.getByTestId('results-difference').textContent()) ?? '';
    const all = (await cell.textContent()) ?? '';
    out.push({ amount: won(all.slice(0, all.length - diff.length)), diff });
  }
  return out;
}

for (const lang of ['en', 'ko'] as const) {
  const t =
    lang === 'en'
      ? { ask: 'compare prices for AirPods Pro 2', total: 'Total', diff: 'Compared with the cheapest', cheapest: 'cheapest', more: /more$/ }
      : { ask: '에어팟 프로 2 가격 비교해줘', total: '합계', diff: '최저가와 차이', cheapest: '최저가', more: /더 비쌈$/ };
  test(`${lang}: a price comparison shows the shops side by side with the difference stated`, async ({ page }, testInfo) => {
    await page.goto(`/?lang=${lang}`);
    await say(page, t.ask);
    await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE');
    const table = lastReply(page).getByTestId('results-table');
    await expect(table).toBeVisible();
    await expect(table.locator('thead th[data-column="total"]')).toHaveText(`${t.total}${t.diff}`);
    const rows = await amountsAndDifferences(table, 'total');
    expect(rows.length).toBeGreaterThan(1);
    const cheapest = Math.min(...rows.map((r) => r.amount));
    for (const { amount, diff } of rows) {
      if (amount === cheapest) expect(diff).toBe(t.cheapest);
      else {
        expect(diff).toMatch(t.more);
        expect(won(diff)).toBe(amount - cheapest);
      }
    }
    // every column is on screen: nothing hides behind a sideways scroll
    await expect(table.getByTestId('results-difference').last()).toBeInViewport({ ratio: 1 });
    await expectAccessible(page, `results table (${lang})`);
    await page.screenshot({ path: testInfo.outputPath(`results-shopping-${lang}.png`), fullPage: true });
  });
}

test('ko: flights as a table with Korean headers', async ({ page }, testInfo) => {
  await page.goto('/?lang=ko');
  await say(page, '12월 20일 인천에서 나리타 가는 직항 찾아줘');
  const table = lastReply(page).getByTestId('results-table');
  await expect(table).toBeVisible();
  await expect(table.locator('thead')).toContainText('항공사');
  await expect(table.locator('thead')).toContainText('가격');
  await expect(table.locator('tbody')).toContainText('직항');
  await page.screenshot({ path: testInfo.outputPath('results-flights-ko.png'), fullPage: true });
});
