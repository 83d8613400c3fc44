import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserDriver } from '../../../src/main/browser/driver.ts';
import { descendants } from '../../../src/main/browser/process-tree.ts';
import { runBrowserTool } from '../../../src/main/browser/tools/index.ts';
import { type Harness, startHarness } from './harness.ts';

function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('robustness: crashes, closed tabs, dropped connections, clean exit', () => {
  let h: Harness;
  const driverPages = () => h.driver.pages().map((p) => p.id);
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a crashed page fails with PAGE_CRASHED, also mid-operation, and the other pages keep working', async () => {
    await h.open('hello.html');
    const other = h.driver.selectedPage().id;
    const opened = await h.run('new_page', { url: `${h.site.url}/crash.html` });
    const crashed = (opened.data.page as { id: string }).id;
    const waiting = h.run('wait_for', { text: 'never appears', pageId: crashed, timeout: 20_000 }).catch((e) => e);
    await h.driver
      .page(crashed)
      .send('Page.crash')
      .catch(() => undefined);
    expect(await waiting).toMatchObject({ code: 'PAGE_CRASHED' });
    await expect(h.run('take_snapshot', { pageId: crashed })).rejects.toMatchObject({ code: 'PAGE_CRASHED' });
    const s = await h.run('take_snapshot', { pageId: other });
    expect(s.data.snapshot).toContain('Hello from a fixture');
    await h.run('close_page', { pageId: crashed });
    expect(h.driver.pages().map((p) => p.id)).not.toContain(crashed);
  });

  it('a page stuck in a busy loop does not stall listing or using the other pages', async () => {
    const opened = await h.run('new_page', { url: `${h.site.url}/hello.html` });
    const stuck = (opened.data.page as { id: string }).id;
    const page = h.driver.page(stuck);
    page.send('Runtime.evaluate', { expression: 'setTimeout(() => { for (;;) {} }, 0)' }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 200));
    const list = await h.run('list_pages');
    expect((list.data.pages as Array<{ id: string }>).map((p) => p.id)).toContain(stuck);
    const other = driverPages().find((id) => id !== stuck) as string;
    await h.run('select_page', { pageId: other });
    expect((await h.run('take_snapshot', { pageId: other })).data.snapshot).toContain('Hello from a fixture');
    await h.run('close_page', { pageId: stuck });
  });

  it('a tab closed during an operation fails it with TARGET_CLOSED', async () => {
    const opened = await h.run('new_page', { url: `${h.site.url}/hello.html` });
    const id = (opened.data.page as { id: string }).id;
    const page = h.driver.page(id);
    const waiting = h.run('wait_for_selector', { selector: '#never', pageId: id, timeout: 20_000 }).catch((e) => e);
    await h.driver.cdp.send('Target.closeTarget', { targetId: page.targetId });
    expect(await waiting).toMatchObject({ code: 'TARGET_CLOSED' });
    await expect(h.run('take_snapshot', { pageId: id })).rejects.toMatchObject({ code: 'PAGE_NOT_FOUND' });
    expect((await h.run('list_pages')).data.pages).not.toContainEqual(expect.objectContaining({ id }));
  });

  it('a dropped connection fails the running operation with CDP_DISCONNECTED', async () => {
    const driver = await BrowserDriver.launch();
    const ctx = { driver, artifactsDir: '/tmp', timeoutMs: 20_000 };
    try {
      await runBrowserTool(ctx, 'navigate_page', { url: `${h.site.url}/hello.html` });
      let reason = '';
      driver.onDisconnect((r) => {
        reason = r;
      });
      const waiting = runBrowserTool(ctx, 'wait_for', { text: 'never appears' }).catch((e) => e);
      process.kill(driver.pid as number, 'SIGKILL');
      expect(await waiting).toMatchObject({ code: 'CDP_DISCONNECTED' });
      expect(reason).toMatch(/exited/);
      await expect(runBrowserTool(ctx, 'list_pages', {}).then(() => runBrowserTool(ctx, 'take_snapshot', {}))).rejects.toMatchObject({
        code: 'CDP_DISCONNECTED',
      });
    } finally {
      await driver.close();
    }
  });

  it('closing the driver leaves no Chromium process behind', async () => {
    const driver = await BrowserDriver.launch();
    const pid = driver.pid;
    await driver.newPage(`${h.site.url}/hello.html`);
    expect(alive(pid)).toBe(true);
    const helpers = descendants(pid as number);
    expect(helpers.length).toBeGreaterThan(0); // zygote, renderer, GPU/utility processes
    await driver.close();
    expect([pid, ...helpers].filter(alive)).toEqual([]);
  });
});
