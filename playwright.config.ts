import { defineConfig } from '@playwright/test';
import { chromiumFlags, findChromium } from './src/main/browser/chromium-path.ts';

const executablePath = findChromium();
const E2E_PORT = Number(process.env.E2E_PORT ?? 4179);
/** The host's data folder (store, settings) for one E2E run; emptied before the host starts. */
const E2E_HOME = 'test-results/e2e-home';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    screenshot: 'on',
    trace: 'retain-on-failure',
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: chromiumFlags({ userDataDir: '' }).filter((f) => !f.startsWith('--user-data-dir') && !f.startsWith('--headless')),
    },
  },
  // The headless host (startHost, as `npm run serve`) on the renderer built by `npm run build` (scripts/test.ts builds
  // first), with the fixture sites and the shop MCP twin; see tests/e2e/support/serve-with-fixtures.ts.
  webServer: {
    command: `rm -rf ${E2E_HOME} && node tests/e2e/support/serve-with-fixtures.ts`,
    env: { PORT: String(E2E_PORT), STEWARD_HOME: E2E_HOME },
    url: `http://127.0.0.1:${E2E_PORT}/`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
