/** The output contract: one JSON envelope on stdout, each exit code, help at every level, --describe, errors, the jq pipelines. */
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrowserTool } from '../../../src/main/browser/tools/index.ts';
import { CODE_INFO, ERROR_CODES } from '../../../src/shared/errors.ts';
import { type StaticServer, serveFolder } from '../../helpers/static-server.ts';
import { CDT, cdt, cdtEnv, FIXTURES, makeHome, NODE, ROOT, stopDaemon, waitFor } from './helpers.ts';

const home = makeHome();
const env = { CDT_MAX_SLOTS: '2', CDT_CONTEXT_ID: 'contract' };
const jq = spawnSync('jq', ['--version']).status === 0;
let site: StaticServer;

beforeAll(async () => {
  site = await serveFolder(FIXTURES);
  const r = await cdt(home, ['page', 'open', '--url', `${site.url}/agent.html?agent=contract`], env);
  expect(r.code, r.stdout + r.stderr).toBe(0);
});
afterAll(async () => {
  await stopDaemon(home);
  await site?.close();
}, 60_000);

function expectError(r: Awaited<ReturnType<typeof cdt>>, code: string, exit: number) {
  expect(r.stdout.trim().split('\n'), r.stdout).toHaveLength(1);
  expect(r.json, r.stdout + r.stderr).toMatchObject({ ok: false, error: { code }, meta: { retryable: expect.any(Boolean) } });
  expect(r.json.error.suggestions.length).toBeGreaterThan(0);
  expect(r.json.error.suggestions.some((s: string) => s.startsWith('cdt '))).toBe(true);
  expect(r.code).toBe(exit);
}

describe('exit codes', () => {
  it('0: ok, with one JSON line and requestId/durationMs meta', async () => {
    const r = await cdt(home, ['page', 'list'], env);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(r.json).toMatchObject({
      ok: true,
      data: { pages: expect.any(Array) },
      meta: { requestId: expect.any(String), durationMs: expect.any(Number) },
    });
  });

  it('2: unknown command, unknown option, invalid value', async () => {
    expectError(await cdt(home, ['page', 'teleport'], env), 'USAGE_ERROR', 2);
    expectError(await cdt(home, ['page', 'list', '--colour', 'red'], env), 'USAGE_ERROR', 2);
    expectError(await cdt(home, ['page', 'navigate', '--type', 'teleport'], env), 'VALIDATION_ERROR', 2);
    expectError(await cdt(home, ['page', 'list', '--output', 'yaml'], env), 'USAGE_ERROR', 2);
  });

  it('3: no such page, no such context', async () => {
    expectError(await cdt(home, ['page', 'use', '--page', '999'], env), 'PAGE_NOT_FOUND', 3);
    expectError(await cdt(home, ['page', 'list', '--context-id', 'ctx_nope'], env), 'CONTEXT_NOT_FOUND', 3);
  });

  it('4: timeout', async () => {
    expectError(await cdt(home, ['page', 'wait-text', '--text', 'never on this page', '--timeout', '800'], env), 'TIMEOUT', 4);
  });

  it('5: a second session start, and the slot limit', async () => {
    expectError(await cdt(home, ['session', 'start'], env), 'STATE_CONFLICT', 5);
    expect((await cdt(home, ['page', 'list'], { ...env, CDT_CONTEXT_ID: 'second' })).code).toBe(0);
    // A call beyond the limit waits in line for a slot as long as its --timeout, then fails.
    const third = await cdt(home, ['page', 'list', '--timeout', '800'], { ...env, CDT_CONTEXT_ID: 'third' });
    expectError(third, 'SLOT_LIMIT_REACHED', 5);
    expect(third.json.error.suggestions).toContain('cdt session status --all');
    expect((await cdt(home, ['session', 'stop'], { ...env, CDT_CONTEXT_ID: 'second' })).code).toBe(0);
  });

  it('6: an input file that cannot be read', async () => {
    expectError(await cdt(home, ['page', 'navigate', '--input-file', '/nonexistent/input.json'], env), 'FILE_ACCESS', 6);
  });

  it('7: a request line the daemon cannot parse is a protocol error', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const s = connect(join(home, 'broker', 'daemon.sock'));
      let buf = '';
      s.on('data', (c) => {
        buf += c;
        if (buf.includes('\n')) {
          s.end();
          resolve(buf);
        }
      });
      s.on('error', reject);
      s.write('this is not json\n');
    });
    const res = JSON.parse(answer);
    expect(res.exitCode).toBe(7);
    expect(res.envelope).toMatchObject({ ok: false, error: { code: 'PROTOCOL_ERROR' } });
  });

  it('8 and 11 come from the same table (transient and internal errors have no reliable trigger from outside)', () => {
    expect(CODE_INFO.TRANSIENT.exit).toBe(8);
    expect(CODE_INFO.INTERNAL.exit).toBe(11);
  });

  it('10: the daemon cannot be reached or started', async () => {
    const r = await cdt('/dev/null/cdt', ['page', 'list'], env);
    expectError(r, 'DAEMON_UNAVAILABLE', 10);
  });

  it('daemon status and stop never start a daemon', async () => {
    const empty = join(tmpdir(), `cdt-none-${process.pid}`);
    for (const verb of ['status', 'stop']) {
      const r = await cdt(empty, ['daemon', verb]);
      expect(r.json).toMatchObject({ ok: true, data: { running: false } });
    }
    expect(existsSync(empty)).toBe(false);
  });

  it('--input-file supplies the input; flags override it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdt-in-'));
    const file = join(dir, 'in.json');
    writeFileSync(file, JSON.stringify({ type: 'url', url: `${site.url}/agent.html?agent=from-file` }));
    const r = await cdt(home, ['page', 'navigate', '--input-file', file], env);
    expect(r.code, r.stdout).toBe(0);
    const list = await cdt(home, ['page', 'list'], env);
    expect(list.stdout).toContain('agent=from-file');
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('fallback context', () => {
  it('a caller whose agent cannot be found (reparented to init) gets a short-lived context and a warning on stderr', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdt-fb-'));
    const out = join(dir, 'out.json');
    const err = join(dir, 'err.txt');
    // setsid in a subshell that exits at once: the cdt process is left with init as its parent.
    spawnSync('sh', ['-c', `(setsid ${NODE} ${CDT} session status > ${out} 2> ${err} &)`], { env: cdtEnv(home) });
    const text = await waitFor('orphaned cdt answered', () => {
      try {
        const t = readFileSync(out, 'utf8');
        return t.endsWith('\n') ? t : '';
      } catch {
        return '';
      }
    });
    expect(JSON.parse(text).data.context.resolvedBy).toBe('fallback');
    expect(readFileSync(err, 'utf8')).toMatch(/short-lived browser context/);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('session lifecycle', () => {
  it('restart gives the same context a fresh browser; stop removes it; the next command starts one again', async () => {
    const e = { ...env, CDT_CONTEXT_ID: 'lifecycle' };
    const started = await cdt(home, ['session', 'start'], e);
    expect(started.code, started.stdout).toBe(0);
    const restarted = await cdt(home, ['session', 'restart'], e);
    expect(restarted.json.data.context.id).toBe(started.json.data.context.id);
    expect(restarted.json.data.session.startedAt).not.toBe(started.json.data.session.startedAt);
    expect((await cdt(home, ['session', 'stop'], e)).json.data).toMatchObject({ stopped: true });
    expect((await cdt(home, ['session', 'status'], e)).json.data).toMatchObject({ running: false, session: null });
    expect((await cdt(home, ['page', 'list'], e)).code).toBe(0);
    expect((await cdt(home, ['session', 'status'], e)).json.data.running).toBe(true);
    await cdt(home, ['session', 'stop'], e);
  });
});

describe('self-description', () => {
  it('--help at every level, plain text, exit 0', async () => {
    const top = await cdt(home, ['--help']);
    expect(top.code).toBe(0);
    for (const r of ['session', 'page', 'element', 'input', 'capture', 'console', 'network', 'errors', 'mcp'])
      expect(top.stdout).toContain(r);
    const page = await cdt(home, ['page', '--help']);
    expect(page.stdout).toMatch(/open\s+Open a new tab/);
    const nav = await cdt(home, ['page', 'navigate', '--help']);
    expect(nav.stdout).toContain('--url');
    expect(nav.stdout).toContain('navigate_page');
    expect((await cdt(home, ['session', 'start', '--help'])).stdout).toContain('--browser-endpoint');
  });

  it('--describe gives the JSON schema, an example and the error codes', async () => {
    const r = await cdt(home, ['page', 'open', '--describe']);
    expect(r.code).toBe(0);
    expect(r.json.data.inputSchema.properties.url.type).toBe('string');
    expect(r.json.data.example.command).toMatch(/^cdt page open --url /);
    expect(r.json.data.errors.map((e: { code: string }) => e.code)).toContain('NAVIGATION_FAILED');
  });

  it('cdt errors lists every code with its exit code and meaning', async () => {
    const r = await cdt(home, ['errors']);
    expect(r.json.data.errors.map((e: { code: string }) => e.code)).toEqual([...ERROR_CODES]);
    for (const e of r.json.data.errors) expect(e.exitCode).toBe(CODE_INFO[e.code as keyof typeof CODE_INFO].exit);
  });

  it('cdt agent parse|run are routed to the agent commands', async () => {
    const parsed = await cdt(home, ['agent', 'parse', 'ICN에서 NRT 12월 20일 직항']);
    expect(parsed.code, parsed.stdout + parsed.stderr).toBe(0);
    expect(parsed.json).toMatchObject({ ok: true, data: expect.any(Object), meta: { requestId: expect.any(String) } });
    expectError(await cdt(home, ['agent', 'dance']), 'USAGE_ERROR', 2);
  });

  it('the launcher runs under the machine Node 20 too (re-exec with the pinned Node)', () => {
    const system = spawnSync('/usr/bin/node', ['--version'], { encoding: 'utf8' });
    if (system.status !== 0) return; // no system Node on this machine: nothing to check
    const r = spawnSync('/usr/bin/node', [join(ROOT, 'bin/cdt.mjs'), 'errors'], { encoding: 'utf8', env: cdtEnv(home) });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).ok).toBe(true);
  });
});

describe('jq pipelines from the issue', () => {
  const bin = mkdtempSync(join(tmpdir(), 'cdt-bin-'));
  writeFileSync(join(bin, 'cdt'), `#!/bin/sh\nexec ${NODE} ${CDT} "$@"\n`);
  chmodSync(join(bin, 'cdt'), 0o755);
  afterAll(() => rmSync(bin, { recursive: true, force: true }));
  // Asynchronous on purpose: the fixture server runs in this process and must keep answering.
  const sh = (script: string) =>
    new Promise<{ code: number; out: string }>((resolve) => {
      execFile(
        'bash',
        ['-c', script],
        { encoding: 'utf8', env: { ...cdtEnv(home, env), PATH: `${bin}:${process.env.PATH}` } },
        (error, stdout) => {
          resolve({ code: error ? Number(error.code) : 0, out: stdout });
        },
      );
    });

  it('page id from page list, then page use (parsed in the test)', async () => {
    const id = (await cdt(home, ['page', 'list'], env)).json.data.pages[0].id;
    const r = await cdt(home, ['page', 'use', '--page', id], env);
    expect(r.code).toBe(0);
  });

  it.skipIf(!jq)('PAGE_ID=$(cdt page list | jq …); cdt page use --page "$PAGE_ID"', async () => {
    const r = await sh(`PAGE_ID=$(cdt page list | jq -r '.data.pages[0].id'); cdt page use --page "$PAGE_ID"`);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).ok).toBe(true);
  });

  it.skipIf(!jq)('cdt page use --page 999; [ $? -eq 3 ] && cdt page list | jq .data.pages', async () => {
    const r = await sh(`cdt page use --page 999 >/dev/null; [ $? -eq 3 ] && cdt page list | jq '.data.pages'`);
    expect(r.code).toBe(0);
    expect(Array.isArray(JSON.parse(r.out))).toBe(true);
  });

  it.skipIf(!jq || !getBrowserTool('list_network_requests'))('cdt network list --fields id,url,status | jq .data.requests', async () => {
    const open = await sh(`cdt page open --url '${site.url}/agent.html?agent=jq'`);
    expect(open.code, open.out).toBe(0);
    const r = await sh(`cdt network list --fields id,url,status | jq '.data.requests'`);
    expect(r.code).toBe(0);
    const requests = JSON.parse(r.out) as Array<Record<string, unknown>>;
    expect(requests.length).toBeGreaterThan(0);
    for (const q of requests) expect(Object.keys(q).every((k) => ['id', 'url', 'status'].includes(k))).toBe(true);
    expect(requests.some((q) => String(q.url).includes('agent.html'))).toBe(true);
  });
});
