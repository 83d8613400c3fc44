import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EngineServices } from '../../main/services/engine-services.ts';
import { hostAuth, newHostSecret } from './auth.ts';
import { attachIpcSocket, IPC_LIMITS } from './ipc-socket.ts';
import { staticFiles } from './static-files.ts';

export interface HostServer {
  /** The URL to open, with the secret (`?token=…`): the first load sets the cookie. */
  url: string;
  /** The URL without the secret (what a browser shows after the first load). */
  origin: string;
  secret: string;
  close(): Promise<void>;
}

const UNAUTHORISED_JSON = `${JSON.stringify({
  error: {
    code: 'PERMISSION_ERROR',
    message: 'The host needs its secret: Authorization: Bearer <secret>. / 호스트 비밀값이 필요합니다.',
    details: {},
    suggestions: ['Send the secret printed by `npm run serve` (the ?token= of its URL) as a Bearer token.'],
    retryable: false,
  },
})}\n`;

/** The pages a browser may open the UI from: this server's own origin, by IP or by name. */
export function sameOriginCheck(port: number) {
  const allowed = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  return (origin: string | undefined) => origin !== undefined && allowed.has(origin);
}

/**
 * HTTP (the built renderer) and the IPC WebSocket on one port of 127.0.0.1, both locked by a
 * secret (see auth.ts). A malformed request gets a 4xx; nothing a client sends ends the process.
 */
export async function startHostServer(opts: {
  port: number;
  rendererDir: string;
  services: EngineServices;
  /** The secret clients must present; a random one when omitted. */
  secret?: string | undefined;
  /** Routes under /api/ (JSON, POST); given the same-origin check, returns whether it handled the request. */
  api?: (sameOrigin: (origin: string | undefined) => boolean) => (req: IncomingMessage, res: ServerResponse) => boolean;
  log?: (line: string) => void;
}): Promise<HostServer> {
  const serve = staticFiles(opts.rendererDir);
  let port = opts.port;
  const auth = hostAuth(opts.secret || newHostSecret(), () => port);
  const api = opts.api?.((origin) => sameOriginCheck(port)(origin));
  const server = createServer((req, res) => {
    try {
      if (api && (req.url ?? '').startsWith('/api/')) {
        // an API client presents the secret on every call (Bearer, cookie or ?token=): no redirect
        if (!auth.isOwnHost(req)) res.writeHead(421).end();
        else if (!auth.hasSecret(req))
          res.writeHead(401, { 'content-type': 'application/json; charset=utf-8', 'www-authenticate': 'Bearer' }).end(UNAUTHORISED_JSON);
        else if (!api(req, res)) res.writeHead(404).end();
        return;
      }
      if (auth.gate(req, res)) return;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405).end();
        return;
      }
      serve(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(400).end();
      });
    } catch (e) {
      opts.log?.(`steward host: bad request ${JSON.stringify(req.url ?? '').slice(0, 200)}: ${(e as Error).message}`);
      if (!res.headersSent) res.writeHead(400).end();
    }
  });
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  server.maxHeadersCount = 100;
  // a request line or header the parser rejects: answer 400 on that socket, keep serving
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  const closeSocket = attachIpcSocket(server, opts.services.handlers, opts.services.hub, (req) => {
    if (!sameOriginCheck(port)(req.headers.origin) || !auth.isOwnHost(req)) return { ok: false, code: 403 };
    if (!auth.hasSecret(req)) return { ok: false, code: 401 };
    return { ok: true };
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}/`;
  opts.log?.(`steward host: at most ${IPC_LIMITS.connections} UI connections, ${IPC_LIMITS.maxPayload / 1024 / 1024} MB per message.`);
  return {
    url: `${origin}?token=${auth.secret}`,
    origin,
    secret: auth.secret,
    async close() {
      await closeSocket();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
