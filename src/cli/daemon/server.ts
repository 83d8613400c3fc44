/** The broker's Unix socket: JSON lines in, JSON lines out; requests on one connection answered in order. */
import { chmodSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { StewardError } from '../../shared/errors.ts';
import { errorEnvelope } from '../output.ts';
import type { DaemonRequest, DaemonResponse } from './protocol.ts';

export function serveSocket(path: string, handle: (req: DaemonRequest) => Promise<DaemonResponse>): Promise<Server> {
  const server = createServer((conn) => {
    conn.setEncoding('utf8');
    let buf = '';
    let chain = Promise.resolve();
    conn.on('data', (chunk: string) => {
      buf += chunk;
      for (let nl = buf.indexOf('\n'); nl !== -1; nl = buf.indexOf('\n')) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (!line.trim()) continue;
        chain = chain.then(async () => {
          let res: DaemonResponse;
          try {
            res = await handle(JSON.parse(line) as DaemonRequest);
          } catch (e) {
            const err = new StewardError('PROTOCOL_ERROR', `Bad request line: ${(e as Error).message}`, {
              suggestions: ['Send one JSON request per line.'],
            });
            res = { id: '', envelope: errorEnvelope(err), exitCode: 7 };
          }
          if (!conn.destroyed) conn.write(`${JSON.stringify(res)}\n`);
        });
      }
    });
    conn.on('error', () => undefined);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      try {
        chmodSync(path, 0o600);
      } catch {}
      resolve(server);
    });
  });
}
