/** The common result of acting tools (page, target, duration, changed/noop) and ACTION_NO_EFFECT on request. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaticServer, serveFolder } from '../../helpers/static-server.ts';
import { cdt, FIXTURES, makeHome, stopDaemon } from './helpers.ts';

const home = makeHome();
const env = { CDT_CONTEXT_ID: 'actions' };
let site: StaticServer;
let uids: Record<string, string>;

interface Env {
  ok: boolean;
  data: Record<string, unknown> & { action?: { page: string; target: unknown; durationMs: number; changed: boolean; noop: boolean } };
  error?: { code: string; details: Record<string, unknown> };
}

async function uidOf(name: string): Promise<string> {
  const r = await cdt(home, ['capture', 'snapshot'], env);
  const text = String((r.json as { data: { snapshot?: string } }).data.snapshot ?? r.stdout);
  const m = new RegExp(`(\\d+_[0-9a-z]+) button "${name}"`).exec(text);
  if (!m) throw new Error(`no button "${name}" in ${text.slice(0, 500)}`);
  return m[1] as string;
}

beforeAll(async () => {
  site = await serveFolder(FIXTURES);
  const r = await cdt(home, ['page', 'open', '--url', `${site.url}/action.html`], env);
  expect(r.code, r.stdout + r.stderr).toBe(0);
  uids = { add: await uidOf('Add a line'), idle: await uidOf('Does nothing') };
}, 120_000);
afterAll(async () => {
  await stopDaemon(home);
  await site?.close();
}, 60_000);

describe('the action result', () => {
  it('a click that changes the page: changed, with page, target and duration', async () => {
    const r = await cdt(home, ['element', 'click', '--uid', uids.add as string], env);
    const e = r.json as Env;
    expect(e.ok, r.stdout).toBe(true);
    expect(e.data.action).toMatchObject({ target: uids.add, changed: true, noop: false, page: expect.any(String) });
    expect(e.data.action?.durationMs).toEqual(expect.any(Number));
    const snap = await cdt(home, ['capture', 'snapshot'], env);
    expect(snap.stdout).toContain('added');
  });

  it('a click on a button without effect: noop; with --expect-change it is ACTION_NO_EFFECT', async () => {
    const r = await cdt(home, ['element', 'click', '--uid', uids.idle as string], env);
    expect((r.json as Env).data.action).toMatchObject({ target: uids.idle, changed: false, noop: true });
    const strict = await cdt(home, ['element', 'click', '--uid', uids.idle as string, '--expect-change'], env);
    expect(strict.code).not.toBe(0);
    expect((strict.json as Env).error?.code).toBe('ACTION_NO_EFFECT');
    const fine = await cdt(home, ['element', 'click', '--uid', uids.add as string, '--expect-change'], env);
    expect((fine.json as Env).ok, fine.stdout).toBe(true);
  });
});

describe("the context's console and network logs on disk", () => {
  it('console.jsonl and network.jsonl hold what the page logged and loaded, owner-only', async () => {
    const [hash] = readdirSync(join(home, 'contexts'));
    const dir = join(home, 'contexts', hash as string);
    const lines = (f: string) =>
      readFileSync(join(dir, f), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const network = lines('network.jsonl');
    expect(network.some((r) => String(r.url).endsWith('/action.html') && r.status === 200 && typeof r.pageId === 'string')).toBe(true);
    expect(network.every((r) => !('requestHeaders' in r) && !('postData' in r))).toBe(true);
    expect(lines('console.jsonl').some((m) => String(m.text).includes('line added by the page'))).toBe(true);
    for (const f of ['console.jsonl', 'network.jsonl']) expect(statSync(join(dir, f)).mode & 0o777, f).toBe(0o600);
  });
});
