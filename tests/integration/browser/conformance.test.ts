import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ElectronDebuggerSession } from '../../../src/main/app/debugger-adapter.ts';
import { launchChromium } from '../../../src/main/browser/transport/launch.ts';
import { connectWebSocket } from '../../../src/main/browser/transport/websocket.ts';
import { launchShimmedBrowser } from '../../helpers/electron-debugger-shim.ts';
import { type StaticServer, serveFolder } from '../../helpers/static-server.ts';
import { type AdapterUnderTest, conformanceSuite, launchWithPort } from './conformance.ts';

let site: StaticServer;
beforeAll(async () => {
  site = await serveFolder(fileURLToPath(new URL('../../fixtures/pages/extras/', import.meta.url)));
});
afterAll(async () => {
  await site?.close();
});
const urls = () => ({ main: site.url, otherSite: site.url.replace('127.0.0.1', 'localhost') });

async function chromiumPipe(): Promise<AdapterUnderTest> {
  const browser = launchChromium();
  const { targetId } = await browser.session.send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await browser.session.send('Target.attachToTarget', { targetId, flatten: true });
  return {
    cdp: browser.session,
    pageSessionId: sessionId,
    breakConnection: async () => {
      const gone = new Promise((r) => browser.process.once('exit', r));
      browser.process.kill('SIGKILL');
      await gone;
    },
    dispose: () => browser.session.close(),
  };
}

async function electronOverShim(): Promise<AdapterUnderTest> {
  const shimmed = await launchShimmedBrowser();
  const cdp = new ElectronDebuggerSession(shimmed.debugger);
  return { cdp, pageSessionId: undefined, breakConnection: shimmed.closeTab, dispose: shimmed.close };
}

async function chromiumWebSocket(): Promise<AdapterUnderTest> {
  const { browser, port, browserPath } = await launchWithPort();
  const cdp = await connectWebSocket(`ws://127.0.0.1:${port}${browserPath}`);
  const { targetId } = await cdp.send('Target.createTarget', { url: 'about:blank' });
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId, flatten: true });
  return {
    cdp,
    pageSessionId: sessionId,
    breakConnection: async () => {
      const gone = new Promise((r) => browser.process.once('exit', r));
      browser.process.kill('SIGKILL');
      await gone;
    },
    dispose: async () => {
      await cdp.close();
      await browser.session.close();
    },
  };
}

describe('connectWebSocket', () => {
  it('resolves http://host:port through /json/version and talks to the same browser', async () => {
    const { browser, port } = await launchWithPort();
    try {
      const cdp = await connectWebSocket(`http://127.0.0.1:${port}`);
      const viaSocket = await cdp.send('Browser.getVersion');
      const viaPipe = await browser.session.send('Browser.getVersion');
      expect(viaSocket.product).toBe(viaPipe.product);
      await cdp.close();
      expect(cdp.connected).toBe(false);
    } finally {
      await browser.session.close();
    }
  });

  it('fails with CDP_DISCONNECTED naming the endpoint when nothing listens, and VALIDATION_ERROR for a bad URL', async () => {
    await expect(connectWebSocket('http://127.0.0.1:9')).rejects.toMatchObject({ code: 'CDP_DISCONNECTED' });
    await expect(connectWebSocket('ws://127.0.0.1:9/devtools/browser/x')).rejects.toMatchObject({
      code: 'CDP_DISCONNECTED',
      message: expect.stringContaining('127.0.0.1:9'),
    });
    await expect(connectWebSocket('not a url')).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

conformanceSuite('Chromium over a WebSocket endpoint', chromiumWebSocket, { urls });
conformanceSuite('Chromium over --remote-debugging-pipe', chromiumPipe, { urls });
conformanceSuite('Electron webContents.debugger (over the shim)', electronOverShim, { urls });

describe('the Electron Debugger shim behaves like Electron', () => {
  it('throws on a second attach and rejects with bare CDP messages', async () => {
    const shimmed = await launchShimmedBrowser();
    try {
      const dbg = shimmed.debugger;
      expect(dbg.isAttached()).toBe(false);
      await expect(dbg.sendCommand('Runtime.evaluate', { expression: '1' })).rejects.toThrow('No target available');
      dbg.attach('1.3');
      expect(dbg.isAttached()).toBe(true);
      expect(() => dbg.attach('1.3')).toThrow('Debugger is already attached to the target');
      await expect(dbg.sendCommand('Runtime.evaluate', { expression: '1' }, '')).rejects.toThrow('Empty session id is not allowed');
      await expect(dbg.sendCommand('No.suchMethod')).rejects.toThrow(/^'No.suchMethod' wasn't found$/);
      const detached = new Promise<string>((resolve) => dbg.once('detach', (_e: unknown, reason: string) => resolve(reason)));
      const pending = dbg.sendCommand('Runtime.evaluate', { expression: 'new Promise(() => {})', awaitPromise: true });
      await shimmed.closeTab();
      await expect(pending).rejects.toThrow('target closed while handling command');
      expect(await detached).toBe('target closed');
      expect(dbg.isAttached()).toBe(false);
    } finally {
      await shimmed.close();
    }
  });
});
