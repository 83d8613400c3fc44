import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NetworkRequest } from '../../../src/main/browser/network-log.ts';
import type { PageHandle } from '../../../src/main/browser/page.ts';
import { getNetworkRequest, listNetworkRequests, waitForRequest } from '../../../src/main/browser/tools/network.ts';
import { type ExtrasHarness, eventually, startExtrasHarness } from '../../helpers/browser-extras.ts';

describe('network requests collected per page from the start', () => {
  let h: ExtrasHarness;
  let page: PageHandle;
  const list = async (input: Record<string, unknown> = {}) =>
    (await h.run(listNetworkRequests, { pageId: page.id, ...input })).data as { requests: NetworkRequest[]; total: number; pages: number };

  beforeAll(async () => {
    h = await startExtrasHarness();
    page = await h.driver.newPage(`${h.site.url}/network.html`);
    await h.evaluate(page, 'window.done');
    await eventually(list, (r) => r.requests.filter((x) => x.state !== 'pending').length >= 6);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lists the document, stylesheet, image and fetches with status, type and timing', async () => {
    const { requests } = await list();
    const byUrl = (part: string) => requests.find((r) => r.url.endsWith(part));
    expect(byUrl('/network.html')).toMatchObject({ method: 'GET', resourceType: 'Document', status: 200, state: 'finished' });
    expect(byUrl('/perf.css')).toMatchObject({ resourceType: 'Stylesheet', status: 200 });
    expect(byUrl('/hero.svg')).toMatchObject({ resourceType: 'Image', status: 200 });
    expect(byUrl('/missing.json')).toMatchObject({ resourceType: 'Fetch', status: 404 });
    const doc = byUrl('/network.html');
    expect(doc?.timing.startedAt).toBeGreaterThan(Date.parse('2020-01-01'));
    expect(doc?.timing.totalMs).toBeGreaterThanOrEqual(0);
  });

  it('filters by url pattern, method, status and resource type, with paging', async () => {
    expect((await list({ status: '4xx', url: '*.json' })).requests.map((r) => r.url)).toEqual([`${h.site.url}/missing.json`]);
    expect((await list({ status: '400-499' })).requests.every((r) => r.status === 404)).toBe(true);
    expect((await list({ method: 'post' })).requests.map((r) => r.url)).toEqual([`${h.site.url}/data.json?via=post`]);
    expect((await list({ url: '*data.json*', resourceTypes: ['fetch'] })).total).toBe(2);
    expect((await list({ url: '/\\.svg$/' })).total).toBe(1);
    const paged = await list({ pageSize: 2, pageIdx: 1 });
    expect(paged.requests).toHaveLength(2);
    expect(paged.requests[0]?.id).toBe((await list()).requests[2]?.id);
  });

  it('gets one request with headers, post data and the body on request; REQUEST_NOT_FOUND otherwise', async () => {
    const post = (await list({ method: 'POST' })).requests[0];
    const r = await h.run(getNetworkRequest, { pageId: page.id, reqid: post?.id ?? 0, includeBody: true });
    const request = r.data.request as {
      requestHeaders: Record<string, string>;
      responseHeaders: Record<string, string>;
      postData: string;
      body: { text: string };
    };
    expect(request.requestHeaders['content-type'] ?? request.requestHeaders['Content-Type']).toBe('application/json');
    expect(request.postData).toBe('{"q":"ICN"}');
    expect(request.responseHeaders['content-type']).toBe('application/json');
    expect(JSON.parse(request.body.text)).toEqual({ flights: [{ from: 'ICN', to: 'NRT', price: 189000 }] });
    const noBody = await h.run(getNetworkRequest, { pageId: page.id, reqid: post?.id ?? 0 });
    expect(noBody.data.request).not.toHaveProperty('body');
    await expect(h.run(getNetworkRequest, { pageId: page.id, reqid: 4242 })).rejects.toMatchObject({ code: 'REQUEST_NOT_FOUND' });
  });

  it('reports the headers as sent on the wire, cookies included', async () => {
    await h.evaluate(page, "document.cookie = 'seat=12A'");
    const waiting = h.run(waitForRequest, { pageId: page.id, url: '*data.json?cookie=1', timeout: 15_000 });
    await h.evaluate(page, "fetch('data.json?cookie=1').then((r) => r.text())");
    const { id } = (await waiting).data.request as NetworkRequest;
    const detail = (await h.run(getNetworkRequest, { pageId: page.id, reqid: id })).data.request as {
      requestHeaders: Record<string, string>;
    };
    const cookie = Object.entries(detail.requestHeaders).find(([k]) => k.toLowerCase() === 'cookie')?.[1];
    expect(cookie).toBe('seat=12A');
  });

  it('waits for a new request matching url, method and status', async () => {
    const waiting = h.run(waitForRequest, { pageId: page.id, url: '*data.json?late=*', method: 'GET', status: 200, timeout: 15_000 });
    await h.evaluate(page, 'document.getElementById("late").click()');
    const request = (await waiting).data.request as NetworkRequest;
    expect(request).toMatchObject({ method: 'GET', status: 200, state: 'finished', resourceType: 'Fetch' });
    expect(
      await h.evaluate(
        page,
        'new Promise((r) => { const t = setInterval(() => { if (window.lateResult) { clearInterval(t); r(true); } }, 20); })',
      ),
    ).toBe(true);
  });

  it('finds an earlier request with includeExisting, times out otherwise, and rejects a bad status filter', async () => {
    const found = await h.run(waitForRequest, { pageId: page.id, url: 'missing.json', includeExisting: true, timeout: 2000 });
    expect(found.data.request).toMatchObject({ status: 404 });
    await expect(h.run(waitForRequest, { pageId: page.id, url: 'missing.json', timeout: 300 })).rejects.toMatchObject({ code: 'TIMEOUT' });
    expect(() => listNetworkRequests.schema.parse({ status: 'teapot' })).toThrow();
  });
});
