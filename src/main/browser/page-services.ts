import { PageCapture } from './capture.ts';
import { ConsoleLog, type ConsoleMessage } from './console-log.ts';
import type { BrowserDriver } from './driver.ts';
import { PageEmulation } from './emulation.ts';
import { FrameSessions } from './frames.ts';
import { NetworkLog, type NetworkRequest } from './network-log.ts';
import { PageObserver } from './observe.ts';
import type { PageHandle } from './page.ts';
import { PageTracer } from './trace.ts';

/** The per-page services of the browser extras, kept in `page.extensions` under these keys. */
export interface PageServices {
  console: ConsoleLog;
  network: NetworkLog;
  emulation: PageEmulation;
  capture: PageCapture;
  trace: PageTracer;
  observe: PageObserver;
}

const KEYS = ['console', 'network', 'emulation', 'capture', 'trace', 'observe'] as const;
const installed = new WeakSet<BrowserDriver>();

/**
 * Creates a page's services and starts its collectors. Run as a page initializer (before the
 * page's first script), so console messages and requests are seen from the very start.
 * `page.cdp` is already scoped to the page and its out-of-process iframes.
 */
/** Where a host keeps each page's console messages and finished requests (e.g. files of a context). */
export interface LogSinks {
  console(pageId: string, m: ConsoleMessage): void;
  network(pageId: string, r: NetworkRequest): void;
}

export async function attachPageServices(page: PageHandle, sinks?: LogSinks): Promise<PageServices> {
  if (page.extensions.has('console')) return servicesOf(page);
  const all = () => true;
  const dialog = () => (page as { dialog?: unknown }).dialog;
  const frames = 'frames' in page && page.frames instanceof FrameSessions ? page.frames : undefined;
  const services: PageServices = {
    console: new ConsoleLog(page.cdp, page.sessionId, {
      ownsSession: all,
      ...(sinks ? { onEntry: (m) => sinks.console(page.id, m) } : {}),
    }),
    network: new NetworkLog(page.cdp, page.sessionId, {
      ownsSession: all,
      ...(sinks ? { onEntry: (r) => sinks.network(page.id, r) } : {}),
    }),
    emulation: new PageEmulation(page.cdp, page.sessionId),
    capture: new PageCapture(page.cdp, page.sessionId, () => frames?.children().map((c) => c.sessionId) ?? []),
    trace: new PageTracer(page.cdp, page.sessionId),
    observe: new PageObserver(page.cdp, page.sessionId, { dialog, info: () => ({ url: page.url(), title: page.title() }) }),
  };
  for (const key of KEYS) page.extensions.set(key, services[key]);
  await Promise.all([services.console.start(), services.network.start()]);
  return services;
}

/**
 * Registers the extras for every page of a driver: existing pages now, new pages before they run.
 * Hosts (CLI daemon, MCP server, app) call this right after creating the driver; tools call it too,
 * so it is safe to call more than once.
 */
export async function installPageServices(driver: BrowserDriver, sinks?: LogSinks): Promise<void> {
  if (installed.has(driver)) return;
  installed.add(driver);
  await driver.addPageInitializer(async (page) => {
    await attachPageServices(page, sinks);
  });
}

/** The services of a page (created on first use when the page predates installPageServices). */
export function servicesOf(page: PageHandle): PageServices {
  const get = <K extends keyof PageServices>(key: K) => page.extensions.get(key) as PageServices[K] | undefined;
  const consoleLog = get('console');
  if (!consoleLog) throw new Error(`page ${page.id} has no services; call attachPageServices first`);
  return {
    console: consoleLog,
    network: get('network') as NetworkLog,
    emulation: get('emulation') as PageEmulation,
    capture: get('capture') as PageCapture,
    trace: get('trace') as PageTracer,
    observe: get('observe') as PageObserver,
  };
}

/** The services of a tool's page, installing the extras on the driver on first use. */
export async function pageServices(driver: BrowserDriver, page: PageHandle): Promise<PageServices> {
  await installPageServices(driver);
  return page.extensions.has('console') ? servicesOf(page) : attachPageServices(page);
}

/**
 * How many times slower than normal a page is made to run by emulation (CPU × network), ≥ 1.
 * Settle waits and timeouts multiply by it.
 */
export function throttlingFactor(page: PageHandle): number {
  const emulation = page.extensions.get('emulation') as PageEmulation | undefined;
  return emulation ? emulation.throttlingFactor() : 1;
}
