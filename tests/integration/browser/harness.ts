import { fileURLToPath } from 'node:url';
import type { BrowserToolContext } from '../../../src/main/browser/context.ts';
import { BrowserDriver } from '../../../src/main/browser/driver.ts';
import { type BrowserToolResult, runBrowserTool } from '../../../src/main/browser/tools/index.ts';
import { type StaticServer, serveFolder } from '../../helpers/static-server.ts';

/** One Chromium and the fixture pages served twice (a second origin for cross-origin iframes), shared by a test file. */
export interface Harness {
  driver: BrowserDriver;
  ctx: BrowserToolContext;
  site: StaticServer;
  /** The same folder on another port, addressed as localhost: another site, so its iframes run out of process. */
  other: StaticServer;
  otherUrl: string;
  run(name: string, input?: unknown): Promise<BrowserToolResult>;
  open(path: string): Promise<string>;
  snapshot(input?: Record<string, unknown>): Promise<string>;
  /** The uid on the first snapshot line matching `pattern`. */
  uidOf(snapshot: string, pattern: RegExp | string): string;
  evaluate<T>(fn: string): Promise<T>;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const folder = fileURLToPath(new URL('../../fixtures/pages/', import.meta.url));
  const [site, other] = await Promise.all([serveFolder(folder), serveFolder(folder)]);
  const driver = await BrowserDriver.launch();
  const ctx: BrowserToolContext = { driver, artifactsDir: '/tmp', timeoutMs: 15_000 };
  const run = (name: string, input: unknown = {}) => runBrowserTool(ctx, name, input);
  const h: Harness = {
    driver,
    ctx,
    site,
    other,
    otherUrl: other.url.replace('127.0.0.1', 'localhost'),
    run,
    async open(path) {
      await run('navigate_page', { url: `${site.url}/${path}` });
      return driver.selectedPage().id;
    },
    async snapshot(input = {}) {
      return (await run('take_snapshot', input)).data.snapshot as string;
    },
    uidOf(snapshot, pattern) {
      const line = snapshot.split('\n').find((l) => (typeof pattern === 'string' ? l.includes(pattern) : pattern.test(l)));
      const uid = line && /^\s*(\d+_[0-9a-z]+) /.exec(line)?.[1];
      if (!uid) throw new Error(`No uid for ${pattern} in:\n${snapshot}`);
      return uid;
    },
    async evaluate<T>(fn: string) {
      return (await run('evaluate_script', { function: fn })).data.result as T;
    },
    async close() {
      await driver.close();
      await Promise.all([site.close(), other.close()]);
    },
  };
  return h;
}
