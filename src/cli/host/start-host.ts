import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BrowserDriver } from '../../main/browser/driver.ts';
import { createConversations } from '../../main/conversation/ui/conversations.ts';
import { loadPacks } from '../../main/packs/index.ts';
import type { PackRegistry } from '../../main/packs/registry.ts';
import { createEngineServices } from '../../main/services/engine-services.ts';
import { applyPolicyOverrides } from '../../main/services/policy-overrides.ts';
import { fileSecretStore, jsonSettingsStore } from '../../main/services/settings/store.ts';
import type { ModelFactory } from '../../main/services/understanding.ts';
import { openStore } from '../../main/store/index.ts';
import { ensurePrivateDir, preparePrivateHome } from '../../main/store/private-dir.ts';
import { browserRuntimeTools } from '../../main/tools/browser-source.ts';
import { ToolRuntime } from '../../main/tools/runtime.ts';
import { toErrorValue } from '../../shared/errors.ts';
import { agentApiRoutes } from './agent-api/routes.ts';
import { AgentApi } from './agent-api/service.ts';
import { startHostServer } from './server.ts';

export interface HostOptions {
  port: number;
  dataDir: string;
  rendererDir: string;
  /** Attach to this browser (a user's Chrome, a browser farm) instead of launching one. */
  cdpUrl?: string | undefined;
  headless?: boolean;
  /** Base URL per recipe site (flights, hotels, shopA, shopB, form, account). */
  sites?: Record<string, string>;
  /** The secret a client must present (STEWARD_HOST_SECRET); a random one when omitted. */
  secret?: string | undefined;
  /** Makes the model from the provider settings (llm/providers.ts createModel unless given; tests give a mock model). */
  models?: ModelFactory;
  log(line: string): void;
}

function version(): string {
  try {
    return (JSON.parse(readFileSync(join(import.meta.dirname, '../../../package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}

/** The agent API's engine: its own runtime (same policy with the person's overrides, same browser tools) over the host's store and browser. */
function agentApi(
  opts: HostOptions,
  store: ReturnType<typeof openStore>,
  settings: ReturnType<typeof jsonSettingsStore>,
  driver: BrowserDriver | undefined,
) {
  const artifactsDir = join(opts.dataDir, 'artifacts');
  const policy = applyPolicyOverrides(settings.read().policyOverrides);
  let runtime: ToolRuntime | undefined;
  if (driver) {
    runtime = new ToolRuntime({ store, timeoutMs: 30_000, policy: policy.policy });
    runtime.register(...browserRuntimeTools({ driver, artifactsDir }));
  }
  let packs: Promise<PackRegistry> | undefined;
  return new AgentApi({ store, runtime, packs: () => (packs ??= loadPacks()), sites: opts.sites ?? {}, artifactsDir });
}

/** Store, settings, browser, engine services and the HTTP/WebSocket server, closed in reverse order. */
export async function startHost(opts: HostOptions) {
  preparePrivateHome(opts.dataDir);
  ensurePrivateDir(join(opts.dataDir, 'artifacts'));
  const store = openStore(join(opts.dataDir, 'steward.db'));
  let driver: BrowserDriver | undefined;
  try {
    driver = opts.cdpUrl ? await BrowserDriver.connect(opts.cdpUrl) : await BrowserDriver.launch({ headless: opts.headless !== false });
    if (!driver.pages().length) await driver.newPage('about:blank');
  } catch (e) {
    const err = toErrorValue(e);
    opts.log(`steward host: no browser (${err.code}: ${err.message}). ${err.suggestions[0] ?? ''}`);
  }
  const settings = jsonSettingsStore(join(opts.dataDir, 'settings.json'));
  const services = createEngineServices({
    host: 'headless',
    version: version(),
    store,
    settings,
    ...(opts.sites ? { sites: opts.sites } : {}),
    secrets: fileSecretStore(join(opts.dataDir, 'secrets.json')),
    ...(driver ? { driver } : {}),
    conversations: ({ hub, surface }) =>
      createConversations({
        store,
        hub,
        surface,
        settings,
        ...(driver ? { driver } : {}),
        sites: opts.sites ?? {},
        artifactsDir: join(opts.dataDir, 'artifacts'),
        ...(opts.models ? { models: opts.models } : {}),
        log: opts.log,
      }),
  });
  services.surface.startScreencast();
  const server = await startHostServer({
    port: opts.port,
    rendererDir: opts.rendererDir,
    services,
    secret: opts.secret,
    api: (sameOrigin) => agentApiRoutes(agentApi(opts, store, settings, driver), sameOrigin),
    log: opts.log,
  });
  return {
    /** Open this (it carries the secret). */
    url: server.url,
    origin: server.origin,
    secret: server.secret,
    services,
    store,
    driver,
    async close() {
      await server.close();
      await services.close();
      await driver?.close().catch(() => undefined);
      store.close();
    },
  };
}
