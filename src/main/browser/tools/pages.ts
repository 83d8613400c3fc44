import { z } from 'zod';
import type { BrowserToolContext } from '../context.ts';
import { goHistory, gotoUrl, reload } from '../navigation.ts';
import type { Page } from '../page.ts';
import { prepareSnapshotWorld } from '../snapshot/in-page.ts';
import { defineTool } from '../tool.ts';
import { waitForSelector, waitForText, waitForUrl } from '../waits.ts';
import { pageId, targetPage, timeout, timeoutOf } from './common.ts';

const pageInfo = async (ctx: BrowserToolContext) => {
  await Promise.all(ctx.driver.pages().map((p) => (p as Page).refreshInfo()));
  const selected = (() => {
    try {
      return ctx.driver.selectedPage().id;
    } catch {
      return undefined;
    }
  })();
  return ctx.driver.pages().map((p) => ({ id: p.id, url: p.url(), title: p.title(), selected: p.id === selected }));
};

export const newPage = defineTool({
  name: 'new_page',
  cli: { resource: 'page', verb: 'open' },
  category: 'pages',
  description: 'Open a new tab, optionally load a URL in it, and select it.',
  schema: z.object({ url: z.string().min(1).optional().describe('URL to load in the new page.'), timeout }),
  readOnly: false,
  example: { url: 'https://example.com' },
  async handler(ctx: BrowserToolContext, input, response) {
    const opened = await ctx.driver.newPage(input.url, { timeoutMs: timeoutOf(ctx, input) });
    if (input.url) prepareSnapshotWorld(opened);
    const page = await opened.refreshInfo();
    response.set('page', { id: page.id, url: page.url(), title: page.title() });
    response.set('pages', await pageInfo(ctx));
    response.line(`Opened page ${page.id}: ${page.url()}`);
  },
});

export const listPages = defineTool({
  name: 'list_pages',
  cli: { resource: 'page', verb: 'list' },
  category: 'pages',
  description: 'List the open pages with their ids, URLs and titles; the selected one is marked.',
  schema: z.object({}),
  readOnly: true,
  async handler(ctx: BrowserToolContext, _input, response) {
    const pages = await pageInfo(ctx);
    response.set('pages', pages);
    for (const p of pages) response.line(`${p.id}: ${p.url}${p.selected ? ' [selected]' : ''}`);
  },
});

export const selectPage = defineTool({
  name: 'select_page',
  cli: { resource: 'page', verb: 'use' },
  category: 'pages',
  description: 'Select a page: later calls without pageId act on it.',
  schema: z.object({ pageId: z.string().min(1).describe('Page id from list_pages.') }),
  readOnly: false,
  example: { pageId: '1' },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = await ctx.driver.selectPage(input.pageId);
    response.set('page', { id: page.id, url: page.url(), title: page.title() });
    response.line(`Selected page ${page.id}: ${page.url()}`);
  },
});

export const closePage = defineTool({
  name: 'close_page',
  cli: { resource: 'page', verb: 'close' },
  category: 'pages',
  description: 'Close a page (the selected one when pageId is omitted).',
  schema: z.object({ pageId }),
  readOnly: false,
  async handler(ctx: BrowserToolContext, input, response) {
    const id = input.pageId ?? ctx.driver.selectedPage().id;
    await ctx.driver.closePage(id);
    response.set('closed', id);
    response.set('pages', await pageInfo(ctx));
    response.line(`Closed page ${id}.`);
  },
});

export const navigatePage = defineTool({
  name: 'navigate_page',
  cli: { resource: 'page', verb: 'navigate' },
  category: 'pages',
  description: 'Load a URL in the page, or go back, forward or reload; waits for the load event.',
  schema: z
    .object({
      type: z.enum(['url', 'back', 'forward', 'reload']).default('url').describe('What to do; "url" needs url.'),
      url: z.string().min(1).optional().describe('URL to load when type is "url".'),
      ignoreCache: z.boolean().optional().describe('Reload without the cache.'),
      pageId,
      timeout,
    })
    .refine((v) => v.type !== 'url' || v.url, { message: 'url is required when type is "url"', path: ['url'] }),
  readOnly: false,
  example: { type: 'url', url: 'https://example.com' },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const ms = timeoutOf(ctx, input);
    if (input.type === 'url') await gotoUrl(page, input.url as string, ms);
    else if (input.type === 'reload') await reload(page, ms, input.ignoreCache);
    else await goHistory(page, input.type === 'back' ? -1 : 1, ms);
    prepareSnapshotWorld(page);
    await page.refreshInfo();
    response.set('page', { id: page.id, url: page.url(), title: page.title() });
    response.line(`Page ${page.id} is at ${page.url()}`);
  },
});

export const resizePage = defineTool({
  name: 'resize_page',
  cli: { resource: 'page', verb: 'resize' },
  category: 'pages',
  description: "Resize the page's window so the viewport has the given size in CSS pixels.",
  schema: z.object({
    width: z.number().int().min(100).max(10_000).describe('Viewport width in CSS pixels.'),
    height: z.number().int().min(100).max(10_000).describe('Viewport height in CSS pixels.'),
    pageId,
  }),
  readOnly: false,
  example: { width: 1280, height: 800 },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const viewport = async () => {
      const m = await page.send('Page.getLayoutMetrics');
      return { width: m.cssLayoutViewport.clientWidth, height: m.cssLayoutViewport.clientHeight };
    };
    // The window resizes asynchronously: wait (bounded) until the viewport reports the new size.
    const settle = async (want: { width: number; height: number }) => {
      const deadline = Date.now() + 2000;
      let seen = await viewport();
      while ((seen.width !== want.width || seen.height !== want.height) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        seen = await viewport();
      }
      return seen;
    };
    const { windowId } = await page.root.send('Browser.getWindowForTarget', { targetId: page.targetId });
    await page.root.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'normal' } });
    await page.root.send('Browser.setWindowBounds', { windowId, bounds: { width: input.width, height: input.height } });
    // Window chrome (if any) takes space: grow the window by the difference once.
    const first = await settle(input);
    if (first.width !== input.width || first.height !== input.height) {
      const { bounds } = await page.root.send('Browser.getWindowBounds', { windowId });
      await page.root.send('Browser.setWindowBounds', {
        windowId,
        bounds: { width: (bounds.width ?? 0) + input.width - first.width, height: (bounds.height ?? 0) + input.height - first.height },
      });
      await settle(input);
    }
    const size = await viewport();
    response.set('viewport', size);
    response.line(`Page ${page.id} viewport is ${size.width}×${size.height}.`);
  },
});

export const waitFor = defineTool({
  name: 'wait_for',
  cli: { resource: 'page', verb: 'wait-text' },
  category: 'pages',
  description: 'Wait until the given text appears on the page (main frame and same-origin iframes).',
  schema: z.object({ text: z.string().min(1).describe('Text to wait for.'), pageId, timeout }),
  readOnly: true,
  example: { text: 'Results' },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    await waitForText(page, input.text, timeoutOf(ctx, input), ctx.signal);
    response.set('found', true);
    response.line(`Text "${input.text}" is on page ${page.id}.`);
  },
});

export const waitForSelectorTool = defineTool({
  name: 'wait_for_selector',
  cli: { resource: 'page', verb: 'wait-selector' },
  category: 'pages',
  description: 'Wait until a CSS selector matches an element in the given state (visible by default).',
  schema: z.object({
    selector: z.string().min(1).describe('CSS selector.'),
    state: z.enum(['attached', 'visible', 'hidden']).default('visible').describe('State to wait for.'),
    pageId,
    timeout,
  }),
  readOnly: true,
  example: { selector: '#results li', state: 'visible' },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const { count } = await waitForSelector(page, input.selector, input.state, timeoutOf(ctx, input), ctx.signal);
    response.set('count', count);
    response.line(`${input.selector} is ${input.state} (${count} match${count === 1 ? '' : 'es'}).`);
  },
});

export const waitForUrlTool = defineTool({
  name: 'wait_for_url',
  cli: { resource: 'page', verb: 'wait-url' },
  category: 'pages',
  description: 'Wait until the page URL matches: a substring, a glob with *, or /regex/.',
  schema: z.object({ url: z.string().min(1).describe('Substring, glob (*) or /regex/ the URL must match.'), pageId, timeout }),
  readOnly: true,
  example: { url: '*/results*' },
  async handler(ctx: BrowserToolContext, input, response) {
    const page = targetPage(ctx, input);
    const url = await waitForUrl(page, input.url, timeoutOf(ctx, input), ctx.signal);
    response.set('url', url);
    response.line(`Page ${page.id} is at ${url}.`);
  },
});

export const pageTools = [
  newPage,
  listPages,
  selectPage,
  closePage,
  navigatePage,
  resizePage,
  waitFor,
  waitForSelectorTool,
  waitForUrlTool,
];
