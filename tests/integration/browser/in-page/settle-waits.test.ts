import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BrowserDriver } from '../../../../src/main/browser/driver.ts';
import type { Page } from '../../../../src/main/browser/page.ts';
import { PageActivity } from '../../../../src/main/browser/settle/activity.ts';

/**
 * The calm the gate asks for after an action may be one the page already saw since the mark (the
 * settle's last quiet frame, or a frame begun at the action's first reading). It is taken only
 * while it still holds: what started or changed after that frame is seen as if a new frame had
 * been waited for. The oracle is the page's own work: a timer it set, and a change its resize
 * observer makes in the next frame (work the probe does not count as pending).
 */
let driver: BrowserDriver;
let page: Page;
let activity: PageActivity;
const run = (expression: string) => page.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });

/** Two frames and a task pass (on the probe's own frame and timer, which the page's counts leave out): a calm begun before has ended. */
const framesPass = () =>
  run(`(async (p) => { await p.frame(true); await p.frame(true); await p.task(); })(window[${JSON.stringify(activity.probeKey)}])`);

beforeAll(async () => {
  driver = await BrowserDriver.launch({ headless: true });
  page = driver.page() as Page;
  activity = PageActivity.of(page);
  await activity.ready();
}, 60_000);
afterAll(async () => {
  await driver?.close().catch(() => undefined);
});

beforeEach(async () => {
  // a box whose resize observer writes into the page in the frame after the box is resized
  await run(`document.body.innerHTML = '<div id="box" style="width:10px;height:10px"></div><p id="seen"></p>';
    new ResizeObserver(() => { document.getElementById('seen').textContent += 'r'; }).observe(document.getElementById('box'));
    new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`);
});

describe('the calm kept from a frame the page already saw', () => {
  it('is taken when nothing changed or started since the settle found the page quiet', async () => {
    await activity.mark();
    expect((await activity.quiet(1000))?.quiet).toBe(true);
    expect(await activity.calm(2000)).toEqual({ calm: true, sent: 0 });
  });

  it('is not taken when the page set a timer after that frame', async () => {
    await activity.mark();
    expect((await activity.quiet(1000))?.quiet).toBe(true);
    await run(`setTimeout(() => {}, 400)`);
    expect(await activity.calm(2000)).toEqual({ calm: false, why: 'timers' });
  });

  it('is not taken when the page changed after that frame: a new frame shows what the change set off', async () => {
    await activity.mark();
    expect((await activity.quiet(1000))?.quiet).toBe(true);
    // the resize is a change, and the observer's write in the next frame is one more: not calm
    await run(`document.getElementById('box').style.width = '20px'`);
    expect(await activity.calm(2000)).toEqual({ calm: false, why: 'dom' });
  });

  it('begun at the action’s first reading and ended, is not taken when the page set a timer since', async () => {
    await activity.mark();
    expect(await activity.state()).toMatchObject({ timers: 0, animations: 0 });
    await framesPass();
    await run(`setTimeout(() => {}, 400)`);
    expect(await activity.calm(2000)).toEqual({ calm: false, why: 'timers' });
  });

  it('begun at the action’s first reading and ended, is not taken when the page changed since', async () => {
    await activity.mark();
    expect(await activity.state()).toMatchObject({ timers: 0, animations: 0 });
    await framesPass();
    await run(`document.getElementById('box').style.width = '30px'`);
    expect(await activity.calm(2000)).toEqual({ calm: false, why: 'dom' });
  });
});
