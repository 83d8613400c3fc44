import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserToolContext } from '../../../../src/main/browser/context.ts';
import { BrowserDriver } from '../../../../src/main/browser/driver.ts';
import { runBrowserTool } from '../../../../src/main/browser/tools/index.ts';
import { networkHold } from '../../../../src/main/tools/effects/network-hold.ts';
import { type EffectsSite, startEffectsSite } from '../../../fixtures/sites/effects/server.ts';

/**
 * How the gate's hold ends after an acting call. When the action set nothing in motion it ends
 * without waiting out its quiet window ('nothing-in-motion'); when the action set off work that
 * acts soon after it returned — a short timer, an interval, an idle callback, two frames, a
 * worker's answer (to a message, or through a port it was given) — the hold stays on until that work acted, and what it sent is held. The
 * server's request log is the oracle for the latter; the reported end for the former.
 */
let site: EffectsSite;
let driver: BrowserDriver;
let ctx: BrowserToolContext;
beforeAll(async () => {
  site = await startEffectsSite();
  driver = await BrowserDriver.launch({ headless: true });
  await driver.newPage('about:blank');
  ctx = { driver, artifactsDir: '/tmp', timeoutMs: 15_000 };
}, 60_000);
afterAll(async () => {
  await driver?.close().catch(() => undefined);
  await site?.close();
});

const text = (r: unknown) => JSON.stringify(r);
/** Long enough for anything the page would still send after the call to reach the server. */
const linger = () => new Promise((r) => setTimeout(r, 400));

async function open(page: string): Promise<string> {
  await runBrowserTool(ctx, 'navigate_page', { type: 'url', url: `${site.url}/t/${page}` });
  const r = await runBrowserTool(ctx, 'take_snapshot', {});
  return String((r.data as { snapshot?: string } | undefined)?.snapshot);
}

function uidOf(snap: string, role: string, name: string): string {
  const uid = new RegExp(`(\\d+_[0-9a-z]+) ${role} "${name}"`).exec(snap)?.[1];
  expect(uid, snap).toBeDefined();
  return uid as string;
}

/** Runs one acting call under the hold, as the gate does; what was held and how the hold ended. */
async function held(tool: string, input: Record<string, unknown>) {
  const watch = await networkHold(driver).watch({ tool, input }, 'hold');
  await runBrowserTool(ctx, tool, input).catch(() => undefined);
  const requests = await watch.finish();
  return { requests, ended: watch.ended };
}

describe('the hold ends early only on evidence that nothing was set in motion', () => {
  it('a click that does nothing and a fill into a plain field end the hold without its window', async () => {
    const snap = await open('idle');
    const click = await held('click', { uid: uidOf(snap, 'button', '아무것도 Nothing') });
    expect(click).toEqual({ requests: [], ended: 'nothing-in-motion' });
    const form = await open('quiet-form');
    const fill = await held('fill', { uid: uidOf(form, 'textbox', '이름 Name'), value: 'Kim' });
    expect(fill).toEqual({ requests: [], ended: 'nothing-in-motion' });
    // a click whose only effect is a DOM change made while it ran
    const greet = await held('click', { uid: uidOf(form, 'button', '인사 Greet') });
    expect(greet).toEqual({ requests: [], ended: 'nothing-in-motion' });
  }, 60_000);

  for (const page of ['soon-timer', 'soon-interval', 'soon-idle', 'soon-frames', 'soon-worker', 'soon-port']) {
    it(`held: what the action set off reaches nothing at the server — ${page}`, async () => {
      const snap = await open(page);
      site.reset();
      const r = await held('click', { uid: uidOf(snap, 'button', '곧 Soon') });
      await linger();
      expect(site.changes(), text(site.log)).toEqual([]);
      expect(r.requests.map((q) => `${q.method} ${new URL(q.url).pathname}`)).toEqual([`POST /act/${page}`]);
      expect(r.ended).not.toBe('nothing-in-motion');
    }, 60_000);
  }
});

describe('the hold ends once the page handled the answers to what the action asked, and not before', () => {
  it('a read whose answer only redraws, and a page opened by navigation, end the hold as answered', async () => {
    const snap = await open('show-more');
    site.reset();
    const more = await held('click', { uid: uidOf(snap, 'button', '더 보기 Show more') });
    expect(more).toEqual({ requests: [], ended: 'answered' });
    // the page shows what the answer brought: the handler ran before the hold ended
    const after = await runBrowserTool(ctx, 'take_snapshot', {});
    expect(text(after.data)).toContain('Item 3');
    expect(site.log.filter((r) => r.path === '/api/more')).toHaveLength(1);
    const opened = await held('navigate_page', { type: 'url', url: `${site.url}/t/idle` });
    expect(opened).toEqual({ requests: [], ended: 'answered' });
  }, 60_000);

  for (const page of ['answer-post', 'answer-timer', 'answer-xhr', 'answer-stream', 'answer-image', 'answer-load']) {
    it(`held: what the page sends on the answer reaches nothing at the server — ${page}`, async () => {
      const snap = await open(page);
      site.reset();
      const r = await held('click', { uid: uidOf(snap, 'button', '곧 Soon') });
      await linger();
      // the read went out and was answered; the state change it led to did not reach the server
      expect(
        site.log.some((q) => q.path.startsWith('/api/')),
        text(site.log),
      ).toBe(true);
      expect(site.changes(), text(site.log)).toEqual([]);
      expect(r.requests.map((q) => `${q.method} ${new URL(q.url).pathname}`)).toEqual([`POST /act/${page}`]);
    }, 60_000);
  }
});
