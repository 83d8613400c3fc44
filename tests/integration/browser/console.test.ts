import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageHandle } from '../../../src/main/browser/page.ts';
import { getConsoleMessage, listConsoleMessages, waitForConsole } from '../../../src/main/browser/tools/console.ts';
import { type ExtrasHarness, eventually, startExtrasHarness } from '../../helpers/browser-extras.ts';

type Listed = { id: number; type: string; level: string; text: string };

describe('console messages collected per page from the start', () => {
  let h: ExtrasHarness;
  let page: PageHandle;
  const list = async (input: Record<string, unknown> = {}) =>
    (await h.run(listConsoleMessages, { pageId: page.id, ...input })).data as { messages: Listed[]; total: number; pages: number };

  beforeAll(async () => {
    h = await startExtrasHarness();
    page = await h.driver.newPage(`${h.site.url}/console.html`);
    await eventually(list, (r) => r.total >= 33);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('has the messages logged in <head> before any script of ours could run', async () => {
    const { messages } = await list({ pageSize: 5 });
    expect(messages[0]).toMatchObject({ id: 1, type: 'log', level: 'info', text: 'early bird {n: 1}' });
    expect(messages[1]).toMatchObject({ type: 'warning', level: 'warning', text: 'careful: stock is low' });
  });

  it('filters by type or level and by text, and pages through results', async () => {
    const errors = await list({ types: ['error'] });
    expect(errors.messages.map((m) => m.text)).toEqual(['broken widget 42']);
    const ticks = await list({ text: '/^tick \\d+$/', pageSize: 10, pageIdx: 2 });
    expect(ticks.total).toBe(30);
    expect(ticks.pages).toBe(3);
    expect(ticks.messages.map((m) => m.text)).toEqual(Array.from({ length: 10 }, (_, i) => `tick ${21 + i}`));
    const glob = await list({ text: 'careful*' });
    expect(glob.total).toBe(1);
  });

  it('gets one message by id, and MESSAGE_NOT_FOUND for an unknown id', async () => {
    const r = await h.run(getConsoleMessage, { pageId: page.id, msgid: 3 });
    expect(r.data.message).toMatchObject({ id: 3, type: 'error', args: ['broken widget', 42] });
    expect((r.data.message as { url: string }).url).toContain('console.html');
    await expect(h.run(getConsoleMessage, { pageId: page.id, msgid: 9999 })).rejects.toMatchObject({ code: 'MESSAGE_NOT_FOUND' });
  });

  it('waits for a new message matching a pattern, and records uncaught exceptions', async () => {
    const waiting = h.run(waitForConsole, { pageId: page.id, text: '/clicked \\d/', timeout: 15_000 });
    await h.evaluate(page, 'document.getElementById("log").click()');
    const found = (await waiting).data.message as Listed;
    expect(found).toMatchObject({ type: 'info', text: 'clicked 1' });

    const exception = h.run(waitForConsole, { pageId: page.id, text: 'kaboom', types: ['exception'], timeout: 15_000 });
    await h.evaluate(page, 'document.getElementById("boom").click()');
    expect((await exception).data.message).toMatchObject({
      type: 'exception',
      level: 'error',
      text: expect.stringContaining('TypeError: kaboom from a timer'),
    });
  });

  it('times out with TIMEOUT when nothing matches', async () => {
    await expect(h.run(waitForConsole, { pageId: page.id, text: 'never logged', timeout: 300 })).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it('collects messages of a cross-site (out-of-process) iframe into its page log', async () => {
    const child = `${h.site.url.replace('127.0.0.1', 'localhost')}/frame-logger.html`;
    const framed = await h.driver.newPage(`${h.site.url}/frame-parent.html?child=${encodeURIComponent(child)}`);
    const host = new URL(child).host;
    const r = await h.run(waitForConsole, { pageId: framed.id, text: `hello from ${host}`, includeExisting: true, timeout: 15_000 });
    expect(r.data.message).toMatchObject({ type: 'log', text: `hello from ${host}` });
  });

  it('keeps logs apart per page', async () => {
    const other = await h.driver.newPage(`${h.site.url}/frame-child.html`);
    const r = await h.run(listConsoleMessages, { pageId: other.id });
    expect(r.data.total).toBe(0);
  });
});
