/**
 * The daemon's socket server on a real Unix socket, with small limits: a line that does not end in
 * time or grows past the cap is refused with the limit named and its connection closed; a line
 * arriving in pieces within the limits is answered; a request's signal fires when its client goes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DaemonRequest, DaemonResponse } from '../../../src/cli/daemon/protocol.ts';
import { serveSocket } from '../../../src/cli/daemon/server.ts';

const dir = mkdtempSync(join(tmpdir(), 'cdt-sock-'));
const path = join(dir, 's.sock');
const relaxedPath = join(dir, 'r.sock');
let server: Server;
let relaxed: Server;
const aborted: string[] = [];

async function handle(req: DaemonRequest, signal: AbortSignal): Promise<DaemonResponse> {
  if (req.op === 'call' && req.call.verb === 'hang') {
    await new Promise<void>((r) => signal.addEventListener('abort', () => r(), { once: true }));
    aborted.push(req.id);
  }
  return { id: req.id, envelope: { ok: true, data: { op: req.op }, meta: { requestId: req.id, durationMs: 0 } }, exitCode: 0 };
}

beforeAll(async () => {
  server = await serveSocket(path, handle, { maxLineBytes: 200, lineTimeoutMs: 300 });
  relaxed = await serveSocket(relaxedPath, handle, { maxLineBytes: 200, lineTimeoutMs: 60_000 });
});
afterAll(() => {
  server.close();
  relaxed.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Writes `parts` with `gapMs` between them; resolves with everything read until the server closes. */
function session(parts: string[], gapMs: number, at = path): Promise<{ text: string; closedByServer: boolean }> {
  return new Promise((resolve) => {
    const s = connect(at);
    let text = '';
    s.setEncoding('utf8');
    s.on('data', (c: string) => {
      text += c;
    });
    s.on('error', () => undefined);
    s.on('close', () => resolve({ text, closedByServer: true }));
    (async () => {
      for (const p of parts) {
        if (s.destroyed) return;
        s.write(p);
        await new Promise((r) => setTimeout(r, gapMs));
      }
      // Everything sent and answered: close from this side.
      setTimeout(() => {
        if (!s.destroyed) {
          s.removeAllListeners('close');
          s.destroy();
          resolve({ text, closedByServer: false });
        }
      }, 200);
    })();
  });
}

describe('serveSocket limits', () => {
  it('a line arriving in pieces within the limits is answered', async () => {
    const line = JSON.stringify({ id: 'p1', op: 'ping' });
    const { text, closedByServer } = await session([line.slice(0, 10), line.slice(10), '\n'], 50, relaxedPath);
    expect(JSON.parse(text).envelope.data.op).toBe('ping');
    expect(closedByServer).toBe(false);
  });

  it('a line that does not end in time is refused with the deadline named, and the connection closed', async () => {
    // The parts are at least 5 × 120 ms apart: the line cannot be complete within 300 ms.
    const { text, closedByServer } = await session(['{"id":"slow",', '"op":', '"pi', 'ng"', '}'], 120);
    const res = JSON.parse(text.split('\n')[0] as string);
    expect(res.envelope.error.code).toBe('PROTOCOL_ERROR');
    expect(res.envelope.error.details.lineTimeoutMs).toBe(300);
    expect(res.envelope.error.message).toContain('300 ms');
    expect(closedByServer).toBe(true);
  });

  it('a line past the cap is refused with the limit named, and the connection closed', async () => {
    const { text, closedByServer } = await session([`{"id":"big","pad":"${'a'.repeat(500)}"}\n`], 10);
    const res = JSON.parse(text.split('\n')[0] as string);
    expect(res.envelope.error.details.limitBytes).toBe(200);
    expect(closedByServer).toBe(true);
  });

  it("a request's signal fires when its client goes away", async () => {
    const caller = { cliPid: 1, parentPid: 1, cwd: '/' };
    const s = connect(path);
    s.write(`${JSON.stringify({ id: 'h1', op: 'call', caller, call: { resource: 'x', verb: 'hang', flags: {} } })}\n`);
    await new Promise((r) => setTimeout(r, 100));
    s.destroy();
    for (let i = 0; i < 50 && !aborted.includes('h1'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(aborted).toContain('h1');
  });
});
