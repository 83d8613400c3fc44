import { _electron as electron, expect, test } from '@playwright/test';
import { electronBinary } from './support/electron-binary.ts';

const bin = electronBinary();
test.skip(!bin, 'No Electron binary here (node_modules/electron/dist is not installed); these run where one exists.');

// biome-ignore lint/correctness/noEmptyPattern: Playwright requires a destructured first argument
test('the desktop window exposes only the typed API and runs isolated, sandboxed, without Node', async ({}, testInfo) => {
  const app = await electron.launch({ executablePath: bin as string, args: ['.'] });
  try {
    const win = await app.firstWindow();
    await expect(win.getByRole('heading', { name: 'Steward' })).toBeVisible();
    expect(await win.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(await win.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
    expect(await win.evaluate(() => Object.keys(window.steward ?? {}).sort())).toEqual(['invoke', 'on', 'transport']);
    const bad = await win.evaluate(() => window.steward?.invoke('logs.events' as never, { limit: 'all' } as never));
    expect(bad).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR' } });
    // every web contents (app window and the embedded browser view): no Node globals, sandboxed
    const globals = await app.evaluate(async ({ webContents }) =>
      Promise.all(
        webContents
          .getAllWebContents()
          .map((wc) => wc.executeJavaScript('[typeof require, typeof process, typeof module].join()') as Promise<string>),
      ),
    );
    expect(globals.length).toBeGreaterThanOrEqual(2);
    for (const g of globals) expect(g).toBe('undefined,undefined,undefined');
    await win.screenshot({ path: testInfo.outputPath('electron-window.png') });
  } finally {
    await app.close();
  }
});
