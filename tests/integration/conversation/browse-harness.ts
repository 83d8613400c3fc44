/**
 * Browse conversations through the real engine: the offline parser, the orchestrator, C1's
 * runtime + executor, a real Chromium (CDP pipe) and the fixture sites on their own origins.
 * One browser and one set of sites per test file; each chat has its own store and session.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserDriver } from '../../../src/main/browser/driver.ts';
import { createSession, type Session } from '../../../src/main/conversation/session.ts';
import type { TurnResult } from '../../../src/main/conversation/turn/types.ts';
import { createConversations } from '../../../src/main/conversation/ui/conversations.ts';
import { loadPacks } from '../../../src/main/packs/index.ts';
import { createEngineServices, type EngineServices } from '../../../src/main/services/engine-services.ts';
import { fileSecretStore, jsonSettingsStore } from '../../../src/main/services/settings/store.ts';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import { browserRuntimeTools } from '../../../src/main/tools/browser-source.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import type { EngineEvent } from '../../../src/shared/events.ts';
import { type FixtureSites, startFixtureSites } from '../../fixtures/sites/server.ts';
import { NOW } from './harness.ts';

/** A saved profile: names, birth date, contacts — and a passport number that must never be typed. */
export const PROFILE: Record<string, string> = {
  surname: 'KIM',
  given_names: 'MINJI',
  name_ko: '김민지',
  birth_date: '1990-05-17',
  sex: 'F',
  nationality: 'KOR',
  email: 'minji@example.com',
  phone: '+82 10-1234-5678',
  home_address: '서울특별시 강남구 테헤란로 152',
  passport_number: 'M12345678',
};

export interface BrowseWorld {
  sites: FixtureSites;
  driver: BrowserDriver;
  artifacts: string;
  chat(opts?: {
    sites?: Record<string, string>;
    profiles?: Record<string, Record<string, string>>;
    /** the person's saved sites per pack: a site with no recipe runs through the agent loop on the selected page */
    saved?: Record<string, Array<{ name: string; url: string }>>;
  }): BrowseChat;
  close(): Promise<void>;
}

export interface BrowseChat {
  conv: Session;
  /** The chat's own store (plans, approvals, events as committed). */
  store: Store;
  events: EngineEvent[];
  say(text: string): Promise<TurnResult>;
  ofType(type: string, turnId?: string): EngineEvent[];
  close(): void;
}

export async function startBrowseWorld(): Promise<BrowseWorld> {
  const sites = await startFixtureSites({ apiDelayMs: 0 });
  const driver = await BrowserDriver.launch({ headless: true });
  const artifacts = mkdtempSync(join(tmpdir(), 'steward-conv-art-'));
  const packs = await loadPacks();
  return {
    sites,
    driver,
    artifacts,
    chat(opts = {}) {
      const store = openStore(':memory:');
      const runtime = new ToolRuntime({ store, timeoutMs: 30_000 });
      runtime.register(...browserRuntimeTools({ driver, artifactsDir: artifacts }));
      const conv = createSession({
        store,
        runtime,
        packs,
        sites: opts.sites ?? {
          flights: sites.urls.flights,
          hotels: sites.urls.hotels,
          shopA: sites.urls.shopA,
          shopB: sites.urls.shopB,
          form: sites.urls.form,
        },
        understanding: 'offline',
        now: () => NOW,
        tz: 'Asia/Seoul',
        profiles: opts.profiles ?? { default: PROFILE },
        page: () => driver.selectedPage(),
        savedSites: (pack) => opts.saved?.[pack] ?? [],
      });
      const events: EngineEvent[] = [];
      conv.onEvent((e) => events.push(e));
      return {
        conv,
        store,
        events,
        say: (text) => conv.send(text),
        ofType: (type, turnId) => events.filter((e) => e.type === type && (!turnId || e.turn_id === turnId)),
        close: () => {
          conv.close();
          store.close();
        },
      };
    },
    close: async () => {
      await driver.close();
      await sites.close();
      rmSync(artifacts, { recursive: true, force: true });
    },
  };
}

/** The app's IPC handlers over this world's browser and flights site: a fresh store, settings and data folder (gone on close). */
export function worldServices(world: BrowseWorld, prefix = 'steward-services-'): EngineServices {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const store = openStore(':memory:');
  const settings = jsonSettingsStore(join(dir, 'settings.json'));
  const services = createEngineServices({
    host: 'headless',
    version: 'test',
    store,
    settings,
    secrets: fileSecretStore(join(dir, 'secrets.json')),
    driver: world.driver,
    conversations: ({ hub, surface }) =>
      createConversations({
        store,
        hub,
        surface,
        settings,
        driver: world.driver,
        sites: { flights: world.sites.urls.flights },
        artifactsDir: join(dir, 'artifacts'),
      }),
  });
  // closing the services also closes their store and removes their data folder
  const close = services.close.bind(services);
  services.close = async () => {
    await close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return services;
}
