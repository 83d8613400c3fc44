import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EngineServices } from '../../main/services/engine-services.ts';
import { attachIpcSocket } from './ipc-socket.ts';
import { staticFiles } from './static-files.ts';

export interface HostServer {
  url: string;
  close(): Promise<void>;
}

/** The pages a browser may open the UI from: this server's own origin, by IP or by name. */
export function sameOriginCheck(port: number) {
  const allowed = new Set([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
  return (origin: string | undefined) => origin !== undefined && allowed.has(origin);
}

/** HTTP (the built renderer) and the IPC WebSocket on one port of 127.0.0.1. */
export async function startHostServer(opts: { port: number; rendererDir: string; services: EngineServices }): Promise<HostServer> {
  const serve = staticFiles(opts.rendererDir);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    void serve(req, res);
  });
  let port = opts.port;
  const closeSocket = attachIpcSocket(server, opts.services.handlers, opts.services.hub, (origin) => sameOriginCheck(port)(origin));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      await closeSocket();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
