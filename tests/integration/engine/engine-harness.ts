import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserDriver } from '../../../src/main/browser/driver.ts';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import { browserRuntimeTools } from '../../../src/main/tools/browser-source.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';

/** A real engine for tests: real Chromium (headless), a real SQLite file, the runtime with every browser tool. */
export interface Engine {
  driver: BrowserDriver;
  store: Store;
  runtime: ToolRuntime;
  dir: string;
  artifactsDir: string;
  close(): Promise<void>;
}

export async function startEngine(opts: { driver?: BrowserDriver; dbPath?: string } = {}): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'steward-engine-'));
  const artifactsDir = join(dir, 'artifacts');
  const driver = opts.driver ?? (await BrowserDriver.launch({ headless: true }));
  const store = openStore(opts.dbPath ?? join(dir, 'steward.db'));
  const runtime = new ToolRuntime({ store, timeoutMs: 20_000 });
  runtime.register(...browserRuntimeTools({ driver, artifactsDir, timeoutMs: 15_000 }));
  return {
    driver,
    store,
    runtime,
    dir,
    artifactsDir,
    async close() {
      store.close();
      if (!opts.driver) await driver.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
