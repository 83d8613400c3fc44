import { StewardError } from '../../../shared/errors.ts';
import type { InvokeChannel, InvokeResult, PushEvent, StewardApi, WsServerMessage } from '../../../shared/ipc/index.ts';

type Pending = (result: InvokeResult<InvokeChannel>) => void;

/** The headless host's transport: the IPC map over a WebSocket at /ipc of the page's own origin; reconnects on loss. */
export function connectWebSocketApi(url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ipc`): StewardApi {
  const pending = new Map<number, Pending>();
  const listeners = new Map<PushEvent, Set<(payload: unknown) => void>>();
  const queue: string[] = [];
  let nextId = 1;
  let socket: WebSocket;
  let retryMs = 250;

  const failAll = () => {
    const error = new StewardError('DAEMON_UNAVAILABLE', 'Lost the connection to the Steward host.', {
      suggestions: ['Check that `npm run serve` is still running, then retry.'],
    }).toValue();
    for (const [, resolve] of pending) resolve({ ok: false, error });
    pending.clear();
  };

  const open = () => {
    socket = new WebSocket(url);
    socket.addEventListener('open', () => {
      retryMs = 250;
      for (const m of queue.splice(0)) socket.send(m);
    });
    socket.addEventListener('message', (e) => {
      const msg = JSON.parse(String(e.data)) as WsServerMessage;
      if (msg.kind === 'result') {
        pending.get(msg.id)?.(msg.result);
        pending.delete(msg.id);
      } else {
        for (const l of listeners.get(msg.event) ?? []) l(msg.payload);
      }
    });
    socket.addEventListener('close', () => {
      failAll();
      setTimeout(open, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    });
  };
  open();

  return {
    transport: 'websocket',
    invoke(channel, input) {
      const id = nextId++;
      const message = JSON.stringify({ kind: 'invoke', id, channel, input });
      return new Promise((resolve) => {
        pending.set(id, resolve as Pending);
        if (socket.readyState === WebSocket.OPEN) socket.send(message);
        else queue.push(message);
      });
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const l = listener as (payload: unknown) => void;
      set.add(l);
      return () => set.delete(l);
    },
  };
}
