/**
 * The broker's socket: JSON lines in, JSON lines out; requests on one connection answered in order.
 * Every line is validated before it reaches the broker, lines are read in linear time, and a line
 * longer than the cap, or one that does not end in time once begun, is refused (the limit in the
 * answer) and its connection closed without buffering the rest. A request's AbortSignal fires
 * when its connection goes away.
 */
import { chmodSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { exitCodeFor, StewardError } from '../../shared/errors.ts';
import { errorEnvelope } from '../output.ts';
import { LineReader } from './line-reader.ts';
import type { DaemonRequest, DaemonResponse } from './protocol.ts';
import { parseRequestLine, requestIdOf } from './request-schema.ts';

/** The longest request line accepted: far above any command line (argv is capped near 2 MB), far below memory trouble. */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

/** How long one request line may take to arrive (a cdt client writes its line at once). */
const LINE_TIMEOUT_MS = 30_000;
/** Connections open at once (each cdt call holds one; far above any real crowd of agents). */
const MAX_CONNECTIONS = 512;

/** How long a connection whose line was refused may stay open for its client to read the answer. */
const CUT_OFF_MS = 2000;

export type RequestHandler = (req: DaemonRequest, signal: AbortSignal) => Promise<DaemonResponse>;

function refusal(e: unknown, line: string): DaemonResponse {
  let id = '';
  try {
    id = requestIdOf(JSON.parse(line));
  } catch {}
  const envelope = errorEnvelope(e, { requestId: id || undefined });
  return { id, envelope, exitCode: e instanceof StewardError ? exitCodeFor(e.code) : 11 };
}

function tooLong(maxBytes: number): DaemonResponse {
  const err = new StewardError(
    'PROTOCOL_ERROR',
    `The request line is longer than the limit of ${maxBytes} bytes (${Math.round(maxBytes / 1024 / 1024)} MiB); the connection is closed.`,
    {
      details: { field: '(request)', limitBytes: maxBytes },
      suggestions: ['Pass large inputs in a file: cdt <resource> <verb> --input-file <path>.'],
    },
  );
  return { id: '', envelope: errorEnvelope(err), exitCode: exitCodeFor('PROTOCOL_ERROR') };
}

function tooSlow(ms: number): DaemonResponse {
  const err = new StewardError(
    'PROTOCOL_ERROR',
    `The request line did not end within ${ms} ms of its first byte; the connection is closed.`,
    {
      details: { field: '(request)', lineTimeoutMs: ms },
      suggestions: ['Send each request as one line ending in a newline.'],
    },
  );
  return { id: '', envelope: errorEnvelope(err), exitCode: exitCodeFor('PROTOCOL_ERROR') };
}

export interface ServeOptions {
  maxLineBytes?: number;
  /** How long one request line may take to arrive once it has begun. */
  lineTimeoutMs?: number;
}

export function serveSocket(path: string, handle: RequestHandler, opts: ServeOptions = {}): Promise<Server> {
  const maxBytes = opts.maxLineBytes ?? MAX_REQUEST_BYTES;
  const lineMs = opts.lineTimeoutMs ?? LINE_TIMEOUT_MS;
  const server = createServer((conn) => {
    const reader = new LineReader(maxBytes);
    const gone = new AbortController();
    let chain = Promise.resolve();
    let lineTimer: NodeJS.Timeout | undefined;
    let refused = false;
    const answer = (res: DaemonResponse) => {
      if (!conn.destroyed) conn.write(`${JSON.stringify(res)}\n`);
    };
    // Stop reading (the rest is never read), answer after the lines before it, and end our side
    // so the client reads the answer before it sees the close; a client that keeps the
    // connection open is cut off shortly after.
    const refuse = (res: DaemonResponse) => {
      if (refused) return;
      refused = true;
      clearTimeout(lineTimer);
      conn.pause();
      chain = chain.then(() => {
        if (conn.destroyed) return;
        conn.end(`${JSON.stringify(res)}\n`);
        setTimeout(() => conn.destroy(), CUT_OFF_MS).unref();
      });
    };
    conn.on('data', (chunk: Buffer) => {
      if (refused) return;
      const { lines, overflow } = reader.push(chunk);
      for (const line of lines) {
        if (!line.trim()) continue;
        chain = chain.then(async () => {
          let req: DaemonRequest;
          try {
            req = parseRequestLine(line);
          } catch (e) {
            answer(refusal(e, line));
            return;
          }
          try {
            answer(await handle(req, gone.signal));
          } catch (e) {
            answer({ id: req.id, envelope: errorEnvelope(e, { requestId: req.id }), exitCode: 11 });
          }
        });
      }
      if (overflow) return refuse(tooLong(maxBytes));
      // A line that has begun must end in time (a client trickling bytes holds memory and a connection).
      if (lines.length || reader.pendingBytes === 0) {
        clearTimeout(lineTimer);
        lineTimer = undefined;
      }
      if (reader.pendingBytes > 0 && !lineTimer) lineTimer = setTimeout(() => refuse(tooSlow(lineMs)), lineMs);
    });
    conn.on('close', () => {
      clearTimeout(lineTimer);
      gone.abort();
    });
    conn.on('error', () => undefined);
  });
  server.maxConnections = MAX_CONNECTIONS;
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
