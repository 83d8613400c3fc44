import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ElectronDebuggerSession } from '../../../src/main/app/debugger-adapter.ts';
import type { BrowserToolContext } from '../../../src/main/browser/context.ts';
import { BrowserDriver } from '../../../src/main/browser/driver.ts';
import { installPageServices } from '../../../src/main/browser/page-services.ts';
import type { CdpSession } from '../../../src/main/browser/port.ts';
import { runBrowserTool } from '../../../src/main/browser/tools/index.ts';
import { launchChromium } from '../../../src/main/browser/transport/launch.ts';
import { connectWebSocket } from '../../../src/main/browser/transport/websocket.ts';
import { launchShimmedBrowser } from '../../helpers/electron-debugger-shim.ts';
import { type StaticServer, serveFolder } from '../../helpers/static-server.ts';
import { launchWithPort } from './conformance.ts';

/** The same driver operations through BrowserDriver.attach(cdp) over each adapter. */
function driverSuite(name: string, connect: () => Promise<{ cdp: CdpSession; dispose(): Promise<void> }>): void {
  describe(`BrowserDriver.attach over ${name}`, () => {
    let site: StaticServer;
    let conn: { cdp: CdpSession; dispose(): Promise<void> };
    let driver: BrowserDriver;
    let ctx: BrowserToolContext;
    let artifactsDir: string;
    const run = (tool: string, input: Record<string, unknown> = {}) => runBrowserTool(ctx, tool, input);

    beforeAll(async () => {
      site = await serveFolder(fileURLToPath(new URL('../../fixtures/pages/extras/', import.meta.url)));
      conn = await connect();
      driver = await BrowserDriver.attach(conn.cdp);
      await installPageServices(driver);
      artifactsDir = mkdtempSync(join(tmpdir(), 'steward-conformance-'));
      ctx = { driver, artifactsDir, timeoutMs: 20_000 };
    });
    afterAll(async () => {
      await driver?.close();
      await conn?.dispose();
      await site?.close();
      if (artifactsDir) rmSync(artifactsDir, { recursive: true, force: true });
    });

    it('opens a page (or uses the one page of a view) and navigates it', async () => {
      if (driver.mode === 'browser') await run('new_page', {});
      else await expect(run('new_page', {})).rejects.toMatchObject({ code: 'STATE_CONFLICT' });
      expect(driver.pages().length).toBeGreaterThan(0);
      await run('navigate_page', { url: `${site.url}/console.html` });
      const r = await run('evaluate_script', { function: '() => document.title' });
      expect(r.data.result).toBe('Extras: console');
    });

    it('collects console messages and requests of that page from its navigation on', async () => {
      const consoleList = await run('list_console_messages', { types: ['error'] });
      expect((consoleList.data.messages as Array<{ text: string }>).map((m) => m.text)).toContain('broken widget 42');
      const requests = await run('list_network_requests', { resourceTypes: ['Document'] });
      expect((requests.data.requests as Array<{ url: string }>).map((r) => r.url)).toContain(`${site.url}/console.html`);
    });

    it('takes a snapshot and a screenshot, and observes the page', async () => {
      const snap = await run('take_snapshot', {});
      expect(JSON.stringify(snap)).toContain('Log');
      const shot = await run('take_screenshot', {});
      expect((shot.data.screenshot as { width: number }).width).toBeGreaterThan(0);
      const state = await run('observe_state', {});
      expect(state.data.state).toMatchObject({ title: 'Extras: console' });
    });
  });
}

driverSuite('Chromium over --remote-debugging-pipe', async () => {
  const browser = launchChromium();
  return { cdp: browser.session, dispose: () => browser.session.close() };
});

driverSuite('the Electron debugger adapter (over the shim)', async () => {
  const shimmed = await launchShimmedBrowser();
  return { cdp: new ElectronDebuggerSession(shimmed.debugger), dispose: shimmed.close };
});

driverSuite('a WebSocket endpoint (http://host:port)', async () => {
  const { browser, port } = await launchWithPort();
  const cdp = await connectWebSocket(`http://127.0.0.1:${port}`);
  return {
    cdp,
    dispose: async () => {
      await cdp.close();
      await browser.session.close();
    },
  };
});
