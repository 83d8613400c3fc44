import { fileURLToPath } from 'node:url';
import { BrowserDriver } from '../../../src/main/browser/driver.ts';
import { gotoUrl } from '../../../src/main/browser/navigation.ts';
import { type StaticServer, serveFolder } from '../../helpers/static-server.ts';

/** One Chromium and the agent's development pages, served from a local folder. */
export interface DevSites {
  driver: BrowserDriver;
  site: StaticServer;
  open(path: string): Promise<void>;
  /** What the page shows now (the test's oracle): the text of the first element matching `selector`. */
  text(selector: string): Promise<string>;
  close(): Promise<void>;
}

export async function startDevSites(): Promise<DevSites> {
  const folder = fileURLToPath(new URL('../../fixtures/sites/anysite-dev/', import.meta.url));
  const site = await serveFolder(folder);
  const driver = await BrowserDriver.launch();
  const page = () => driver.selectedPage();
  return {
    driver,
    site,
    async open(path) {
      await gotoUrl(driver.page(), `${site.url}/${path}`, 15_000);
    },
    async text(selector) {
      const { result } = await driver.page(page().id).send('Runtime.evaluate', {
        expression: `document.querySelector(${JSON.stringify(selector)})?.innerText ?? ''`,
        returnByValue: true,
      });
      return String(result.value ?? '');
    },
    async close() {
      await driver.close();
      await site.close();
    },
  };
}
