import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BrowseWorld, startBrowseWorld, worldServices } from './browse-harness.ts';

// The browser view is shared by every conversation: a new one must not show what another left on
// the page, and must not take the page from one still using it. The page itself is the oracle.

let world: BrowseWorld;
beforeAll(async () => {
  world = await startBrowseWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const SEARCH = '12월 20일 인천에서 나리타 가는 직항 찾아줘';

const services = () => worldServices(world, 'steward-shared-page-');

const shown = async () => {
  const page = world.driver.selectedPage();
  await page.refreshInfo();
  return page.url();
};

describe('the shared browser page and a new conversation', () => {
  it("a new conversation starts on a blank page, not on the last conversation's results", async () => {
    const s = services();
    const h = s.handlers;
    try {
      const a = await h['conversation.start']({ locale: 'ko' });
      await h['conversation.send']({ conversationId: a.conversationId, text: SEARCH });
      await vi.waitFor(async () => expect((await h['conversation.get']({ conversationId: a.conversationId })).stage).toBe('DONE'), {
        timeout: 60_000,
        interval: 50,
      });
      expect(await shown()).toContain(world.sites.urls.flights);
      await h['conversation.start']({ locale: 'ko' });
      expect(await shown()).toBe('about:blank');
    } finally {
      await s.close();
    }
  }, 120_000);

  it('a page another conversation is still using (its plan paused) is left alone', async () => {
    const s = services();
    const h = s.handlers;
    try {
      const a = await h['conversation.start']({ locale: 'ko' });
      let pausing: Promise<unknown> | undefined;
      s.hub.subscribe((event, payload) => {
        const plan = (payload as { plan?: { steps: Array<{ status: string }> } }).plan;
        if (event === 'conversation.changed' && !pausing && plan?.steps.some((x) => x.status === 'running'))
          pausing = h['conversation.pause']({ conversationId: a.conversationId });
      });
      await h['conversation.send']({ conversationId: a.conversationId, text: SEARCH });
      await vi.waitFor(
        () => expect(h['conversation.get']({ conversationId: a.conversationId })).resolves.toMatchObject({ plan: { status: 'paused' } }),
        { timeout: 60_000, interval: 50 },
      );
      const before = await shown();
      await h['conversation.start']({ locale: 'en' });
      expect(await shown()).toBe(before);
      await h['conversation.resume']({ conversationId: a.conversationId });
      await vi.waitFor(async () => expect((await h['conversation.get']({ conversationId: a.conversationId })).stage).toBe('DONE'), {
        timeout: 60_000,
        interval: 50,
      });
    } finally {
      await s.close();
    }
  }, 120_000);
});
