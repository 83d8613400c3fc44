import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserToolContext } from '../../../src/main/browser/context.ts';
import { BrowserDriver } from '../../../src/main/browser/driver.ts';
import { runBrowserTool } from '../../../src/main/browser/tools/index.ts';
import { type StaticServer, serveFolder } from '../../helpers/static-server.ts';

describe('pages: open, list, select, navigate, resize, wait, close', () => {
  let site: StaticServer;
  let driver: BrowserDriver;
  let ctx: BrowserToolContext;
  const run = (name: string, input: unknown = {}) => runBrowserTool(ctx, name, input);

  beforeAll(async () => {
    site = await serveFolder(fileURLToPath(new URL('../../fixtures/pages/', import.meta.url)));
    driver = await BrowserDriver.launch();
    ctx = { driver, artifactsDir: '/tmp', timeoutMs: 15_000 };
  });
  afterAll(async () => {
    await driver?.close();
    await site?.close();
  });

  it('starts with one blank page and opens another with a URL', async () => {
    const before = await run('list_pages');
    expect((before.data.pages as unknown[]).length).toBe(1);
    const opened = await run('new_page', { url: `${site.url}/hello.html` });
    expect(opened.data.page).toMatchObject({ title: 'Steward fixture: hello' });
    const list = await run('list_pages');
    const pages = list.data.pages as Array<{ id: string; selected: boolean; url: string }>;
    expect(pages).toHaveLength(2);
    expect(pages.find((p) => p.selected)?.url).toBe(`${site.url}/hello.html`);
  });

  it('navigates by url, back, forward and reload', async () => {
    await run('navigate_page', { url: `${site.url}/pages-a.html` });
    await run('navigate_page', { url: `${site.url}/pages-b.html` });
    expect((await driver.selectedPage().refreshInfo()).title()).toBe('Page B');
    await run('navigate_page', { type: 'back' });
    expect(driver.selectedPage().url()).toBe(`${site.url}/pages-a.html`);
    await run('navigate_page', { type: 'forward' });
    expect(driver.selectedPage().url()).toBe(`${site.url}/pages-b.html`);
    const r = await run('navigate_page', { type: 'reload' });
    expect(r.data.page).toMatchObject({ title: 'Page B' });
  });

  it('reports a failed navigation and bad input as values', async () => {
    await expect(run('navigate_page', { url: 'http://127.0.0.1:1/nothing' })).rejects.toMatchObject({ code: 'NAVIGATION_FAILED' });
    await expect(run('navigate_page', { type: 'url' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'url' } });
    await expect(run('select_page', { pageId: '999' })).rejects.toMatchObject({ code: 'PAGE_NOT_FOUND' });
  });

  it('waits for text, a selector and a URL that appear later', async () => {
    await run('navigate_page', { url: `${site.url}/slow-list.html` });
    await run('wait_for', { text: 'Item 5' });
    const sel = await run('wait_for_selector', { selector: '#list li' });
    expect(sel.data.count).toBeGreaterThan(0);
    const url = await run('wait_for_url', { url: '*#loaded' });
    expect(url.data.url).toContain('#loaded');
    await expect(run('wait_for', { text: 'never there', timeout: 500 })).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it('resizes the viewport', async () => {
    const r = await run('resize_page', { width: 800, height: 600 });
    expect(r.data.viewport).toEqual({ width: 800, height: 600 });
  });

  it('selects and closes pages', async () => {
    const first = driver.pages()[0]!.id;
    await run('select_page', { pageId: first });
    expect(driver.selectedPage().id).toBe(first);
    const r = await run('close_page', { pageId: first });
    expect((r.data.pages as unknown[]).length).toBe(1);
    expect(driver.pages().map((p) => p.id)).not.toContain(first);
    await expect(run('navigate_page', { pageId: first, url: `${site.url}/hello.html` })).rejects.toMatchObject({
      code: 'PAGE_NOT_FOUND',
    });
  });

  it('runs page initializers before the first script of a new page', async () => {
    const seen: string[] = [];
    await driver.addPageInitializer(async (page) => {
      seen.push(page.id);
      await page.cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: 'window.__initialised = true' });
    });
    const r = await run('new_page', { url: `${site.url}/hello.html` });
    const id = (r.data.page as { id: string }).id;
    expect(seen).toContain(id);
    const page = driver.page(id);
    const { result } = await page.send('Runtime.evaluate', { expression: 'window.__initialised === true', returnByValue: true });
    expect(result.value).toBe(true);
  });
});
