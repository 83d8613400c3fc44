/**
 * `--guard`: the raw browser tools of `cdt mcp` (and `cdt <resource> <verb>`) are unguarded by
 * default; with --guard the gate by effect refuses an action that would change server state.
 * The oracle is TrapMart's request log.
 */
import { rmSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../../src/cli/daemon/processes.ts';
import { type EffectsSite, startEffectsSite } from '../../fixtures/sites/effects/server.ts';
import { CDT, cdt, cdtEnv, daemonPid, makeHome, NODE, waitFor } from './helpers.ts';

type Result = { isError?: boolean; content: Array<{ type: string; text?: string }> };
const text = (r: Result) =>
  r.content
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('\n');

const home = makeHome();
let site: EffectsSite;
const clients: Array<{ client: Client; pid?: number }> = [];

async function mcp(args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: NODE,
    args: [CDT, 'mcp', ...args],
    env: cdtEnv(home) as Record<string, string>,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'cdt-guard-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push({ client, pid: transport.pid ?? undefined });
  return client;
}

/** Opens the page and clicks the button named `name` (a submit button of a POST form). */
async function clickContinue(client: Client): Promise<Result> {
  await client.callTool({ name: 'navigate_page', arguments: { type: 'url', url: `${site.url}/t/continue-pays` } });
  const snap = text((await client.callTool({ name: 'take_snapshot', arguments: {} })) as Result);
  const uid = /(\d+_[0-9a-z]+) button "Continue"/.exec(snap)?.[1];
  expect(uid, snap).toBeDefined();
  return (await client.callTool({ name: 'click', arguments: { uid } })) as Result;
}

beforeAll(async () => {
  site = await startEffectsSite();
});
afterAll(async () => {
  if (daemonPid(home)) await cdt(home, ['daemon', 'stop']);
  for (const { client, pid } of clients) {
    await client.close().catch(() => undefined);
    if (pid) await waitFor('mcp server exit', () => !isAlive(pid), 15_000).catch(() => process.kill(pid, 'SIGKILL'));
  }
  await site?.close();
  rmSync(home, { recursive: true, force: true });
}, 60_000);

describe('cdt mcp --guard', () => {
  it('with --guard, a "Continue" that submits a POST form is refused and nothing reaches the server', async () => {
    const client = await mcp(['--guard']);
    site.reset();
    const r = await clickContinue(client);
    expect(r.isError).toBe(true);
    expect(text(r)).toContain('APPROVAL_REQUIRED');
    expect(text(r)).toContain('/act/pay');
    expect(site.changes()).toEqual([]);
  }, 90_000);

  it('without --guard the raw tools are unguarded (a developer tool): the POST is sent', async () => {
    const client = await mcp([]);
    site.reset();
    const r = await clickContinue(client);
    expect(r.isError, text(r)).toBeFalsy();
    expect(site.changes().map((c) => c.path)).toEqual(['/act/pay']);
  }, 90_000);
});

describe('cdt <resource> <verb> --guard', () => {
  it('a raw click through the daemon is refused with --guard (exit 5, nothing sent), and sent without it', async () => {
    site.reset();
    const open = await cdt(home, ['page', 'open', '--url', `${site.url}/t/continue-pays`]);
    expect(open.code, open.stdout + open.stderr).toBe(0);
    const snap = await cdt(home, ['capture', 'snapshot']);
    const uid = /(\d+_[0-9a-z]+) button "Continue"/.exec(
      String((snap.json as { data?: { snapshot?: string } }).data?.snapshot),
    )?.[1] as string;
    expect(uid).toBeDefined();
    const guarded = await cdt(home, ['element', 'click', '--uid', uid, '--guard']);
    expect(guarded.code).toBe(5);
    expect((guarded.json as { error?: { code?: string } }).error?.code).toBe('APPROVAL_REQUIRED');
    expect(site.changes()).toEqual([]);
    const raw = await cdt(home, ['element', 'click', '--uid', uid]);
    expect(raw.code, raw.stdout + raw.stderr).toBe(0);
    expect(site.changes().map((c) => c.path)).toEqual(['/act/pay']);
  }, 120_000);
});
