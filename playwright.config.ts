import { defineConfig } from '@playwright/test';
import { chromiumFlags, findChromium } from './src/main/browser/chromium-path.ts';

const executablePath = findChromium();
const E2E_PORT = Number(process.env.E2E_PORT ?? 4179);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: chromiumFlags({ userDataDir: '' }).filter((f) => !f.startsWith('--user-data-dir') && !f.startsWith('--headless')),
    },
  },
  webServer: {
    command: `npx vite preview --outDir ../../out/renderer --port ${E2E_PORT} --strictPort --host 127.0.0.1 src/renderer`,
    url: `http://127.0.0.1:${E2E_PORT}`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
