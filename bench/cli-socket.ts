/**
 * CLI bench, hostile socket input: a 50 MB request line sent to the daemon while another client
 * pings it. Measures how long the daemon takes to refuse the line, how much of it was read, the
 * ping latency meanwhile and the daemon's memory growth; and the line reader alone against the
 * old way of reading (append to a string, search it from the start for every chunk).
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { LineReader } from '../src/cli/daemon/line-reader.ts';
import { type Metrics, median, metric } from './report.ts';

function rssMb(pid: number): number {
  return Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
}

function ping(socket: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const s = connect(socket);
    s.once('data', () => {
      s.destroy();
      resolve(performance.now() - t);
    });
    s.once('error', reject);
    s.write('{"id":"bench-ping","op":"ping"}\n');
  });
}

export async function hostileLine(socket: string, daemonPid: number, totalMb = 50): Promise<Metrics> {
  const rss0 = rssMb(daemonPid);
  let rssPeak = rss0;
  const big = connect(socket);
  let accepted = 0;
  let closed = false;
  big.on('error', () => undefined);
  big.on('data', () => undefined);
  const t0 = performance.now();
  const done = new Promise<number>((r) => big.on('close', () => r(performance.now() - t0)));
  big.on('close', () => {
    closed = true;
  });
  const chunk = Buffer.alloc(256 * 1024, 'a');
  void (async () => {
    big.write('{"id":"huge","op":"call","pad":"');
    while (accepted < totalMb * 1024 * 1024 && !closed) {
      accepted += chunk.length;
      if (!big.write(chunk)) await new Promise((r) => setTimeout(r, 1));
    }
    big.end();
  })();
  const pings: number[] = [];
  while (!closed) {
    pings.push(await ping(socket));
    rssPeak = Math.max(rssPeak, rssMb(daemonPid));
  }
  const refusedMs = await done;
  return {
    huge_line_refused: metric(
      refusedMs,
      'ms',
      null,
      `${totalMb} MB line: connection closed by the daemon after ${(accepted / 1024 / 1024).toFixed(1)} MB were written`,
    ),
    huge_line_ping_p50: metric(median(pings), 'ms', null, `${pings.length} pings from another client meanwhile`),
    huge_line_ping_max: metric(Math.max(...pings), 'ms'),
    huge_line_daemon_rss_growth: metric(rssPeak - rss0, 'MB', null, 'peak VmRSS of the daemon minus before'),
  };
}

/** The old reader: append each chunk to a string and search it from the start for a newline. */
function quadraticRead(chunks: Buffer[]): number {
  let buf = '';
  let lines = 0;
  for (const c of chunks) {
    buf += c.toString('utf8');
    for (let nl = buf.indexOf('\n'); nl !== -1; nl = buf.indexOf('\n')) {
      buf = buf.slice(nl + 1);
      lines++;
    }
  }
  return lines + buf.length;
}

export function lineReaderSpeed(): Metrics {
  const out: Metrics = {};
  for (const mb of [5, 20]) {
    const chunks = Array.from({ length: mb * 16 }, () => Buffer.alloc(64 * 1024, 'a'));
    chunks.push(Buffer.from('\n'));
    let t = performance.now();
    const reader = new LineReader(Number.MAX_SAFE_INTEGER);
    for (const c of chunks) reader.push(c);
    const linear = performance.now() - t;
    t = performance.now();
    quadraticRead(chunks);
    const old = performance.now() - t;
    out[`line_reader_${mb}mb`] = metric(
      linear,
      'ms',
      old,
      'one line in 64 KB chunks; baseline: append to a string and search it from the start per chunk',
    );
  }
  return out;
}
