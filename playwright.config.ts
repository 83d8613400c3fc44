import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';
import { chromiumFlags, findChromium } from './src/main/browser/chromium-path.ts';

const executablePath = findChromium();
const E2E_PORT = Number(process.env.E2E_PORT ?? 4179);
/** The host's data folder (store, settings) for one E2E run; emptied before the host starts. */
const E2E_HOME = 'test-results/e2e-home';
/**
 * The host is locked by a secret (as `npm run serve` is). The runner makes one and hands it to the
 * host as STEWARD_HOST_SECRET; the workers re-read this file and inherit it, and every page starts
 * with the cookie the host sets on the first load of its tokened URL.
 */
process.env.STEWARD_HOST_SECRET ||= randomBytes(24).toString('base64url');
const HOST_SECRET = process.env.STEWARD_HOST_SECRET;

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
    storageState: {
      cookies: [
        {
          name: `steward_host_${E2E_PORT}`,
          value: HOST_SECRET,
          domain: '127.0.0.1',
          path: '/',
          expires: -1,
          httpOnly: true,
          secure: false,
          sameSite: 'Strict',
        },
      ],
      origins: [],
    },
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: chromiumFlags({ userDataDir: '' }).filter((f) => !f.startsWith('--user-data-dir') && !f.startsWith('--headless')),
    },
  },
  // The headless host (startHost, as `npm run serve`) on the renderer built by `npm run build` (scripts/test.ts builds
  // first), with the fixture sites and the shop MCP twin; see tests/e2e/support/serve-with-fixtures.ts.
  webServer: {
    command: `rm -rf ${E2E_HOME} && node tests/e2e/support/serve-with-fixtures.ts`,
    env: { PORT: String(E2E_PORT), STEWARD_HOME: E2E_HOME, STEWARD_HOST_SECRET: HOST_SECRET },
    url: `http://127.0.0.1:${E2E_PORT}/`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
