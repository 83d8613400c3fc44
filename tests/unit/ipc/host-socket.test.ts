import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type HostServer, startHostServer } from '../../../src/cli/host/host-server.ts';
import { createEngineServices, type EngineServices } from '../../../src/main/services/engine-services.ts';
import { fileSecretStore, jsonSettingsStore } from '../../../src/main/services/settings-store.ts';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import type { WsServerMessage } from '../../../src/shared/ipc.ts';

let dir: string;
let store: Store;
let services: EngineServices;
let server: HostServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'steward-host-'));
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

const wsUrl = () => `${server.url.replace('http', 'ws')}ipc`;
const origin = () => server.url.replace(/\/$/, '');

function open(originHeader: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(), { origin: originHeader });
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

describe('the host IPC WebSocket', () => {
  it('refuses a connection from another origin (a web page the user has open)', async () => {
    await expect(open('https://evil.example')).rejects.toThrow(/401|403/);
    await expect(open('http://127.0.0.1:1')).rejects.toThrow(/401|403/);
  });

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
