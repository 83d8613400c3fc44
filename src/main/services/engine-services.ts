import type { BrowserDriver } from '../browser/driver.ts';
import type { Store } from '../store/index.ts';
import { BrowserSurface, browserHandlers } from './browser-surface.ts';
import { type Conversations, conversationHandlers } from './conversation-service.ts';
import type { Handlers } from './dispatch.ts';
import { labHandlers } from './lab-service.ts';
import { logHandlers } from './log-service.ts';
import { outputHandlers } from './output-service.ts';
import { PushHub } from './push-hub.ts';
import { recordHandlers } from './records-service.ts';
import { settingsHandlers } from './settings/service.ts';
import type { SecretStore, SettingsStore } from './settings/store.ts';

export interface EngineServicesOptions {
  host: 'electron' | 'headless';
  version: string;
  store: Store;
  settings: SettingsStore;
  secrets: SecretStore;
  /** The browser the agent drives: launched/attached Chromium on the host, the WebContentsView in Electron. */
  driver?: BrowserDriver;
  /** Base URL per recipe site (the laboratory's routes plan on them). */
  sites?: Record<string, string>;
  /** Builds the conversation engine once the browser surface exists (the runner needs it for hand-over). */
  conversations?: (ctx: { hub: PushHub; surface: BrowserSurface }) => Conversations;
}

export interface EngineServices {
  handlers: Handlers;
  hub: PushHub;
  surface: BrowserSurface;
  close(): Promise<void>;
}

/**
 * Every IPC channel implemented on the engine, in plain Node: the Electron ipcMain binding and
 * the headless host's WebSocket both call these same handlers through `dispatch`.
 */
export function createEngineServices(opts: EngineServicesOptions): EngineServices {
  const hub = new PushHub();
  const surface = new BrowserSurface({
    ...(opts.driver ? { driver: opts.driver } : {}),
    hub,
    surface: opts.host === 'electron' ? 'embedded' : 'screencast',
  });
  const conversations = opts.conversations?.({ hub, surface });
  conversations?.attachSecrets?.(opts.secrets);
  const handlers: Handlers = {
    'app.info': async () => ({
      version: opts.version,
      host: opts.host,
      engine: { store: true, browser: Boolean(opts.driver), conversation: Boolean(conversations), pause: Boolean(conversations) },
    }),
    ...settingsHandlers(opts.settings, opts.secrets),
    ...logHandlers(opts.store),
    ...recordHandlers(opts.store),
    ...labHandlers({ store: opts.store, settings: opts.settings, ...(opts.sites ? { sites: opts.sites } : {}) }),
    ...browserHandlers(surface),
    ...conversationHandlers(conversations),
    ...outputHandlers(conversations),
  };
  return {
    handlers,
    hub,
    surface,
    async close() {
      await conversations?.close();
      await surface.stop();
    },
  };
}
