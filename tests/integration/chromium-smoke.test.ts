import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descendants } from '../../src/main/browser/process-tree.ts';
import { type LaunchedBrowser, launchChromium } from '../../src/main/browser/transport/launch.ts';
import { type StaticServer, serveFolder } from '../helpers/static-server.ts';

describe('real Chromium over the CDP pipe', () => {
  let site: StaticServer;
  let browser: LaunchedBrowser;

  beforeAll(async () => {
    site = await serveFolder(fileURLToPath(new URL('../fixtures/pages/', import.meta.url)));
    browser = launchChromium();
  });
  afterAll(async () => {
    await browser?.session.close();
    await site?.close();
  });

  it('reads a fixture page title', async () => {
    const { session } = browser;
    const { targetId } = await session.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await session.send('Target.attachToTarget', { targetId, flatten: true });
    await session.send('Page.enable', {}, sessionId);
    const loaded = new Promise<void>((resolve) => {
      const off = session.on('Page.loadEventFired', (_p, sid) => {
        if (sid === sessionId) {
          off();
          resolve();
        }
      });
    });
    await session.send('Page.navigate', { url: `${site.url}/hello.html` }, sessionId);
    await loaded;
    const { result } = await session.send('Runtime.evaluate', { expression: 'document.title', returnByValue: true }, sessionId);
    expect(result.value).toBe('Steward fixture: hello');
  });

  it.skipIf(!existsSync('/proc/self/cmdline'))(
    'runs the network service inside the browser process, not in a process of its own',
    async () => {
      // the first page above was fetched over the network: the service is up
      const lines = descendants(browser.process.pid as number).map((p) => {
        try {
          return readFileSync(`/proc/${p}/cmdline`, 'utf8').replace(/\0/g, ' ');
        } catch {
          return ''; // ended while listed
        }
      });
      expect(lines.some((l) => l.includes('--type=renderer'))).toBe(true); // the helpers were listed at all
      expect(lines.filter((l) => l.includes('--utility-sub-type=network.mojom.NetworkService'))).toEqual([]);
    },
  );

  it('reports a protocol error as a value with a code', async () => {
    await expect(browser.session.send('Target.attachToTarget', { targetId: 'no-such-target', flatten: true })).rejects.toMatchObject({
      code: 'PROTOCOL_ERROR',
    });
  });

  it('rejects calls after the browser is gone with CDP_DISCONNECTED', async () => {
    const other = launchChromium();
    await other.session.send('Browser.getVersion');
    other.process.kill('SIGKILL');
    await new Promise((r) => other.process.once('exit', r));
    expect(other.session.connected).toBe(false);
    await expect(other.session.send('Browser.getVersion')).rejects.toMatchObject({ code: 'CDP_DISCONNECTED' });
  });
});
