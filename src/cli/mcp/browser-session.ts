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
import type { SpawnedChromium } from '../../main/browser/transport/spawn.ts';

export interface McpBrowserOptions {
  headless: boolean;
  browserEndpoint?: string;
  timeoutMs?: number;
  /** Turn the gate by effect on for every acting tool. */
  guard?: boolean;
  /** A browser started before the server's modules were loaded: the first launch takes it over. */
  spawned?: SpawnedChromium;
}

export class McpBrowser {
  readonly #opts: McpBrowserOptions;
  readonly #dir = mkdtempSync(join(tmpdir(), 'cdt-mcp-'));
  #driver: Promise<BrowserDriver> | undefined;
  #spawned: SpawnedChromium | undefined;

  constructor(opts: McpBrowserOptions) {
    this.#opts = opts;
    this.#spawned = opts.spawned;
  }

  async context(signal?: AbortSignal): Promise<BrowserToolContext> {
    if (!this.#driver) {
      const spawned = this.#spawned;
      this.#spawned = undefined;
      const started = this.#opts.browserEndpoint
        ? BrowserDriver.connect(this.#opts.browserEndpoint)
        : BrowserDriver.launch(spawned ? { spawned } : { headless: this.#opts.headless, userDataDir: join(this.#dir, 'chrome-profile') });
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
    this.#spawned?.process.kill();
    this.#spawned = undefined;
    if (d) await (await d.catch(() => undefined))?.close().catch(() => undefined);
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
