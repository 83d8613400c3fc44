import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserToolContext } from '../../../src/main/browser/context.ts';
import { BrowserDriver } from '../../../src/main/browser/driver.ts';
import { runBrowserTool } from '../../../src/main/browser/tools/index.ts';
import { launchWithPort } from './conformance.ts';
import { type Harness, startHarness } from './harness.ts';

describe('BrowserDriver.connect: a running browser over its WebSocket endpoint', () => {
  let h: Harness;
  let running: Awaited<ReturnType<typeof launchWithPort>>;
  beforeAll(async () => {
    h = await startHarness();
    running = await launchWithPort();
  });
  afterAll(async () => {
    await running?.browser.session.close();
    await h?.close();
  });

  it('drives pages of a browser it did not start, and leaves that browser running on close', async () => {
    const driver = await BrowserDriver.connect(`ws://127.0.0.1:${running.port}${running.browserPath}`);
    const ctx: BrowserToolContext = { driver, artifactsDir: '/tmp', timeoutMs: 15_000 };
    try {
      expect(driver.pages().length).toBeGreaterThan(0); // the browser's existing tab
      await runBrowserTool(ctx, 'new_page', { url: `${h.site.url}/form.html` });
      const snap = (await runBrowserTool(ctx, 'take_snapshot', {})).data.snapshot as string;
      const uid = h.uidOf(snap, 'textbox "From"');
      await runBrowserTool(ctx, 'fill', { uid, value: 'over a socket' });
      const r = await runBrowserTool(ctx, 'evaluate_script', { function: '() => document.getElementById("from").value' });
      expect(r.data.result).toBe('over a socket');
    } finally {
      await driver.close();
    }
    expect(running.browser.session.connected).toBe(true);
    const { targetInfos } = await running.browser.session.send('Target.getTargets');
    expect(targetInfos.some((t) => t.url.endsWith('/form.html'))).toBe(true);
  });
});
