import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import type { BrowserToolContext } from '../../src/main/browser/context.ts';
import { BrowserDriver } from '../../src/main/browser/driver.ts';
import type { PageHandle } from '../../src/main/browser/page.ts';
import { installPageServices } from '../../src/main/browser/page-services.ts';
import { type BrowserTool, CollectingResponse } from '../../src/main/browser/tool.ts';
import { type StaticServer, serveFolder } from './static-server.ts';

/** One real Chromium, the extras fixture folder on 127.0.0.1, a temporary artifacts folder: shared by one test file. */
export interface ExtrasHarness {
  driver: BrowserDriver;
  site: StaticServer;
  ctx: BrowserToolContext;
  artifactsDir: string;
  /** Validates the input with the tool's schema and runs its handler, as the registry does. */
  run<S extends z.ZodType>(tool: BrowserTool<S, BrowserToolContext>, input: z.input<S>): Promise<CollectingResponse>;
  /** Evaluates an expression in a page and returns its JSON value. */
  evaluate<T = unknown>(page: PageHandle, expression: string): Promise<T>;
  close(): Promise<void>;
}

export async function startExtrasHarness(): Promise<ExtrasHarness> {
  const site = await serveFolder(fileURLToPath(new URL('../fixtures/pages/extras/', import.meta.url)));
  const driver = await BrowserDriver.launch();
  await installPageServices(driver);
  const artifactsDir = mkdtempSync(join(tmpdir(), 'steward-artifacts-'));
  const ctx: BrowserToolContext = { driver, artifactsDir, timeoutMs: 20_000 };
  return {
    driver,
    site,
    ctx,
    artifactsDir,
    async run(tool, input) {
      const response = new CollectingResponse();
      await tool.handler(ctx, tool.schema.parse(input), response);
      return response;
    },
    async evaluate<T>(page: PageHandle, expression: string): Promise<T> {
      const { result, exceptionDetails } = await page.cdp.send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
      if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
      return result.value as T;
    },
    async close() {
      await driver.close();
      await site.close();
      rmSync(artifactsDir, { recursive: true, force: true });
    },
  };
}

/** Polls a condition (no fixed sleeps in tests): resolves once it holds, fails after timeoutMs. */
export async function eventually<T>(read: () => T | Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
