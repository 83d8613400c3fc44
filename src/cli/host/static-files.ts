import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** The same strict CSP the Electron window uses, sent as a header by the host. */
export const HOST_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/** The request's path, decoded; undefined when it is not a valid URL or percent-encoding (e.g. `/%E0`). */
function decodedPath(url: string | undefined): string | undefined {
  try {
    const pathname = decodeURIComponent(new URL(url ?? '/', 'http://host').pathname);
    return pathname.includes('\0') ? undefined : pathname;
  } catch {
    return undefined;
  }
}

/** Serves the built renderer (out/renderer); unknown paths get index.html, paths outside the root get 404, malformed ones 400. */
export function staticFiles(rootDir: string) {
  const root = resolve(rootDir);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const pathname = decodedPath(req.url);
    if (pathname === undefined) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('bad request\n');
      return;
    }
    let file = resolve(join(root, pathname));
    if (file !== root && !file.startsWith(root + sep)) {
      res.writeHead(404).end();
      return;
    }
    if (file === root || !extname(file)) file = join(root, 'index.html');
    try {
      const body = await readFile(file);
      res.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': HOST_CSP,
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cache-control': 'no-store',
      });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found — run `npm run build` first');
    }
  };
}
