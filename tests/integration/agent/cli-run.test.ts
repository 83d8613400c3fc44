import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRun } from '../../../src/cli/agent/commands.ts';
import { launchWithPort } from '../browser/conformance.ts';

const folder = fileURLToPath(new URL('../../fixtures/sites/anysite-dev/', import.meta.url));
/** What reached the site: every POST body (the oracle for "was it submitted"). */
const posts: string[] = [];
let server: Server;
let base = '';
let running: Awaited<ReturnType<typeof launchWithPort>>;
let endpoint = '';

beforeAll(async () => {
  server = createServer(async (req, res) => {
    if (req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      posts.push(`${req.url} ${body}`);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><html><body><h1>신청 완료</h1></body></html>');
      return;
    }
    const file = join(folder, new URL(req.url ?? '/', 'http://x').pathname);
    const body = await readFile(file).catch(() => undefined);
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body ?? 'not found');
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

async function cdt(args: string[], stdinText = '') {
  const stdout = new PassThrough();
  const chunks: string[] = [];
  stdout.on('data', (c) => {
    chunks.push(String(c));
  });
  const stdin = new PassThrough();
  stdin.end(stdinText);
  const code = await agentRun(['--store', ':memory:', ...args], { stdout, stderr: new PassThrough(), stdin });
  const lines = chunks
    .join('')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  return { code, status: lines.at(-1) as Record<string, unknown>, events: lines.filter((l) => l.kind === 'event') };
}

async function openInBrowser(path: string): Promise<string> {
  const url = `${base}/${path}`;
  const { targetId } = await running.browser.session.send('Target.createTarget', { url });
  for (let i = 0; i < 100; i++) {
    const { targetInfos } = await running.browser.session.send('Target.getTargets');
    if (targetInfos.some((t) => t.targetId === targetId && t.url === url)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return url;
}

describe('cdt agent run on an open page of a running browser', () => {
  it('acts on the page named by --page-url and exits 0 only after the page showed it', async () => {
    const url = await openInBrowser('contact-ko.html');
    const r = await cdt(['--browser-endpoint', endpoint, '--page-url', url, '이름 칸에 홍길동 넣고 확인 눌러']);
    expect(r.status).toMatchObject({ kind: 'status', status: 'done' });
    expect(r.code).toBe(0);
    expect(r.events.map((e) => e.type)).toContain('step_succeeded');
  });

  it('--approve never: the gated 신청하기 never reaches the site; exit is non-zero', async () => {
    const url = await openInBrowser('apply-ko.html');
    const before = posts.length;
    const r = await cdt([
      '--browser-endpoint',
      endpoint,
      '--page-url',
      url,
      '--approve',
      'never',
      '성에 김 넣고 이름에 민지 넣고 신청하기 눌러',
    ]);
    expect(r.code).not.toBe(0);
    expect((r.status.error as { code: string }).code).toBe('APPROVAL_DENIED');
    expect(posts.length).toBe(before);
  });

  it('--approve all: the approval is recorded and the form reaches the site once', async () => {
    const url = await openInBrowser('apply-ko.html');
    const before = posts.length;
    const r = await cdt([
      '--browser-endpoint',
      endpoint,
      '--page-url',
      url,
      '--approve',
      'all',
      '성에 김 넣고 이름에 민지 넣고 신청하기 눌러',
    ]);
    expect(r.code).toBe(0);
    expect(r.events.some((e) => e.type === 'approval_granted')).toBe(true);
    expect(posts.slice(before)).toEqual(['/apply sn=%EA%B9%80&gn=%EB%AF%BC%EC%A7%80&pp=&arr=']);
  });

  it('--approve ask: a "no" on stdin stops it; nothing is posted', async () => {
    const url = await openInBrowser('apply-ko.html');
    const before = posts.length;
    const r = await cdt(['--browser-endpoint', endpoint, '--page-url', url, '신청하기 눌러'], 'n\n');
    expect(r.code).not.toBe(0);
    expect(posts.length).toBe(before);
  });

  it('names a page that is not open', async () => {
    const r = await cdt(['--browser-endpoint', endpoint, '--page-url', `${base}/nope.html`, 'click OK']);
    expect(r.code).not.toBe(0);
    expect((r.status.error as { code: string }).code).toBe('PAGE_NOT_FOUND');
  });
});
