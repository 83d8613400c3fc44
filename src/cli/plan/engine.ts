/**
 * The engine for one `cdt plan run`, wired the way the headless host wires it: the store in the
 * Steward data folder (STEWARD_HOME, default ~/.steward), the policy with the person's overrides
 * from that folder's settings (they can only make it stricter), one ToolRuntime with the browser
 * tools over a Chromium launched over the CDP pipe or attached at --browser-endpoint.
 */
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { BrowserDriver } from '../../main/browser/driver.ts';
import { applyPolicyOverrides } from '../../main/services/policy-overrides.ts';
import { jsonSettingsStore } from '../../main/services/settings/store.ts';
import { openStore, type Store } from '../../main/store/index.ts';
import { browserRuntimeTools } from '../../main/tools/browser-source.ts';
import { ToolRuntime } from '../../main/tools/runtime.ts';

export interface PlanEngineOptions {
  /** The SQLite file; default `<data folder>/steward.db`. */
  storePath?: string;
  browserEndpoint?: string;
  headless: boolean;
  timeoutMs?: number;
  log(line: string): void;
}

export interface PlanEngine {
  store: Store;
  storePath: string;
  runtime: ToolRuntime;
  driver: BrowserDriver;
  artifactsDir: string;
  close(): Promise<void>;
}

/** The data folder the desktop app's headless host uses (created owner-only). */
export function dataFolder(): string {
  return resolve(process.env.STEWARD_HOME ?? join(homedir(), '.steward'));
}

export async function startPlanEngine(o: PlanEngineOptions): Promise<PlanEngine> {
  const home = dataFolder();
  const storePath = resolve(o.storePath ?? join(home, 'steward.db'));
  mkdirSync(dirname(storePath), { recursive: true, mode: 0o700 });
  const artifactsDir = join(dirname(storePath), 'artifacts');
  mkdirSync(artifactsDir, { recursive: true, mode: 0o700 });
  const policy = applyPolicyOverrides(jsonSettingsStore(join(home, 'settings.json')).read().policyOverrides);
  for (const i of policy.ignored) o.log(`policy override "${i.rule}" (${i.effect}) not applied: ${i.reason}`);
  const store = openStore(storePath);
  let driver: BrowserDriver | undefined;
  try {
    driver = o.browserEndpoint ? await BrowserDriver.connect(o.browserEndpoint) : await BrowserDriver.launch({ headless: o.headless });
    // a browser someone else runs keeps its tabs: the plan gets a tab of its own
    if (o.browserEndpoint || !driver.pages().length) await driver.newPage('about:blank');
  } catch (e) {
    await driver?.close().catch(() => undefined);
    store.close();
    throw e;
  }
  const runtime = new ToolRuntime({ store, policy: policy.policy, ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}) });
  runtime.register(...browserRuntimeTools({ driver, artifactsDir }));
  const owned = driver;
  return {
    store,
    storePath,
    runtime,
    driver,
    artifactsDir,
    async close() {
      await owned.close().catch(() => undefined);
      store.close();
    },
  };
}
