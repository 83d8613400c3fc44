import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CdpSession } from '../../../src/main/browser/port.ts';
import { type LaunchedBrowser, launchChromium } from '../../../src/main/browser/transport/launch.ts';

/** One adapter instance as the conformance suite sees it. */
export interface AdapterUnderTest {
  cdp: CdpSession;
  /** The session that addresses the page: a flattened child over Chromium, undefined (the root) over Electron. */
  pageSessionId: string | undefined;
  /** Break the connection from the far side: the browser dies or the webContents closes. */
  breakConnection(): Promise<void>;
  dispose(): Promise<void>;
}

export interface ConformanceOptions {
  /** Base URL of the extras fixture folder on 127.0.0.1 and on localhost (another site). */
  urls: () => { main: string; otherSite: string };
}

function waitForEvent<T>(
  cdp: CdpSession,
  method: string,
  match: (params: T, sessionId: string | undefined) => boolean,
  timeoutMs = 20_000,
): Promise<{ params: T; sessionId: string | undefined }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no ${method} within ${timeoutMs} ms`));
    }, timeoutMs);
    const off = cdp.on(method, (params, sessionId) => {
      if (!match(params as T, sessionId)) return;
      clearTimeout(timer);
      off();
      resolve({ params: params as T, sessionId });
    });
  });
}

/** The behaviour every CdpSession adapter must show, run against each adapter with a factory. */
export function conformanceSuite(name: string, factory: () => Promise<AdapterUnderTest>, opts: ConformanceOptions): void {
  describe(`CdpSession conformance: ${name}`, () => {
    let a: AdapterUnderTest;
    beforeAll(async () => {
      a = await factory();
    });
    afterAll(async () => {
      await a?.dispose();
    });

    it('sends a command to the page and receives its result', async () => {
      const { result } = await a.cdp.send('Runtime.evaluate', { expression: '6 * 7', returnByValue: true }, a.pageSessionId);
      expect(result.value).toBe(42);
      expect(a.cdp.connected).toBe(true);
    });

    it('delivers page events with the page session id, and to "*" listeners with the method name', async () => {
      await a.cdp.send('Page.enable', {}, a.pageSessionId);
      const seen: string[] = [];
      const offAll = a.cdp.on('*', (_p, sid, method) => {
        if (sid === a.pageSessionId && method) seen.push(method);
      });
      const loaded = waitForEvent(a.cdp, 'Page.loadEventFired', (_p, sid) => sid === a.pageSessionId);
      await a.cdp.send('Page.navigate', { url: `${opts.urls().main}/frame-child.html` }, a.pageSessionId);
      await loaded;
      offAll();
      expect(seen).toContain('Page.loadEventFired');
      const { result } = await a.cdp.send('Runtime.evaluate', { expression: 'document.title', returnByValue: true }, a.pageSessionId);
      expect(result.value).toBe('Extras: frame child');
    });

    it('routes events of a flattened child session (cross-site iframe) by its sessionId', async () => {
      await a.cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, a.pageSessionId);
      const attached = waitForEvent<{ sessionId: string; targetInfo: { type: string; url: string } }>(
        a.cdp,
        'Target.attachedToTarget',
        (p, sid) => sid === a.pageSessionId && p.targetInfo.type === 'iframe',
      );
      const { main, otherSite } = opts.urls();
      const child = `${otherSite}/frame-child.html`;
      await a.cdp.send('Page.navigate', { url: `${main}/frame-parent.html?child=${encodeURIComponent(child)}` }, a.pageSessionId);
      const { params } = await attached;
      const childSession = params.sessionId;
      expect(childSession).toBeTruthy();
      expect(childSession).not.toBe(a.pageSessionId);

      await a.cdp.send('Runtime.enable', undefined, childSession);
      await a.cdp.send('Runtime.enable', undefined, a.pageSessionId);
      const onPage: string[] = [];
      const offPage = a.cdp.on('Runtime.consoleAPICalled', (p, sid) => {
        if (sid === a.pageSessionId) onPage.push(JSON.stringify(p));
      });
      const logged = waitForEvent<{ args: Array<{ value?: unknown }> }>(
        a.cdp,
        'Runtime.consoleAPICalled',
        (p, sid) => sid === childSession && p.args[0]?.value === 'hello from the child',
      );
      await a.cdp.send('Runtime.evaluate', { expression: 'console.log("hello from the child")' }, childSession);
      await logged;
      offPage();
      expect(onPage.filter((p) => p.includes('hello from the child'))).toEqual([]);
      await expect(
        a.cdp.send('Runtime.evaluate', { expression: 'location.host', returnByValue: true }, childSession),
      ).resolves.toMatchObject({ result: { value: new URL(otherSite).host } });
    });

    it('reports protocol errors as PROTOCOL_ERROR values and stays usable', async () => {
      await expect(a.cdp.send('DOM.describeNode' as 'DOM.describeNode', { nodeId: 987654 }, a.pageSessionId)).rejects.toMatchObject({
        code: 'PROTOCOL_ERROR',
      });
      await expect(a.cdp.send('No.suchMethod' as 'Runtime.enable', undefined, a.pageSessionId)).rejects.toMatchObject({
        code: 'PROTOCOL_ERROR',
        message: expect.stringContaining('No.suchMethod'),
      });
      const { result } = await a.cdp.send('Runtime.evaluate', { expression: '1 + 1', returnByValue: true }, a.pageSessionId);
      expect(result.value).toBe(2);
    });

    it('rejects pending and later calls with CDP_DISCONNECTED when the far side goes away', async () => {
      const b = await factory();
      try {
        const reasons: string[] = [];
        b.cdp.onDisconnect((r) => reasons.push(r));
        // A call that never answers on its own: a promise that never settles.
        const pending = b.cdp.send('Runtime.evaluate', { expression: 'new Promise(() => {})', awaitPromise: true }, b.pageSessionId).then(
          () => 'answered',
          (e: unknown) => e,
        );
        await b.breakConnection();
        expect(await pending).toMatchObject({ code: 'CDP_DISCONNECTED' });
        expect(b.cdp.connected).toBe(false);
        await expect(b.cdp.send('Runtime.evaluate', { expression: '1' }, b.pageSessionId)).rejects.toMatchObject({
          code: 'CDP_DISCONNECTED',
        });
        expect(reasons).toHaveLength(1);
      } finally {
        await b.dispose();
      }
    });

    it('closes: disconnect listeners run once and later calls fail with CDP_DISCONNECTED', async () => {
      const b = await factory();
      try {
        let calls = 0;
        b.cdp.onDisconnect(() => calls++);
        await b.cdp.close();
        await b.cdp.close();
        expect(b.cdp.connected).toBe(false);
        expect(calls).toBe(1);
        await expect(b.cdp.send('Runtime.evaluate', { expression: '1' }, b.pageSessionId)).rejects.toMatchObject({
          code: 'CDP_DISCONNECTED',
        });
      } finally {
        await b.dispose();
      }
    });
  });
}

/** Launches Chromium with --remote-debugging-port=0 and reads the port it chose from DevToolsActivePort. */
export async function launchWithPort(): Promise<{ browser: LaunchedBrowser; port: number; browserPath: string }> {
  const browser = launchChromium({ extraArgs: ['--remote-debugging-port=0'] });
  const file = join(browser.userDataDir, 'DevToolsActivePort');
  for (let i = 0; i < 400; i++) {
    const text = await readFile(file, 'utf8').catch(() => '');
    const [port, path] = text.split('\n');
    if (port && path) return { browser, port: Number(port), browserPath: path };
    await new Promise((r) => setTimeout(r, 50));
  }
  await browser.session.close();
  throw new Error('Chromium did not write DevToolsActivePort');
}
