import { StewardError } from '../../shared/errors.ts';
import type { CdpSession } from './port.ts';

export interface NetworkConditions {
  offline: boolean;
  /** Added round-trip latency, ms. */
  latency: number;
  /** Bytes per second; -1 for no limit. */
  downloadThroughput: number;
  uploadThroughput: number;
}

/** DevTools' presets (front_end/core/sdk/NetworkManager.ts) and how much slower waits should allow for under each. */
export const NETWORK_PRESETS: Record<string, NetworkConditions & { waitFactor: number }> = {
  'No throttling': { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1, waitFactor: 1 },
  Offline: { offline: true, latency: 0, downloadThroughput: 0, uploadThroughput: 0, waitFactor: 1 },
  'Slow 3G': {
    offline: false,
    latency: 400 * 5,
    downloadThroughput: ((500 * 1000) / 8) * 0.8,
    uploadThroughput: ((500 * 1000) / 8) * 0.8,
    waitFactor: 10,
  },
  'Fast 3G': {
    offline: false,
    latency: 150 * 3.75,
    downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
    uploadThroughput: ((750 * 1000) / 8) * 0.9,
    waitFactor: 5,
  },
  'Slow 4G': {
    offline: false,
    latency: 150 * 3.75,
    downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
    uploadThroughput: ((750 * 1000) / 8) * 0.9,
    waitFactor: 5,
  },
  'Fast 4G': {
    offline: false,
    latency: 60 * 2.75,
    downloadThroughput: ((9 * 1000 * 1000) / 8) * 0.9,
    uploadThroughput: ((1.5 * 1000 * 1000) / 8) * 0.9,
    waitFactor: 2,
  },
};
export const NETWORK_PRESET_NAMES = Object.keys(NETWORK_PRESETS) as [string, ...string[]];

export interface EmulationSettings {
  viewport?: { width: number; height: number; deviceScaleFactor?: number; mobile?: boolean; touch?: boolean; landscape?: boolean };
  userAgent?: string;
  /** A preset name ("Slow 3G", "Offline", …) or custom conditions. */
  network?: string | NetworkConditions;
  /** CPU slowdown factor: 1 = none, 4 = 4× slower. */
  cpuThrottlingRate?: number;
  geolocation?: { latitude: number; longitude: number; accuracy?: number };
  colorScheme?: 'light' | 'dark' | 'no-preference';
  extraHeaders?: Record<string, string>;
}

/**
 * Device and network emulation for one page. Settings merge: each call changes only what it
 * names; `reset()` returns the page to its own defaults. `throttlingFactor()` tells settle waits
 * and timeouts how much slower the page is made to run.
 */
export class PageEmulation {
  readonly #cdp: CdpSession;
  readonly #sessionId: string | undefined;
  #current: EmulationSettings = {};

  constructor(cdp: CdpSession, sessionId: string) {
    this.#cdp = cdp;
    this.#sessionId = sessionId || undefined;
  }

  current(): EmulationSettings {
    return structuredClone(this.#current);
  }

  /** How many times slower than normal the page is made to run (CPU × network), ≥ 1. */
  throttlingFactor(): number {
    const cpu = Math.max(1, this.#current.cpuThrottlingRate ?? 1);
    const n = this.#current.network;
    let net = 1;
    if (typeof n === 'string') net = NETWORK_PRESETS[n]?.waitFactor ?? 1;
    else if (n && !n.offline) net = Math.max(1, n.latency / 200, n.downloadThroughput > 0 ? 500_000 / n.downloadThroughput : 1);
    return Math.round(cpu * net * 10) / 10;
  }

  async apply(settings: EmulationSettings): Promise<EmulationSettings> {
    const sid = this.#sessionId;
    const v = settings.viewport;
    if (v) {
      await this.#cdp.send(
        'Emulation.setDeviceMetricsOverride',
        {
          width: v.width,
          height: v.height,
          deviceScaleFactor: v.deviceScaleFactor ?? 1,
          mobile: v.mobile ?? false,
          screenOrientation: v.landscape ? { type: 'landscapePrimary', angle: 90 } : { type: 'portraitPrimary', angle: 0 },
        },
        sid,
      );
      await this.#cdp.send('Emulation.setTouchEmulationEnabled', { enabled: v.touch ?? v.mobile ?? false, maxTouchPoints: 5 }, sid);
    }
    if (settings.userAgent !== undefined) await this.#cdp.send('Emulation.setUserAgentOverride', { userAgent: settings.userAgent }, sid);
    if (settings.network !== undefined) {
      const c = typeof settings.network === 'string' ? NETWORK_PRESETS[settings.network] : settings.network;
      if (!c) {
        throw new StewardError('VALIDATION_ERROR', `Unknown network preset "${settings.network}".`, {
          details: { field: 'network', value: settings.network },
          suggestions: [`Use one of: ${NETWORK_PRESET_NAMES.join(', ')}.`],
        });
      }
      await this.#cdp.send('Network.enable', {}, sid);
      await this.#cdp.send(
        'Network.emulateNetworkConditions',
        { offline: c.offline, latency: c.latency, downloadThroughput: c.downloadThroughput, uploadThroughput: c.uploadThroughput },
        sid,
      );
    }
    if (settings.cpuThrottlingRate !== undefined)
      await this.#cdp.send('Emulation.setCPUThrottlingRate', { rate: Math.max(1, settings.cpuThrottlingRate) }, sid);
    if (settings.geolocation) {
      const g = settings.geolocation;
      await this.#cdp.send(
        'Emulation.setGeolocationOverride',
        { latitude: g.latitude, longitude: g.longitude, accuracy: g.accuracy ?? 10 },
        sid,
      );
      await this.#grantGeolocation();
    }
    if (settings.colorScheme)
      await this.#cdp.send(
        'Emulation.setEmulatedMedia',
        { features: [{ name: 'prefers-color-scheme', value: settings.colorScheme }] },
        sid,
      );
    if (settings.extraHeaders) {
      await this.#cdp.send('Network.enable', {}, sid);
      await this.#cdp.send('Network.setExtraHTTPHeaders', { headers: settings.extraHeaders }, sid);
    }
    this.#current = { ...this.#current, ...settings };
    return this.current();
  }

  /** Back to the page's own viewport, user agent, network, CPU, location, colour scheme and headers. */
  async reset(): Promise<void> {
    const sid = this.#sessionId;
    const ignore = (p: Promise<unknown>) => p.catch(() => undefined);
    await Promise.all([
      ignore(this.#cdp.send('Emulation.clearDeviceMetricsOverride', undefined, sid)),
      ignore(this.#cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false }, sid)),
      ignore(this.#cdp.send('Emulation.setUserAgentOverride', { userAgent: '' }, sid)),
      ignore(
        this.#cdp.send(
          'Network.emulateNetworkConditions',
          { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 },
          sid,
        ),
      ),
      ignore(this.#cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }, sid)),
      ignore(this.#cdp.send('Emulation.clearGeolocationOverride', undefined, sid)),
      ignore(this.#cdp.send('Emulation.setEmulatedMedia', { media: '', features: [] }, sid)),
      ignore(this.#cdp.send('Network.setExtraHTTPHeaders', { headers: {} }, sid)),
    ]);
    this.#current = {};
  }

  /** Lets navigator.geolocation answer without a prompt (browser-level; not available inside Electron's page debugger). */
  async #grantGeolocation(): Promise<void> {
    const origin = await this.#cdp
      .send('Runtime.evaluate', { expression: 'location.origin', returnByValue: true }, this.#sessionId)
      .then((r) => r.result.value as string)
      .catch(() => undefined);
    if (!origin || origin === 'null') return;
    await this.#cdp.send('Browser.grantPermissions', { permissions: ['geolocation'], origin }, this.#sessionId).catch(() => undefined);
  }
}
