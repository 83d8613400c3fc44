/** --browser-endpoint: a context attached to a browser someone else started; stopping the session leaves that browser running. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive } from '../../../src/cli/daemon/processes.ts';
import { chromiumFlags, findChromium } from '../../../src/main/browser/chromium-path.ts';
import { cdt, makeHome, stopDaemon } from './helpers.ts';

const home = makeHome();
const profile = mkdtempSync(join(tmpdir(), 'cdt-ext-'));
let browser: ChildProcess;
let endpoint: string;

beforeAll(async () => {
  browser = spawn(findChromium() as string, [...chromiumFlags({ userDataDir: profile }), '--remote-debugging-port=0', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  endpoint = await new Promise<string>((resolve, reject) => {
    let buf = '';
    browser.stderr?.setEncoding('utf8');
    browser.stderr?.on('data', (c: string) => {
      buf += c;
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(buf);
      if (m) resolve(m[1] as string);
    });
    browser.once('exit', () => reject(new Error(`chromium exited: ${buf}`)));
  });
});
afterAll(async () => {
  await stopDaemon(home);
  browser?.kill('SIGKILL');
  rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}, 60_000);

describe('cdt --browser-endpoint', () => {
  it('attaches a context to an existing browser and detaches without closing it', async () => {
    const env = { CDT_CONTEXT_ID: 'remote' };
    const start = await cdt(home, ['session', 'start', '--browser-endpoint', endpoint], env);
    expect(start.code, start.stdout + start.stderr).toBe(0);
    expect(start.json.data.session).toMatchObject({ browserEndpoint: endpoint, profileDir: null });
    const opened = await cdt(home, ['page', 'open', '--url', 'data:text/html,<title>attached</title>'], env);
    expect(opened.code, opened.stdout).toBe(0);
    const list = await cdt(home, ['page', 'list'], env);
    expect(list.json.data.pages.map((p: { title: string }) => p.title)).toContain('attached');
    expect((await cdt(home, ['session', 'stop'], env)).json.data.stopped).toBe(true);
    expect(isAlive(browser.pid as number)).toBe(true);
  });
});
