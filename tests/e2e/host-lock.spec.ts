import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_HOME } from './support/world.ts';

const savedMcpNames = () =>
  (JSON.parse(readFileSync(join(E2E_HOME, 'settings.json'), 'utf8')) as { mcpServers: Array<{ name: string }> }).mcpServers.map(
    (m) => m.name,
  );

test('a browser without the host secret gets nothing; the tokened URL lets it in', async ({ browser, baseURL }) => {
  const stranger = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const page = await stranger.newPage();
    const res = await page.goto('/?lang=en');
    expect(res?.status()).toBe(401);
    await expect(page.getByText(/open the URL printed by `npm run serve`/)).toBeVisible();
    // the URL the host prints (with ?token=) sets the cookie; the app then loads and connects
    await page.goto(`${baseURL}/?token=${process.env.STEWARD_HOST_SECRET}&lang=en`);
    await expect(page).toHaveURL(/\/\?lang=en$/);
    await expect(page.getByRole('button', { name: 'Settings', exact: true })).toBeVisible();
  } finally {
    await stranger.close();
  }
});

test('an MCP command is saved only after the person saw it and confirmed it (en + ko)', async ({ page }) => {
  await page.goto('/?lang=en');
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByTestId('mcp-notice')).toContainText('runs that command on this computer');
  const mcp = page.getByRole('group', { name: 'External MCP servers' });
  await mcp.getByLabel('Name').fill('probe');
  await mcp.getByLabel('Command or URL').fill('echo steward-e2e-probe');
  await mcp.getByRole('button', { name: 'Add server' }).click();
  await page.getByRole('button', { name: 'Save settings', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Run this command on this computer (MCP server probe)');
  await expect(dialog.locator('code')).toHaveText('echo steward-e2e-probe');
  expect(savedMcpNames()).not.toContain('probe');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(savedMcpNames()).not.toContain('probe');

  await page.getByRole('button', { name: 'Save settings', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'I trust this — save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect(savedMcpNames()).toContain('probe');

  // in Korean the same notice; removing the server needs no confirmation
  await page.getByRole('button', { name: '한국어' }).click();
  await expect(page.getByTestId('mcp-notice')).toContainText('이 컴퓨터에서 사용자 권한으로 그 명령을 실행합니다');
  await page.getByRole('button', { name: /^삭제 probe/ }).click();
  await page.getByRole('button', { name: '설정 저장', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '저장했습니다.' })).toBeVisible();
  expect(savedMcpNames()).not.toContain('probe');
});
