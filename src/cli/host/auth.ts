/**
 * The lock of the local host. Binding to 127.0.0.1 keeps other machines out, and the Origin check
 * keeps web pages out, but any local process can connect and send any Origin. So the host makes a
 * random secret at start and prints the URL with it (as Jupyter does): the first load of
 * `/?token=…` sets an HttpOnly, SameSite=Strict cookie and redirects to the same page without the
 * token; after that every HTTP request and the WebSocket upgrade carry the cookie. A request
 * without the secret (cookie, `?token=` or `Authorization: Bearer`) gets 401; a Host header that is
 * not this server's own (DNS rebinding) gets 421.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export function newHostSecret(): string {
  return randomBytes(24).toString('base64url');
}

export interface HostAuth {
  readonly secret: string;
  readonly cookieName: string;
  /** Whether the request carries the secret (cookie, ?token= or Authorization: Bearer). */
  hasSecret(req: IncomingMessage): boolean;
  /** Whether the Host header names this server (127.0.0.1 or localhost on its port). */
  isOwnHost(req: IncomingMessage): boolean;
  /** Handles the request when it must not reach the files: 401/421, or the cookie-setting redirect. */
  gate(req: IncomingMessage, res: ServerResponse): boolean;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function cookies(req: IncomingMessage): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return out;
}

function queryToken(req: IncomingMessage): string | undefined {
  try {
    return new URL(req.url ?? '/', 'http://host').searchParams.get('token') ?? undefined;
  } catch {
    return undefined;
  }
}

const UNAUTHORISED =
  'Steward host: open the URL printed by `npm run serve` (it carries ?token=…). / `npm run serve`가 출력한 주소(?token=… 포함)로 여세요.\n';

export function hostAuth(secret: string, port: () => number): HostAuth {
  const cookieName = () => `steward_host_${port()}`;
  const auth: HostAuth = {
    secret,
    get cookieName() {
      return cookieName();
    },
    hasSecret(req) {
      const fromCookie = cookies(req).get(cookieName());
      const bearer = /^Bearer (\S{1,200})$/.exec(req.headers.authorization ?? '')?.[1];
      return [fromCookie, queryToken(req), bearer].some((t) => t !== undefined && same(t, secret));
    },
    isOwnHost(req) {
      const host = req.headers.host;
      return host === `127.0.0.1:${port()}` || host === `localhost:${port()}`;
    },
    gate(req, res) {
      if (!auth.isOwnHost(req)) {
        res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' }).end('Steward host: wrong Host header.\n');
        return true;
      }
      if (!auth.hasSecret(req)) {
        res.writeHead(401, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end(UNAUTHORISED);
        return true;
      }
      const token = queryToken(req);
      if (token !== undefined) {
        // keep the secret out of the address bar, history and Referer: set the cookie, drop the token
        const url = new URL(req.url ?? '/', 'http://host');
        url.searchParams.delete('token');
        res
          .writeHead(303, {
            'set-cookie': `${cookieName()}=${secret}; HttpOnly; SameSite=Strict; Path=/`,
            location: `${url.pathname}${url.search}`,
            'cache-control': 'no-store',
            'referrer-policy': 'no-referrer',
          })
          .end();
        return true;
      }
      return false;
    },
  };
  return auth;
}
