import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageHandle } from '../../../src/main/browser/page.ts';
import { throttlingFactor } from '../../../src/main/browser/page-services.ts';
import { emulate, emulationReset } from '../../../src/main/browser/tools/emulation.ts';
import { type ExtrasHarness, startExtrasHarness } from '../../helpers/browser-extras.ts';

type Read = { width: number; height: number; dpr: number; touch: number; ua: string; dark: boolean };

describe('emulation of device and conditions', () => {
  let h: ExtrasHarness;
  let page: PageHandle;
  let echo: Server;
  let echoUrl: string;
  let original: Read;
  const read = () => h.evaluate<Read>(page, 'window.read()');

  beforeAll(async () => {
    h = await startExtrasHarness();
    // Echoes the request headers it received, with CORS open, so the page can fetch it.
    echo = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' });
      res.end(JSON.stringify(req.headers));
    });
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
    const address = echo.address();
    echoUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
    page = await h.driver.newPage(`${h.site.url}/emulation.html`);
    original = await read();
  });
  afterAll(async () => {
    await h?.close();
    await new Promise((r) => echo?.close(r));
  });

  it('emulates a mobile viewport with DPR and touch, a user agent and a dark colour scheme', async () => {
    const r = await h.run(emulate, {
      pageId: page.id,
      viewport: { width: 390, height: 844, deviceScaleFactor: 3, mobile: true, touch: true },
      userAgent: 'StewardTest/1.0 (Mobile)',
      colorScheme: 'dark',
    });
    expect(r.data.emulation).toMatchObject({ userAgent: 'StewardTest/1.0 (Mobile)', colorScheme: 'dark' });
    expect(await read()).toMatchObject({ width: 390, height: 844, dpr: 3, ua: 'StewardTest/1.0 (Mobile)', dark: true });
    expect((await read()).touch).toBeGreaterThan(0);
  });

  it('adds extra request headers', async () => {
    await h.run(emulate, { pageId: page.id, extraHeaders: { 'x-steward-test': 'yes' } });
    const headers = await h.evaluate<Record<string, string>>(page, `fetch(${JSON.stringify(echoUrl)}).then((r) => r.json())`);
    expect(headers['x-steward-test']).toBe('yes');
    expect(headers['user-agent']).toBe('StewardTest/1.0 (Mobile)');
  });

  it('overrides the geolocation', async () => {
    await h.run(emulate, { pageId: page.id, geolocation: { latitude: 37.5665, longitude: 126.978 } });
    expect(await h.evaluate(page, 'window.position()')).toEqual({ lat: 37.5665, lon: 126.978 });
  });

  it('throttles network and CPU and exposes the factor waits scale by; Offline makes fetches fail', async () => {
    const slow = await h.run(emulate, { pageId: page.id, networkConditions: 'Slow 3G', cpuThrottlingRate: 4 });
    expect(slow.data.throttlingFactor).toBe(40);
    expect(throttlingFactor(page)).toBe(40);
    await h.run(emulate, { pageId: page.id, networkConditions: 'Offline', cpuThrottlingRate: 1 });
    expect(await h.evaluate(page, `fetch(${JSON.stringify(echoUrl)}).then(() => 'ok', () => 'failed')`)).toBe('failed');
  });

  it('resets everything to the page defaults', async () => {
    await h.run(emulationReset, { pageId: page.id });
    expect(throttlingFactor(page)).toBe(1);
    expect(await read()).toEqual(original);
    expect(
      await h.evaluate(page, `fetch(${JSON.stringify(echoUrl)}).then((r) => r.json()).then((j) => j['x-steward-test'] ?? 'none')`),
    ).toBe('none');
  });

  it('rejects an unknown preset and an empty call', () => {
    expect(emulate.schema.safeParse({ networkConditions: 'Carrier pigeon' }).success).toBe(false);
    expect(emulate.schema.safeParse({ pageId: '1' }).success).toBe(false);
  });
});
