/**
 * The MCP server's one browser: launched (or attached) on the first tool call, closed with the
 * server. In-process on purpose: each MCP client spawns its own `cdt mcp`, so the stdio pipe
 * already isolates callers, and there is no daemon hop on every call.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserToolContext } from '../../main/browser/context.ts';
import { BrowserDriver } from '../../main/browser/driver.ts';
import { installPageServices } from '../../main/browser/page-services.ts';

export interface McpBrowserOptions {
  headless: boolean;
  browserEndpoint?: string;
  timeoutMs?: number;
  /** Turn the gate by effect on for every acting tool. */
  guard?: boolean;
}

export class McpBrowser {
  readonly #opts: McpBrowserOptions;
  readonly #dir = mkdtempSync(join(tmpdir(), 'cdt-mcp-'));
  #driver: Promise<BrowserDriver> | undefined;

  constructor(opts: McpBrowserOptions) {
    this.#opts = opts;
  }

  async context(signal?: AbortSignal): Promise<BrowserToolContext> {
    if (!this.#driver) {
      const started = this.#opts.browserEndpoint
        ? BrowserDriver.connect(this.#opts.browserEndpoint)
        : BrowserDriver.launch({ headless: this.#opts.headless, userDataDir: join(this.#dir, 'chrome-profile') });
      this.#driver = started.then(async (d) => {
        await installPageServices(d);
        return d;
      });
      const current = this.#driver;
      current
        .then((d) =>
          d.onDisconnect(() => {
            if (this.#driver === current) this.#driver = undefined;
          }),
        )
        .catch(() => {
          if (this.#driver === current) this.#driver = undefined;
        });
    }
    const driver = await this.#driver;
    return { driver, artifactsDir: join(this.#dir, 'artifacts'), timeoutMs: this.#opts.timeoutMs ?? 30_000, signal };
  }

  async close(): Promise<void> {
    const d = this.#driver;
    this.#driver = undefined;
    if (d) await (await d.catch(() => undefined))?.close().catch(() => undefined);
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
