/**
 * Stored screenshots cover sensitive fields wherever they are: in the page, in an open shadow
 * root, in a same-origin iframe, in a same-site iframe of another origin and in a cross-site
 * (out-of-process) iframe. The oracle is the
 * pixels of the stored file over each field's box (one flat colour), against a capture of the
 * same page without masking (the digits are there).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../../src/main/browser/page.ts';
import { runBrowserTool } from '../../../src/main/browser/tools/index.ts';
import { type Engine, startEngine } from '../engine/engine-harness.ts';
import { coloursIn, decodePng } from '../engine/png-decode.ts';

const FIELD = 'position:absolute;left:0;top:0;width:220px;height:32px;font:20px monospace;margin:0';
const INNER = `<!doctype html><body style="margin:0"><input id="c" autocomplete="cc-number" style="${FIELD}">
<script>document.getElementById('c').value = '5500 0000 0000 0004';</script>`;
const page = (
  crossSite: string,
  sameSiteOtherOrigin: string,
) => `<!doctype html><meta charset="utf-8"><body style="margin:20px;font:18px sans-serif">
<p><label>Name <input id="name" value="Kim Minji" style="font:20px monospace"></label></p>
<div id="host"></div>
<iframe id="same" src="/inner" style="border:0;width:240px;height:40px;display:block"></iframe>
<iframe id="cross" src="${crossSite}/inner" style="border:0;width:240px;height:40px;display:block;margin-top:10px"></iframe>
<iframe id="sibling" src="${sameSiteOtherOrigin}/inner" style="border:0;width:240px;height:40px;display:block;margin-top:10px"></iframe>
<script>
  const root = document.getElementById('host').attachShadow({ mode: 'open' });
  root.innerHTML = '<label>PIN <input id="pin" style="font:20px monospace"></label>';
  root.getElementById('pin').value = '739104';
</script>`;

let server: Server;
let other: Server;
let engine: Engine;
let port: number;
let otherPort: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.url === '/inner' ? INNER : page(`http://localhost:${port}`, `http://127.0.0.1:${otherPort}`));
  });
  // the same site (127.0.0.1) on another port: another origin in the same process, no session of its own
  other = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(INNER));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as AddressInfo).port;
  otherPort = (other.address() as AddressInfo).port;
  engine = await startEngine();
});
afterAll(async () => {
  await engine?.close();
  server?.close();
  other?.close();
});

type Box = { id: string; x: number; y: number; width: number; height: number };

describe('masked screenshots', () => {
  it('cover fields in a shadow root, a same-origin iframe, a same-site iframe of another origin and a cross-site iframe', {
    timeout: 60_000,
  }, async () => {
    const ctx = { driver: engine.driver, artifactsDir: engine.artifactsDir, timeoutMs: 10_000 };
    await runBrowserTool(ctx, 'navigate_page', { type: 'url', url: `http://127.0.0.1:${port}/` });
    const p = engine.driver.page() as Page;
    await expect.poll(() => p.frames.children().length, { timeout: 10_000 }).toBeGreaterThan(0); // the cross-site frame is out of process
    const got = await runBrowserTool(ctx, 'evaluate_script', {
      function: `() => {
        const r = (el, dx = 0, dy = 0) => { const b = el.getBoundingClientRect(); return { x: b.x + dx, y: b.y + dy, width: b.width, height: b.height }; };
        const same = document.getElementById('same'), cross = document.getElementById('cross');
        const s = same.getBoundingClientRect(), c = cross.getBoundingClientRect(), o = document.getElementById('sibling').getBoundingClientRect();
        return [
          { id: 'name', ...r(document.getElementById('name')) },
          { id: 'pin', ...r(document.getElementById('host').shadowRoot.getElementById('pin')) },
          { id: 'same', ...r(same.contentDocument.getElementById('c'), s.x, s.y) },
          { id: 'cross', x: c.x, y: c.y, width: 220, height: 32 },
          { id: 'sibling', x: o.x, y: o.y, width: 220, height: 32 },
        ];
      }`,
    });
    const boxes = (got.data.result ?? got.data.value) as Box[];
    const inner = (b: Box) => ({ x: b.x + 2, y: b.y + 2, width: b.width - 4, height: b.height - 4 });
    const box = (id: string) => inner(boxes.find((b) => b.id === id) as Box);

    const shot = await runBrowserTool(ctx, 'take_screenshot', {});
    const stored = decodePng(readFileSync(String((shot.data.screenshot as { path: string }).path)));
    for (const id of ['pin', 'same', 'cross', 'sibling']) expect(coloursIn(stored, box(id)), id).toBe(1);
    expect(coloursIn(stored, box('name'))).toBeGreaterThan(1);

    const { data } = await p.cdp.send('Page.captureScreenshot', { format: 'png' }, p.sessionId);
    const raw = decodePng(Buffer.from(data, 'base64'));
    for (const id of ['pin', 'same', 'cross', 'sibling']) expect(coloursIn(raw, box(id)), id).toBeGreaterThan(1);
    // and the masks are gone from the page after the capture
    const left = await runBrowserTool(ctx, 'evaluate_script', {
      function: '() => document.querySelectorAll("[data-steward-mask]").length',
    });
    expect(left.data.result ?? left.data.value).toBe(0);
  });
});
