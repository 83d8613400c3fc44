import WebSocket from 'ws';
import { StewardError } from '../../../shared/errors.ts';
import type { CdpSession } from '../port.ts';
import { MessageRouter } from './message-router.ts';

const CONNECT_TIMEOUT_MS = 15_000;

/**
 * Turns what a user gives us into a browser WebSocket endpoint: a ws:// or wss:// URL is used
 * as is; an http(s)://host:port is asked for /json/version (Chrome, Browserless, Selenium Grid's
 * CDP proxy all answer it) and its webSocketDebuggerUrl is used.
 */
export async function resolveBrowserEndpoint(url: string): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StewardError('VALIDATION_ERROR', `Not a URL: ${url}`, {
      suggestions: ['Pass ws://host:port/devtools/browser/<id> or http://host:port.'],
    });
  }
  if (parsed.protocol === 'ws:' || parsed.protocol === 'wss:') return url;
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new StewardError('VALIDATION_ERROR', `Unsupported endpoint scheme ${parsed.protocol} in ${url}`, {
      suggestions: ['Pass ws://host:port/devtools/browser/<id> or http://host:port.'],
    });
  }
  const versionUrl = new URL('/json/version', parsed);
  let body: { webSocketDebuggerUrl?: string };
  try {
    const res = await fetch(versionUrl, { signal: AbortSignal.timeout(CONNECT_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    body = (await res.json()) as { webSocketDebuggerUrl?: string };
  } catch (e) {
    throw new StewardError('CDP_DISCONNECTED', `Could not read ${versionUrl.href}: ${(e as Error).message}`, {
      cause: e,
      suggestions: ['Start the browser with --remote-debugging-port=<port> and check the host and port.'],
    });
  }
  if (!body.webSocketDebuggerUrl) {
    throw new StewardError('PROTOCOL_ERROR', `${versionUrl.href} has no webSocketDebuggerUrl.`, {
      suggestions: ['Pass the browser WebSocket endpoint (ws://…/devtools/browser/<id>) directly.'],
    });
  }
  // Browsers behind a proxy report their internal host; keep the one the caller used.
  const ws = new URL(body.webSocketDebuggerUrl);
  ws.host = parsed.host;
  ws.protocol = parsed.protocol === 'https:' ? 'wss:' : 'ws:';
  return ws.href;
}

/** Connects to a running browser over its CDP WebSocket endpoint (or http://host:port). */
export async function connectWebSocket(url: string): Promise<CdpSession> {
  const endpoint = await resolveBrowserEndpoint(url);
  const socket = new WebSocket(endpoint, { perMessageDeflate: false, maxPayload: 512 * 1024 * 1024 });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.terminate();
      reject(
        new StewardError('CDP_DISCONNECTED', `Timed out connecting to ${endpoint}.`, {
          suggestions: ['Check that the browser is running and the endpoint is reachable.'],
        }),
      );
    }, CONNECT_TIMEOUT_MS);
    socket.once('open', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('error', (e) => {
      clearTimeout(timer);
      reject(
        new StewardError('CDP_DISCONNECTED', `Could not connect to ${endpoint}: ${e.message}`, {
          cause: e,
          suggestions: ['Check that the browser is running with remote debugging and the endpoint is current.'],
        }),
      );
    });
  });

  const router = new MessageRouter(
    (message) => socket.send(message),
    async () => {
      if (socket.readyState === WebSocket.CLOSED) return;
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.close();
      const timer = setTimeout(() => socket.terminate(), 3000);
      await closed;
      clearTimeout(timer);
    },
  );
  socket.on('message', (data) => router.receive(data.toString()));
  socket.on('error', () => undefined);
  socket.on('close', (code, reason) => router.disconnected(`socket closed (${code}${reason.length ? ` ${reason.toString()}` : ''})`));
  return router;
}
