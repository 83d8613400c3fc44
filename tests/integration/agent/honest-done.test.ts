import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchWithPort } from '../browser/conformance.ts';
import { openTab, runAgent } from './agent-cli.ts';

/**
 * `cdt agent run` never exits 0 for an errand the site did not receive: each page here fails an
 * errand in one way (the field is cleared while a held action waits for approval, the named item
 * is not in the list, the search never leaves the page, a detail of the request has no place).
 * The oracle is what reached the fixture server, never what the agent says.
 */
const folder = fileURLToPath(new URL('../../fixtures/sites/anysite-honest/', import.meta.url));
interface Hit {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
}
let hits: Hit[] = [];
let server: Server;
let base = '';
let running: Awaited<ReturnType<typeof launchWithPort>>;
let endpoint = '';

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname.startsWith('/api/')) {
      let body = '';
      for await (const chunk of req) body += chunk;
      hits.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body: body ? (JSON.parse(body) as Record<string, unknown>) : {},
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(url.pathname === '/api/coaches' ? '["08:10 coach","09:40 coach"]' : '{"ok":true}');
      return;
    }
    const file = await readFile(join(folder, url.pathname)).catch(() => undefined);
    res.writeHead(file ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(file ?? 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const a = server.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  running = await launchWithPort();
  endpoint = `ws://127.0.0.1:${running.port}${running.browserPath}`;
});
afterAll(async () => {
  await running?.browser.session.close();
  await new Promise((r) => server?.close(r));
});

async function open(path: string): Promise<string> {
  const url = `${base}/${path}`;
  await openTab(running, url);
  hits = [];
  return url;
}

async function cdt(url: string, request: string) {
  return runAgent(endpoint, url, request);
}

describe('cdt agent run claims done only for what reached the site', () => {
  it('a held Enter whose field the page cleared meanwhile is re-run on the refilled field', async () => {
    const url = await open('held-clear.html');
    const r = await cdt(url, "add 'wash the car' to my list");
    const sent = hits.filter((h) => h.method === 'POST' && h.path === '/api/chores');
    // the gate held the first request; only the approved re-run may reach the site, with the words
    expect(sent.map((h) => h.body.text)).toEqual(['wash the car']);
    expect(r.code).toBe(0);
    expect(r.events.some((e) => e.type === 'step_retried' && String(e.message).includes('New chore'))).toBe(true);
  });

  it('a confirmation whose dialog closed under a held send is claimed done only if the booking reached the site', async () => {
    const url = await open('held-dialog.html');
    const r = await cdt(url, 'choose 09:00 and press Confirm appointment');
    const sent = hits.filter((h) => h.method === 'POST' && h.path === '/api/book');
    expect(sent.length).toBeLessThanOrEqual(1);
    expect(r.code === 0).toBe(sent.length === 1);
    if (sent.length) expect(sent[0]?.body.slot).toBe('09:00');
  });

  it('an item named in words no record has is not replaced by the cheapest under the budget', async () => {
    const url = await open('deals.html');
    const r = await cdt(url, '30달러 이하 딜 중에 캔들 세트 장바구니에 담아줘');
    expect(hits.filter((h) => h.path === '/api/cart')).toEqual([]);
    expect(r.code).not.toBe(0);
    expect(r.status.status).not.toBe('done');
  });

  it('an item named in the words of the list is the one picked under the budget', async () => {
    const url = await open('deals.html');
    const r = await cdt(url, 'pick the candle set under $30');
    expect(hits.filter((h) => h.path === '/api/cart').map((h) => h.body.item)).toEqual(['candles']);
    expect(r.code).toBe(0);
  });

  it('a search the page kept to itself (no request, only a note) is a failure, not done', async () => {
    const url = await open('pick-stops.html');
    const r = await cdt(url, 'find buses from Ocean Pier to Hill Market');
    expect(hits.filter((h) => h.path === '/api/coaches')).toEqual([]);
    expect(r.code).not.toBe(0);
    expect(r.status).toMatchObject({ status: 'failed', error: { code: 'VERIFICATION_FAILED' } });
  });

  it('the same search with stops the page knows reaches the site and is done', async () => {
    const url = await open('pick-stops.html');
    const r = await cdt(url, 'find buses from Harbor Gate to Hill Market');
    expect(hits.filter((h) => h.path === '/api/coaches').map((h) => h.query)).toEqual([
      { from: 'Harbor Gate', to: 'Hill Market', date: '' },
    ]);
    expect(r.code).toBe(0);
  });

  it('done only with every part of the request in what was sent: a date the errand did not carry is asked about', async () => {
    const url = await open('pick-stops.html');
    const r = await cdt(url, 'find coaches from Harbor Gate to Hill Market on January 15, 2027');
    const sent = hits.filter((h) => h.path === '/api/coaches').map((h) => h.query);
    if (r.code === 0) expect(sent).toEqual([{ from: 'Harbor Gate', to: 'Hill Market', date: '2027-01-15' }]);
    else expect(sent.every((q) => q.date === '2027-01-15')).toBe(true);
    expect(sent.some((q) => q.date === '')).toBe(false);
  });

  it('a detail of the errand no page carries (a time, a seat) makes it a question: the search may go out, nothing is booked', async () => {
    const url = await open('pick-stops.html');
    const r = await cdt(url, 'book the 9:40 bus from Harbor Gate to Hill Market on January 15, 2027, seat 3');
    // the search only reads; the list it shows has no button for a time or a seat, so nothing else is sent
    expect(hits.every((h) => h.method === 'GET' && h.path === '/api/coaches')).toBe(true);
    expect(r.code).not.toBe(0);
    expect(r.status.status).toBe('needs_person');
    expect(JSON.stringify(r.status.question)).toContain('9:40');
    expect(JSON.stringify(r.status.question)).toContain('seat 3');
  });
});
