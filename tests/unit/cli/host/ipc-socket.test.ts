import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { IPC_LIMITS } from '../../../../src/cli/host/ipc-socket.ts';
import { type HostServer, startHostServer } from '../../../../src/cli/host/server.ts';
import { dispatch } from '../../../../src/main/services/dispatch.ts';
import { createEngineServices, type EngineServices } from '../../../../src/main/services/engine-services.ts';
import { fileSecretStore, jsonSettingsStore } from '../../../../src/main/services/settings/store.ts';
import { openStore, type Store } from '../../../../src/main/store/index.ts';
import { MAX_BUNDLE_CHARS, type WsServerMessage } from '../../../../src/shared/ipc/index.ts';

let dir: string;
let store: Store;
let services: EngineServices;
let server: HostServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'steward-host-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Steward</title>');
  store = openStore(':memory:');
  services = createEngineServices({
    host: 'headless',
    version: 'test',
    store,
    settings: jsonSettingsStore(join(dir, 'settings.json')),
    secrets: fileSecretStore(join(dir, 'secrets.json')),
  });
  server = await startHostServer({ port: 0, rendererDir: dir, services });
});
afterAll(async () => {
  await server.close();
  await services.close();
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const port = () => Number(new URL(server.origin).port);
const wsUrl = () => `${server.origin.replace('http', 'ws')}ipc`;
const origin = () => server.origin.replace(/\/$/, '');
const cookie = () => `steward_host_${port()}=${server.secret}`;

function open(originHeader: string, headers: Record<string, string> = { cookie: cookie() }): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(), { origin: originHeader, headers });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

function next(ws: WebSocket, raw: string): Promise<WsServerMessage> {
  return new Promise((resolve) => {
    ws.once('message', (d) => resolve(JSON.parse(String(d)) as WsServerMessage));
    ws.send(raw);
  });
}

/** A raw HTTP GET (the path is sent as given, undecoded). */
function get(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: port(), path, headers }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += String(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the host is locked by a secret', () => {
  it('answers nothing without the secret: HTTP 401, WebSocket 401 even from its own origin', async () => {
    expect((await get('/')).status).toBe(401);
    expect((await get('/index.html', { cookie: `steward_host_${port()}=wrong` })).status).toBe(401);
    expect((await get('/?token=wrong')).status).toBe(401);
    await expect(open(origin(), {})).rejects.toThrow(/401/);
    await expect(open(origin(), { cookie: `steward_host_${port()}=${server.secret.slice(1)}x` })).rejects.toThrow(/401/);
  });

  it('the printed URL sets the cookie and drops the token; the cookie then opens the UI', async () => {
    expect(server.url).toContain(`?token=${server.secret}`);
    const first = await get(`/?token=${server.secret}&lang=en`);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe('/?lang=en');
    expect(String(first.headers['set-cookie'])).toMatch(new RegExp(`^steward_host_${port()}=${server.secret}; HttpOnly; SameSite=Strict`));
    const page = await get('/?lang=en', { cookie: cookie() });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Steward</title>');
  });

  it('refuses a forged or foreign Origin and a foreign Host even with the secret', async () => {
    await expect(open('https://evil.example')).rejects.toThrow(/403/);
    await expect(open('http://127.0.0.1:1')).rejects.toThrow(/403/);
    expect((await get('/', { cookie: cookie(), host: `evil.example:${port()}` })).status).toBe(421);
  });

  it('GET /%E0 gets 400 (no crash) and the host still answers', async () => {
    expect((await get('/%E0', { cookie: cookie() })).status).toBe(400);
    expect((await get('/%E0')).status).toBe(401);
    expect((await get('/', { cookie: cookie() })).status).toBe(200);
  });

  it('an oversize message closes that connection (1009); the host and other clients go on', async () => {
    const other = await open(origin());
    const ws = await open(origin());
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.on('error', () => undefined);
    ws.send(Buffer.alloc(IPC_LIMITS.maxPayload + 1, 0x20));
    expect(await closed).toBe(1009);
    const again = await next(other, JSON.stringify({ kind: 'invoke', id: 9, channel: 'logs.sessions', input: {} }));
    expect(again).toEqual({ kind: 'result', id: 9, result: { ok: true, value: [] } });
    other.close();
    expect((await get('/', { cookie: cookie() })).status).toBe(200);
  });

  it('refuses a bundle import over the size limit with a validation error, before parsing it', async () => {
    expect(IPC_LIMITS.maxPayload).toBeGreaterThan(MAX_BUNDLE_CHARS);
    const r = await dispatch(services.handlers, 'logs.import', { bundle: ' '.repeat(MAX_BUNDLE_CHARS + 1) });
    expect(r).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR', details: { path: 'bundle' } } });
  });

  it(`allows at most ${IPC_LIMITS.connections} connections at once (503 after that)`, async () => {
    const sockets: WebSocket[] = [];
    try {
      for (let i = 0; i < IPC_LIMITS.connections; i++) sockets.push(await open(origin()));
      await expect(open(origin())).rejects.toThrow(/503/);
    } finally {
      await Promise.all(
        sockets.map(
          (s) =>
            new Promise((resolve) => {
              s.once('close', resolve);
              s.close();
            }),
        ),
      );
    }
  });
});

describe('the host IPC WebSocket', () => {
  it('answers malformed messages and bad payloads with errors, and valid calls with values', async () => {
    const ws = await open(origin());
    try {
      const garbage = await next(ws, '{not json');
      expect(garbage).toMatchObject({ kind: 'result', result: { ok: false, error: { code: 'VALIDATION_ERROR' } } });
      const bad = await next(ws, JSON.stringify({ kind: 'invoke', id: 1, channel: 'logs.events', input: { limit: 'all' } }));
      expect(bad).toMatchObject({
        kind: 'result',
        id: 1,
        result: { ok: false, error: { code: 'VALIDATION_ERROR', details: { path: 'limit' } } },
      });
      const unknown = await next(ws, JSON.stringify({ kind: 'invoke', id: 2, channel: 'shell.openExternal', input: { url: 'file:///' } }));
      expect(unknown).toMatchObject({ id: 2, result: { ok: false, error: { code: 'USAGE_ERROR' } } });
      const sessions = await next(ws, JSON.stringify({ kind: 'invoke', id: 3, channel: 'logs.sessions', input: {} }));
      expect(sessions).toEqual({ kind: 'result', id: 3, result: { ok: true, value: [] } });
      const settings = await next(ws, JSON.stringify({ kind: 'invoke', id: 4, channel: 'settings.update', input: { language: 'en' } }));
      expect(settings).toMatchObject({ id: 4, result: { ok: true, value: { language: 'en', secretStore: { encrypted: false } } } });
      const noEngine = await next(
        ws,
        JSON.stringify({ kind: 'invoke', id: 5, channel: 'browser.input', input: { kind: 'type', text: 'x' } }),
      );
      expect(noEngine).toMatchObject({ id: 5, result: { ok: false, error: { code: 'STATE_CONFLICT' } } });
    } finally {
      ws.close();
    }
  });

  it('saves an MCP command or a new base URL only with the confirmation the settings screen shows', async () => {
    const ws = await open(origin());
    try {
      const mcp = [{ name: 'x', command: 'sh', args: ['-c', 'id > /tmp/steward-pwned'] }];
      const refused = await next(ws, JSON.stringify({ kind: 'invoke', id: 6, channel: 'settings.update', input: { mcpServers: mcp } }));
      expect(refused).toMatchObject({
        id: 6,
        result: {
          ok: false,
          error: {
            code: 'APPROVAL_REQUIRED',
            details: { changes: [{ kind: 'mcp_command', name: 'x', command: 'sh -c id > /tmp/steward-pwned' }] },
          },
        },
      });
      const provider = { name: 'openai', model: 'gpt', baseUrl: 'https://attacker.example/v1' };
      const url = await next(ws, JSON.stringify({ kind: 'invoke', id: 7, channel: 'settings.update', input: { provider } }));
      expect(url).toMatchObject({
        id: 7,
        result: { ok: false, error: { code: 'APPROVAL_REQUIRED', details: { changes: [{ kind: 'base_url' }] } } },
      });
      const unchanged = await next(ws, JSON.stringify({ kind: 'invoke', id: 8, channel: 'settings.get', input: {} }));
      expect(unchanged).toMatchObject({ result: { ok: true, value: { mcpServers: [], provider: { name: 'offline' } } } });
      // what the screen sends after the person confirmed exactly these changes
      const changes =
        refused.kind === 'result' && !refused.result.ok
          ? (refused.result.error.details as { changes: Array<{ key: string }> }).changes
          : [];
      const keys = changes.map((c) => c.key);
      const saved = await next(
        ws,
        JSON.stringify({ kind: 'invoke', id: 10, channel: 'settings.update', input: { mcpServers: mcp, confirmed: keys } }),
      );
      expect(saved).toMatchObject({ id: 10, result: { ok: true, value: { mcpServers: [{ name: 'x', command: 'sh' }] } } });
      // saving the same server again (e.g. another setting changed) needs no new confirmation
      const again = await next(
        ws,
        JSON.stringify({ kind: 'invoke', id: 11, channel: 'settings.update', input: { mcpServers: mcp, language: 'ko' } }),
      );
      expect(again).toMatchObject({ id: 11, result: { ok: true } });
    } finally {
      ws.close();
    }
  });

  it('pushes engine events to connected clients', async () => {
    const ws = await open(origin());
    try {
      const got = new Promise<WsServerMessage>((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)) as WsServerMessage)));
      services.surface.setMode('person');
      expect(await got).toMatchObject({ kind: 'push', event: 'browser.control', payload: { mode: 'person', surface: 'screencast' } });
    } finally {
      ws.close();
    }
  });
});
