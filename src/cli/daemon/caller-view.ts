/**
 * One caller's view of a shared browser. Callers in a share group drive the same browser, but
 * each keeps its own selected page: a call without --page acts on the page this caller last
 * opened or selected, never on the one another member just opened. Everything else (pages,
 * logs, the browser itself) is the shared driver's.
 */
import type { BrowserDriver } from '../../main/browser/driver.ts';

export interface Selection {
  get(): string | undefined;
  set(pageId: string): void;
}

export function callerView(driver: BrowserDriver, selection: Selection): BrowserDriver {
  const selected: BrowserDriver['selectedPage'] = () => {
    const id = selection.get();
    const own = id === undefined ? undefined : driver.pages().find((p) => p.id === id);
    if (own) return driver.page(own.id);
    // First call of this caller, or its page was closed: start from the browser's own choice.
    const page = driver.selectedPage();
    selection.set(page.id);
    return page;
  };
  const overrides: Partial<BrowserDriver> = {
    selectedPage: selected,
    page: (id?: string) => (id === undefined ? selected() : driver.page(id)),
    selectPage: async (id: string) => {
      const page = await driver.selectPage(id);
      selection.set(page.id);
      return page;
    },
    newPage: async (url?: string, opts?: { timeoutMs?: number }) => {
      const before = new Set(driver.pages().map((p) => p.id));
      try {
        const page = await driver.newPage(url, opts);
        selection.set(page.id);
        return page;
      } catch (e) {
        // The tab exists even when loading its URL failed: it is still this caller's new page.
        const created = driver.pages().find((p) => !before.has(p.id));
        if (created) selection.set(created.id);
        throw e;
      }
    },
  };
  return new Proxy(driver, {
    get(target, key) {
      if (typeof key === 'string' && key in overrides) return overrides[key as keyof BrowserDriver];
      const value: unknown = Reflect.get(target, key, target);
      // The driver's methods use private fields: they must run on the driver itself.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
