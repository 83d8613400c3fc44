import { expect, type Page, test } from '@playwright/test';
import { type ElsewhereSites, startElsewhereSites } from '../fixtures/sites/elsewhere/server.ts';
import { lastReply, say } from './support/world.ts';

// The four browse packs on sites they have no recipe for (pages written apart from the recipe
// fixtures, served by this test): the person saves the site in Settings or says its address, the
// agent loop works the site's own form, and what the person is told is what the page shows. The
// form's submission waits for the approval card; the site's request log is the oracle.

let sites: ElsewhereSites;
test.beforeAll(async () => {
  sites = await startElsewhereSites();
});
test.afterAll(async () => {
  await sites?.close();
});

/** Adds one site for a task in Settings (ko or en labels) and saves. */
async function saveSite(page: Page, ko: boolean, task: string, name: string, url: string): Promise<void> {
  await page.getByRole('button', { name: ko ? '설정' : 'Settings', exact: true }).click();
  const editor = page.getByTestId('sites-editor');
  await editor.getByRole('combobox', { name: ko ? '작업별 사이트' : 'Sites per task' }).selectOption({ label: task });
  await editor.getByLabel(ko ? '사이트 이름' : 'Site name').fill(name);
  await editor.getByLabel(ko ? '주소 (https://…)' : 'Address (https://…)').fill(url);
  await editor.getByRole('button', { name: ko ? '사이트 추가' : 'Add site' }).click();
  await expect(editor.getByRole('region', { name: task })).toContainText(name);
  await page.getByRole('button', { name: ko ? '설정 저장' : 'Save settings', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: ko ? '저장했습니다.' : 'Saved.' })).toBeVisible();
  await page.getByRole('button', { name: ko ? '작업' : 'Work', exact: true }).click();
}

/** Removes every saved site (each test starts from none), and waits for the save. */
async function clearSites(page: Page, ko: boolean): Promise<void> {
  await page.getByRole('button', { name: ko ? '설정' : 'Settings', exact: true }).click();
  const editor = page.getByTestId('sites-editor');
  const remove = editor.getByRole('button', { name: new RegExp(`^${ko ? '삭제' : 'Remove'} `) });
  // the saved sites show once the settings have loaded: counting before that found none, removed
  // nothing, and left the site saved for the next spec (flights.spec then searched a closed server)
  await expect(remove.first()).toBeVisible();
  while ((await remove.count()) > 0) await remove.first().click();
  await page.getByRole('button', { name: ko ? '설정 저장' : 'Save settings', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: ko ? '저장했습니다.' : 'Saved.' })).toBeVisible();
  await page.getByRole('button', { name: ko ? '작업' : 'Work', exact: true }).click();
}

test('ko flights: a site saved in Settings with no recipe is searched through its own form', async ({ page }, testInfo) => {
  await page.goto('/?lang=ko');
  await saveSite(page, true, '항공권', 'JetPath 임시', 'https://jetpath.invalid/');
  // the person corrects the saved site: edit puts it back in the form, the change replaces it
  await page.getByRole('button', { name: '설정', exact: true }).click();
  const editor = page.getByTestId('sites-editor');
  await editor.getByRole('button', { name: '수정 JetPath 임시' }).click();
  await editor.getByLabel('사이트 이름').fill('JetPath');
  await editor.getByLabel('주소 (https://…)').fill(`${sites.url}/jetpath/`);
  await editor.getByRole('button', { name: '수정 저장' }).click();
  await expect(editor.getByRole('region', { name: '항공권' })).toContainText(`${sites.url}/jetpath/`);
  await expect(editor.getByRole('region', { name: '항공권' })).not.toContainText('jetpath.invalid');
  await page.screenshot({ path: testInfo.outputPath('any-flights-settings-ko.png'), fullPage: true });
  await page.getByRole('button', { name: '설정 저장', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '저장했습니다.' })).toBeVisible();
  await page.getByRole('button', { name: '작업', exact: true }).click();
  await say(page, '12월 20일 인천에서 오사카 가는 항공권 찾아줘');
  await expect(lastReply(page)).toContainText('Blue Crane');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE');
  const search = sites.requests.find((q) => q.path === '/jetpath/fares');
  expect(search?.query.day).toBe('2026-12-20');
  // the cheapest fare the page shows (KRW 164,000) comes first
  await expect(lastReply(page)).toContainText('164,000원');
  await page.screenshot({ path: testInfo.outputPath('any-flights-ko.png'), fullPage: true });
  await clearSites(page, true);
});

test('en hotels: the address said in the request is the site', async ({ page }, testInfo) => {
  await page.goto('/?lang=en');
  await say(page, `find hotels in Osaka from December 20 to December 22 on ${sites.url}/nestly/`);
  await expect(lastReply(page)).toContainText('Shinsekai Corner Hostel');
  await expect(lastReply(page)).toContainText('₩41,000');
  await expect(lastReply(page)).not.toContainText(/\d원/);
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE');
  expect(sites.requests.find((q) => q.path === '/nestly/stays')?.query).toMatchObject({ ci: '2026-12-20', co: '2026-12-22' });
  await page.screenshot({ path: testInfo.outputPath('any-hotels-en.png'), fullPage: true });
});

test('ko hotels: the address said in the request is the site, and the answer is in Korean', async ({ page }, testInfo) => {
  await page.goto('/?lang=ko');
  await say(page, `${sites.url}/nestly/ 에서 오사카 호텔 12월 20일부터 12월 22일까지 찾아줘`);
  await expect(lastReply(page)).toContainText('Shinsekai Corner Hostel');
  await expect(lastReply(page)).toContainText('41,000원');
  await expect(lastReply(page)).not.toContainText('/night');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE');
  // the steps the agent took read in Korean, naming the page's own fields ("“Check-in 체크인” 입력"), not the log's lines
  const titles = await page.getByTestId('step').locator('.step-title').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) expect(title).not.toMatch(/^(type|fill|click|select) "|—|←/);
  expect(titles).toContain('“Check-in 체크인” 입력');
  // a stay is one name column, not the same name under airline, name and product
  const headers = await lastReply(page).getByTestId('results-table').locator('thead th').allTextContents();
  expect(headers.join('|')).not.toMatch(/항공사|상품/);
  await page.screenshot({ path: testInfo.outputPath('any-hotels-ko.png'), fullPage: true });
});

test('ko shopping: a shop said in the request, compared with shipping included', async ({ page }, testInfo) => {
  await page.goto('/?lang=ko');
  await say(page, `${sites.url}/bazaar/ 에서 소니 WH-1000XM5 가격 비교해줘`);
  await expect(lastReply(page)).toContainText('415,000원');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE');
  await page.screenshot({ path: testInfo.outputPath('any-shopping-ko.png'), fullPage: true });
});

test('en forms: a saved form is filled from the profile and sent only after the approval card', async ({ page }, testInfo) => {
  const posts = () => sites.requests.filter((q) => q.method === 'POST' && q.path === '/permit/submit');
  await page.goto('/?lang=en');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const profiles = page.getByRole('group', { name: 'Form profiles (non-sensitive fields)' });
  await profiles.getByLabel('Profile name').fill('default');
  await profiles
    .getByLabel('Fields (one per line, name=value)')
    .fill(['surname=PARK', 'given_names=JIWOO', 'email=jiwoo@example.com'].join('\n'));
  await profiles.getByRole('button', { name: 'Add profile' }).click();
  await page.getByRole('button', { name: 'Save settings', exact: true }).click();
  await page.getByRole('button', { name: 'Work', exact: true }).click();
  await saveSite(page, false, 'Forms', 'Parking permit', `${sites.url}/permit/`);

  await say(page, 'fill in the parking permit application with my profile');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'AWAITING_APPROVAL');
  const card = page.getByRole('alertdialog');
  await expect(card.getByTestId('approval-action')).toContainText('Apply');
  expect(posts()).toHaveLength(0);
  await page.screenshot({ path: testInfo.outputPath('any-forms-approval-en.png'), fullPage: true });
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('stage')).toHaveAttribute('data-stage', 'DONE', { timeout: 60_000 });
  await expect(lastReply(page)).toContainText('PK-20417');
  expect(posts()).toHaveLength(1);
  expect(posts()[0]?.body).toMatchObject({ fam: 'PARK', giv: 'JIWOO', mail: 'jiwoo@example.com' });
  await page.screenshot({ path: testInfo.outputPath('any-forms-en.png'), fullPage: true });
  await clearSites(page, false);
  // the profile goes too: later specs choose their own
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await profiles.getByRole('button', { name: /^Remove default/ }).click();
  await page.getByRole('button', { name: 'Save settings', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
});
