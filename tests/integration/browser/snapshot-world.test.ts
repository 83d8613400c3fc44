import type { Protocol } from 'devtools-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../../src/main/browser/page.ts';
import { type Harness, startHarness } from './harness.ts';

/**
 * The snapshot's isolated world of a new document is made when navigate_page has loaded it, not
 * by the first snapshot: that snapshot (what an agent asks for next) then finds it ready. The
 * oracle is the browser's own list of the execution contexts it created.
 */
describe('the snapshot world after a navigation', () => {
  let h: Harness;
  let page: Page;
  const created: Protocol.Runtime.ExecutionContextDescription[] = [];
  beforeAll(async () => {
    h = await startHarness();
    page = h.driver.selectedPage() as Page;
    page.cdp.on('Runtime.executionContextCreated', (p) => {
      created.push((p as Protocol.Runtime.ExecutionContextCreatedEvent).context);
    });
    await page.send('Runtime.enable');
  });
  afterAll(async () => {
    await h?.close();
  });

  const worldsOf = (loaderFrame: string) =>
    created.filter((c) => c.name === 'steward-snapshot' && (c.auxData as { frameId?: string } | undefined)?.frameId === loaderFrame);

  it('is made by navigate_page, before any snapshot, and the first snapshot uses it', async () => {
    await h.open('form.html');
    // bounded wait for the browser to report the world (it is made without holding the tool up)
    for (let i = 0; i < 100 && !worldsOf(page.mainFrameId).length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(worldsOf(page.mainFrameId)).toHaveLength(1);
    const snapshot = await h.snapshot();
    expect(snapshot).toContain('textbox');
    expect(worldsOf(page.mainFrameId)).toHaveLength(1);
  });

  it('is made again for the next document the page loads', async () => {
    const before = worldsOf(page.mainFrameId).length;
    await h.open('hello.html');
    for (let i = 0; i < 100 && worldsOf(page.mainFrameId).length === before; i++) await new Promise((r) => setTimeout(r, 20));
    expect(worldsOf(page.mainFrameId)).toHaveLength(before + 1);
    await h.snapshot();
    expect(worldsOf(page.mainFrameId)).toHaveLength(before + 1);
  });
});
