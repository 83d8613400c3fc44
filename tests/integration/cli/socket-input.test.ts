/**
 * The daemon does not trust its socket: every request line is validated (the answer names the bad
 * field, carries no stack trace, and nothing runs), and a line longer than the cap is refused with
 * the limit in the answer and its connection closed, without the daemon reading the rest — while
 * other clients keep being answered.
 */
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cdt, makeHome, stopDaemon } from './helpers.ts';

const home = makeHome();
const socketPath = join(home, 'broker', 'daemon.sock');
const caller = { cliPid: process.pid, parentPid: process.ppid, cwd: '/' };
let daemon: number;

beforeAll(async () => {
  const r = await cdt(home, ['session', 'status'], { CDT_CONTEXT_ID: 'socket' });
  expect(r.code, r.stdout + r.stderr).toBe(0);
  daemon = r.json.data.daemon.pid;
});
afterAll(() => stopDaemon(home), 60_000);

/** Sends raw bytes as one line and reads the one answer line. */
// biome-ignore lint/suspicious/noExplicitAny: a parsed daemon answer, checked by each test
function ask(line: string): Promise<{ raw: string; json: any }> {
  return new Promise((resolve, reject) => {
    const s = connect(socketPath);
    let buf = '';
    s.setEncoding('utf8');
    s.on('data', (c: string) => {
      buf += c;
      const nl = buf.indexOf('\n');
      if (nl !== -1) {
        s.destroy();
        resolve({ raw: buf.slice(0, nl), json: JSON.parse(buf.slice(0, nl)) });
      }
    });
    s.on('error', reject);
    s.write(`${line}\n`);
  });
}

function rssKb(pid: number): number {
  return Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

describe('request validation', () => {
  const statusCall = { resource: 'session', verb: 'status', flags: {} };
  const cases: Array<[string, unknown, string]> = [
    ['null', null, '(request)'],
    ['an array', [1, 2], '(request)'],
    ['caller: null', { id: 'c1', op: 'call', caller: null, call: statusCall }, 'caller'],
    ['flags: null', { id: 'c2', op: 'call', caller, call: { ...statusCall, flags: null } }, 'call.flags'],
    ['a pid that is a string', { id: 'c3', op: 'call', caller: { ...caller, cliPid: '12' }, call: statusCall }, 'caller.cliPid'],
    ['a call without its verb', { id: 'c4', op: 'call', caller, call: { resource: 'page', flags: {} } }, 'call.verb'],
    ['a flag that is a number', { id: 'c5', op: 'call', caller, call: { ...statusCall, flags: { all: 1 } } }, 'call.flags.all'],
  ];
  for (const [name, value, field] of cases) {
    it(`${name} is refused naming ${field}, with no stack trace`, async () => {
      const { raw, json } = await ask(JSON.stringify(value));
      expect(json.envelope).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR', details: { field } } });
      expect(json.envelope.error.message).toContain(field);
      expect(json.exitCode).toBe(2);
      expect(raw).not.toMatch(/\bat .*\.ts:\d+|TypeError|Cannot read prop/);
    });
  }

  it('an unknown op is refused and its call does not run', async () => {
    // `session stop` would close this context's browser, were it run: start one first.
    const start = await cdt(home, ['session', 'status'], { CDT_CONTEXT_ID: 'socket' });
    const id = start.json.data.context.id;
    const { json } = await ask(
      JSON.stringify({
        id: 'u1',
        op: 'shutdown',
        caller: { ...caller, contextId: id },
        call: { resource: 'daemon', verb: 'stop', flags: {} },
      }),
    );
    expect(json.envelope).toMatchObject({ ok: false, error: { code: 'VALIDATION_ERROR', details: { field: 'op' } } });
    const after = await cdt(home, ['daemon', 'status']);
    expect(after.json.data.daemon.pid).toBe(daemon);
  });

  it('a valid ping and a valid call still work', async () => {
    expect((await ask(JSON.stringify({ id: 'p', op: 'ping' }))).json.envelope.data.pid).toBe(daemon);
    const { json } = await ask(
      JSON.stringify({
        id: 'ok',
        op: 'call',
        caller: { ...caller, envContextId: 'socket' },
        call: { resource: 'session', verb: 'status', flags: {} },
      }),
    );
    expect(json.envelope.ok).toBe(true);
  });
});

describe('a huge request line', () => {
  it('is refused with the limit named and its connection closed before the rest is read; pings stay answered', async () => {
    const total = 50 * 1024 * 1024;
    const rssBefore = rssKb(daemon);
    const big = connect(socketPath);
    let answer = '';
    let accepted = 0;
    let closed = false;
    big.setEncoding('utf8');
    big.on('data', (c: string) => {
      answer += c;
    });
    big.on('error', () => undefined);
    const closedP = new Promise<void>((r) => big.on('close', () => r()));
    big.on('close', () => {
      closed = true;
    });
    const chunk = Buffer.alloc(256 * 1024, 'a');
    const sending = (async () => {
      big.write('{"id":"huge","op":"call","caller":{"cliPid":1,"parentPid":1,"cwd":"/"},"pad":"');
      while (accepted < total && !closed) {
        const more = big.write(chunk);
        accepted += chunk.length;
        if (!more)
          await new Promise<void>((r) => {
            const done = () => {
              big.off('drain', done);
              big.off('close', done);
              r();
            };
            big.on('drain', done);
            big.on('close', done);
          });
      }
    })();
    // Other clients are answered while the huge line is arriving.
    const pings: boolean[] = [];
    while (!closed) {
      const { json } = await ask(JSON.stringify({ id: `p${pings.length}`, op: 'ping' }));
      pings.push(json.envelope.ok === true && json.envelope.data.pid === daemon);
    }
    await closedP;
    await sending;
    expect(pings.length).toBeGreaterThan(0);
    expect(pings.every(Boolean)).toBe(true);
    const res = JSON.parse(answer.split('\n')[0] as string);
    expect(res.envelope.error.code).toBe('PROTOCOL_ERROR');
    expect(res.envelope.error.details.limitBytes).toBe(4 * 1024 * 1024);
    expect(res.envelope.error.message).toContain(String(4 * 1024 * 1024));
    // The daemon stopped reading near the limit: most of the 50 MB never left this process.
    expect(accepted).toBeLessThan(total / 2);
    // …and did not hold the line in memory (well under the 50 MB it would take).
    expect(rssKb(daemon) - rssBefore).toBeLessThan(150 * 1024); // reading it whole grew the daemon by ~400 MB)
    expect((await ask(JSON.stringify({ id: 'after', op: 'ping' }))).json.envelope.data.pid).toBe(daemon);
  }, 120_000);
});
