import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { dispatch, type Handlers } from '../../main/services/dispatch.ts';
import type { PushHub } from '../../main/services/push-hub.ts';
import { StewardError } from '../../shared/errors.ts';
import { MAX_BUNDLE_CHARS, WsClientMessage, type WsServerMessage } from '../../shared/ipc/index.ts';

/** Sane limits: one message fits the largest bundle import; a handful of windows may be open at once. */
export const IPC_LIMITS = { maxPayload: MAX_BUNDLE_CHARS + 1024 * 1024, connections: 16 };

export type ClientCheck = (req: IncomingMessage) => { ok: true } | { ok: false; code: 401 | 403 };

/**
 * The IPC map over a WebSocket at /ipc: the same dispatch (and zod validation) as Electron's ipcMain.
 * Only a client with the host's secret, from the host's own origin, may connect — the WebSocket
 * twin of checking the IPC sender frame — so neither a web page nor another local program can
 * drive the engine. A message over the size limit closes that connection (1009); the host goes on.
 */
export function attachIpcSocket(server: Server, handlers: Handlers, hub: PushHub, check: ClientCheck): () => Promise<void> {
  const wss = new WebSocketServer({
    server,
    path: '/ipc',
    maxPayload: IPC_LIMITS.maxPayload,
    verifyClient: ({ req }: { req: IncomingMessage }, done: (ok: boolean, code?: number, message?: string) => void) => {
      const r = check(req);
      if (!r.ok) return done(false, r.code, r.code === 401 ? 'Unauthorized' : 'Forbidden');
      if (wss.clients.size >= IPC_LIMITS.connections) return done(false, 503, 'Too many connections');
      done(true);
    },
  });
  // a listen error (port in use) is reported by the HTTP server's own listen; do not crash here as well
  wss.on('error', () => undefined);
  wss.on('connection', (socket) => {
    const send = (m: WsServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
    };
    const unsubscribe = hub.subscribe((event, payload) => send({ kind: 'push', event, payload }));
    socket.on('close', unsubscribe);
    // oversize or malformed frames: ws closes the connection and reports here; nothing to rethrow
    socket.on('error', () => socket.terminate());
    socket.on('message', async (data) => {
      let msg: unknown;
      try {
        msg = JSON.parse(String(data));
      } catch {
        msg = undefined;
      }
      const parsed = WsClientMessage.safeParse(msg);
      if (!parsed.success) {
        const error = new StewardError('VALIDATION_ERROR', 'Malformed IPC message.', {
          suggestions: ['Send {kind:"invoke", id, channel, input}.'],
        }).toValue();
        send({ kind: 'result', id: -1, result: { ok: false, error } });
        return;
      }
      const { id, channel, input } = parsed.data;
      try {
        send({ kind: 'result', id, result: await dispatch(handlers, channel, input) });
      } catch (e) {
        const error = new StewardError('INTERNAL', `The host could not answer ${channel}.`, { cause: e }).toValue();
        send({ kind: 'result', id, result: { ok: false, error } });
      }
    });
  });
  return () =>
    new Promise<void>((resolve) => {
      for (const c of wss.clients) c.terminate();
      wss.close(() => resolve());
    });
}
