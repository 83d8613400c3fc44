import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { dispatch, type Handlers } from '../../main/services/dispatch.ts';
import type { PushHub } from '../../main/services/push-hub.ts';
import { StewardError } from '../../shared/errors.ts';
import { WsClientMessage, type WsServerMessage } from '../../shared/ipc.ts';

/**
 * The IPC map over a WebSocket at /ipc: the same dispatch (and zod validation) as Electron's ipcMain.
 * Only the host's own origin may connect — the WebSocket twin of checking the IPC sender frame —
 * so a web page the user happens to open cannot drive the engine.
 */
export function attachIpcSocket(
  server: Server,
  handlers: Handlers,
  hub: PushHub,
  isAllowedOrigin: (origin: string | undefined) => boolean,
): () => Promise<void> {
  const wss = new WebSocketServer({
    server,
    path: '/ipc',
    maxPayload: 256 * 1024 * 1024,
    verifyClient: ({ req }: { req: IncomingMessage }) => isAllowedOrigin(req.headers.origin),
  });
  // a listen error (port in use) is reported by the HTTP server's own listen; do not crash here as well
  wss.on('error', () => undefined);
  wss.on('connection', (socket) => {
    const send = (m: WsServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(m));
    };
    const unsubscribe = hub.subscribe((event, payload) => send({ kind: 'push', event, payload }));
    socket.on('close', unsubscribe);
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
      send({ kind: 'result', id, result: await dispatch(handlers, channel, input) });
    });
  });
  return () =>
    new Promise<void>((resolve) => {
      for (const c of wss.clients) c.terminate();
      wss.close(() => resolve());
    });
}
