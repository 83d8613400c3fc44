/** `cdt mcp` driven by the MCP SDK's own Client over stdio: list tools, navigate, snapshot, click by uid, fill, evaluate. */
import { rmSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive, pidsWithArg } from '../../../src/cli/daemon/processes.ts';
import { type StaticServer, serveFolder } from '../../helpers/static-server.ts';
import { CDT, cdtEnv, FIXTURES, makeHome, NODE, waitFor } from './helpers.ts';

const CLASSIC = [
  'new_page',
  'list_pages',
  'select_page',
  'close_page',
  'navigate_page',
  'wait_for',
  'resize_page',
  'click',
  'hover',
  'drag',
  'fill',
  'fill_form',
  'upload_file',
  'press_key',
  'handle_dialog',
  'evaluate_script',
  'take_snapshot',
  'take_screenshot',
  'list_console_messages',
  'get_console_message',
  'list_network_requests',
  'get_network_request',
  'emulate',
  'performance_start_trace',
  'performance_stop_trace',
  'performance_analyze_insight',
];

const home = makeHome();
let site: StaticServer;
let client: Client;
let serverPid: number | undefined;

type Result = { isError?: boolean; content: Array<{ type: string; text?: string }> };
const text = (r: Result) =>
  r.content
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('\n');
async function call(name: string, args: Record<string, unknown> = {}): Promise<Result> {
  const r = (await client.callTool({ name, arguments: args })) as Result;
  expect(r.isError, `${name}: ${text(r)}`).toBeFalsy();
  return r;
}

beforeAll(async () => {
  site = await serveFolder(FIXTURES);
  const env = cdtEnv(home) as Record<string, string>;
  const transport = new StdioClientTransport({ command: NODE, args: [CDT, 'mcp'], env, stderr: 'ignore' });
  client = new Client({ name: 'cdt-mcp-test', version: '1.0.0' });
  await client.connect(transport);
  serverPid = transport.pid ?? undefined;
});
afterAll(async () => {
  await client?.close();
  if (serverPid)
    await waitFor('mcp server exit', () => !isAlive(serverPid as number), 15_000).catch(() => process.kill(serverPid as number, 'SIGKILL'));
  await site?.close();
  rmSync(home, { recursive: true, force: true });
}, 60_000);

describe('cdt mcp', () => {
  it('lists chrome-devtools-mcp’s 26 tools plus the observe, input and wait tools', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const n of CLASSIC) expect(names).toContain(n);
    for (const n of ['observe_state', 'observe_targets', 'wait_for_selector', 'wait_for_url', 'type_text', 'mouse_click', 'scroll'])
      expect(names).toContain(n);
    const click = tools.find((t) => t.name === 'click');
    expect(click?.inputSchema.properties).toHaveProperty('uid');
    expect(click?.inputSchema.properties).toHaveProperty('includeSnapshot');
    expect(tools.find((t) => t.name === 'list_pages')?.annotations?.readOnlyHint).toBe(true);
  });

  it('navigates, snapshots, fills and clicks by uid, and evaluates', async () => {
    await call('navigate_page', { type: 'url', url: `${site.url}/agent.html?agent=mcp` });
    const snap = text(await call('take_snapshot'));
    const uidOf = (role: string, name: string) => new RegExp(`(\\d+_[0-9a-z]+) ${role} "${name}"`).exec(snap)?.[1];
    const box = uidOf('textbox', 'Name');
    const button = uidOf('button', 'Go');
    expect(box && button, snap).toBeTruthy();

    const filled = await call('fill', { uid: box, value: 'Ada' });
    expect(text(filled)).not.toMatch(/^ *\d+_[0-9a-z]+ button "Go"/m); // no snapshot unless asked
    const clicked = await call('click', { uid: button, includeSnapshot: true });
    expect(text(clicked)).toContain('clicked Ada'); // the snapshot after the action shows the page's answer
    expect(text(clicked)).toMatch(/^ *\d+_[0-9a-z]+ button "Go"/m);

    const evaluated = await call('evaluate_script', { function: '() => document.getElementById("out").textContent' });
    expect(text(evaluated)).toContain('clicked Ada');
  });

  it('answers errors as tool errors with a code and suggestions', async () => {
    const r = (await client.callTool({ name: 'click', arguments: { uid: '9_999' } })) as Result;
    expect(r.isError).toBe(true);
    expect(text(r)).toMatch(/^(ELEMENT_NOT_FOUND|STALE_UID): /);
  });

  it('closing the client stops the server and its Chromium', async () => {
    const browsers = pidsWithArg('cdt-mcp-');
    expect(browsers.length).toBeGreaterThan(0);
    await client.close();
    await waitFor('mcp Chromium gone', () => pidsWithArg('cdt-mcp-').every((p) => !browsers.includes(p)), 20_000);
  });
});
