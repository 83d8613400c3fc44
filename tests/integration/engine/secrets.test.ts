/**
 * After a session in which the person types a password and a card number (and the engine tries to
 * type a password, types a one-time code into the code field and a PIN into the focused PIN field),
 * none of them is found in clear in the SQLite file, in an exported bundle, or in the stored
 * screenshots. The oracle is
 * what was written: every row of every table read back with a second connection, the bundle's
 * text, and the pixels of the screenshot files over each field's box.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBrowserTool } from '../../../src/main/browser/tools/index.ts';
import { runPlan } from '../../../src/main/plan/executor/index.ts';
import { parseSnapshot, resolveTarget } from '../../../src/main/plan/target-resolver.ts';
import { type Engine, startEngine } from './engine-harness.ts';
import { coloursIn, decodePng } from './png-decode.ts';
import { plan } from './site-plans.ts';

const PAGE = `<!doctype html><meta charset="utf-8"><title>Checkout</title>
<style>body{font:16px sans-serif;margin:20px} label{display:block;margin:8px 0} input{font:18px monospace;width:320px;padding:4px}</style>
<form onsubmit="return false">
  <label>Name <input id="name" name="name"></label>
  <label>Password <input id="pw" type="password" name="pw"></label>
  <label>인증번호 <input id="otp" name="code" inputmode="numeric" autocomplete="one-time-code"></label>
  <label>Card number <input id="card" name="cc" autocomplete="cc-number"></label>
  <label>PIN <input id="pin" name="p4"></label>
  <button type="button" onclick="document.getElementById('sum').textContent='Review ready'">Review</button>
  <p id="sum"></p>
</form>`;

const PERSON = { pw: 'Tr0ub4dor&3xyz', otp: '482913', card: '4111 1111 1111 1111', pin: '739104' };
const ENGINE_TRIED = 'hunter2-Secret';
const SECRETS = [...Object.values(PERSON), PERSON.card.replace(/ /g, ''), ENGINE_TRIED];

let server: Server;
let url: string;
let engine: Engine;

beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  engine = await startEngine();
});
afterAll(async () => {
  await engine?.close();
  server?.close();
});

function dumpAllTables(path: string): string {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>;
    return tables
      .map((t) => JSON.stringify(db.prepare(`SELECT * FROM "${t.name}"`).all(), (_k, v) => (v instanceof Uint8Array ? '<bytes>' : v)))
      .join('\n');
  } finally {
    db.close();
  }
}

describe('secrets stay secret', () => {
  it('keeps the password, PIN, code and card out of the store, the bundle and the screenshots', { timeout: 90_000 }, async () => {
    const ctx = { driver: engine.driver, artifactsDir: engine.artifactsDir, timeoutMs: 10_000 };
    const sessionId = 'secrets-1';
    const open = await runPlan(plan('Checkout', [{ id: 'open', type: 'navigate', url }]), {
      runtime: engine.runtime,
      sessionId,
      screenshots: true,
    });
    expect(open.status).toBe('completed');

    // the person types in the browser view (not through the engine)
    const snap = parseSnapshot(String((await runBrowserTool(ctx, 'take_snapshot', {})).data.snapshot));
    const uid = (name: string) => resolveTarget(snap, { role: 'textbox', name }).uid as string;
    await runBrowserTool(ctx, 'fill', { uid: uid('Password'), value: PERSON.pw });
    await runBrowserTool(ctx, 'fill', { uid: uid('Card number'), value: PERSON.card });

    // the engine: a snapshot, a refused password fill, a code typed into the code field, then the plan goes on
    await engine.runtime.call('take_snapshot', {}, { session_id: sessionId });
    await expect(
      engine.runtime.call('fill', { uid: uid('Password'), value: ENGINE_TRIED }, { session_id: sessionId }),
    ).rejects.toMatchObject({
      code: 'POLICY_FORBIDDEN',
    });
    await engine.runtime.call('type_text', { uid: uid('인증번호'), text: PERSON.otp }, { session_id: sessionId });
    // keys typed without a uid go into the focused field: the PIN field, focused by a click
    await engine.runtime.call('click', { uid: uid('PIN') }, { session_id: sessionId });
    await engine.runtime.call('take_snapshot', {}, { session_id: sessionId });
    await engine.runtime.call('type_text', { text: PERSON.pin }, { session_id: sessionId });
    const review = await runPlan(
      plan('Checkout', [
        { id: 'name', type: 'fill', target: { role: 'textbox', name: 'Name' }, value: 'Kim Minji' },
        { id: 'review', type: 'click', target: { role: 'button', name: 'Review' } },
        { id: 'ready', type: 'wait', text: 'Review ready' },
      ]),
      { runtime: engine.runtime, sessionId, screenshots: true },
    );
    expect(review.status, JSON.stringify(review.error)).toBe('completed');
    // a plan step that would type a password is handed to the person (the plan is then cancelled), and recorded masked
    const stop = new AbortController();
    let handedOver = false;
    const refused = await runPlan(
      plan('Checkout', [{ id: 'pw', type: 'fill', target: { role: 'textbox', name: 'Password' }, value: ENGINE_TRIED }]),
      {
        runtime: engine.runtime,
        sessionId,
        screenshots: true,
        signal: stop.signal,
        onEvent: (e) => {
          if (e.type === 'hand_over_started' || e.type === 'approval_requested') {
            handedOver = true;
            stop.abort();
          }
        },
      },
    );
    expect(refused.status).not.toBe('completed');
    expect(handedOver || refused.status === 'failed').toBe(true);

    // the page really shows them (so the screenshots had something to hide)
    const shown = await runBrowserTool(ctx, 'evaluate_script', {
      function: `() => ['pw','otp','card','pin','name'].map((id) => { const r = document.getElementById(id).getBoundingClientRect(); return { id, value: document.getElementById(id).value, x: r.x, y: r.y, width: r.width, height: r.height }; })`,
    });
    const boxes = (shown.data.result ?? shown.data.value) as Array<{
      id: string;
      value: string;
      x: number;
      y: number;
      width: number;
      height: number;
    }>;
    expect(boxes.map((b) => b.value)).toEqual([PERSON.pw, PERSON.otp, PERSON.card, PERSON.pin, 'Kim Minji']);

    // 1. the store, read back row by row with another connection
    const rows = dumpAllTables(join(engine.dir, 'steward.db'));
    expect(rows).toContain('Kim Minji'); // the dump is real: the name the engine typed is there
    for (const s of SECRETS) expect(rows, s).not.toContain(s);

    // 2. an exported bundle (its text, screenshots aside)
    const bundle = engine.store.exportSessionBundle(sessionId);
    const text = JSON.stringify({ ...bundle, artifacts: bundle.artifacts.map((a) => ({ ...a, content_base64: null })) });
    expect(text).toContain('Kim Minji');
    for (const s of SECRETS) expect(text, s).not.toContain(s);

    // 3. the screenshots: each sensitive field's box is one flat colour; the name field is not
    const shots = bundle.artifacts.filter((a) => a.kind === 'screenshot' && a.content_base64);
    expect(shots.length).toBeGreaterThanOrEqual(2);
    const inner = (b: (typeof boxes)[number]) => ({ x: b.x + 1, y: b.y + 1, width: b.width - 2, height: b.height - 2 });
    const last = decodePng(Buffer.from(String(shots.at(-1)?.content_base64), 'base64'));
    for (const b of boxes.filter((b) => b.id !== 'name')) expect(coloursIn(last, inner(b)), b.id).toBe(1);
    expect(coloursIn(last, inner(boxes.find((b) => b.id === 'name') as (typeof boxes)[number]))).toBeGreaterThan(1);
    for (const shot of shots) {
      const img = decodePng(Buffer.from(String(shot.content_base64), 'base64'));
      for (const b of boxes.filter((b) => b.id !== 'name')) expect(coloursIn(img, inner(b)), `${shot.id} ${b.id}`).toBe(1);
    }
    // control: the same page captured without masking shows the digits in those boxes
    const raw = await runBrowserTool(ctx, 'take_screenshot', {});
    const rawPath = String((raw.data.screenshot as { path: string }).path);
    expect(readFileSync(rawPath).length).toBeGreaterThan(0);
    const page = engine.driver.page();
    const { data } = await page.cdp.send('Page.captureScreenshot', { format: 'png' }, page.sessionId || undefined);
    const unmasked = decodePng(Buffer.from(data, 'base64'));
    for (const id of ['otp', 'card', 'pin'])
      expect(coloursIn(unmasked, inner(boxes.find((b) => b.id === id) as (typeof boxes)[number])), id).toBeGreaterThan(1);
  });
});
