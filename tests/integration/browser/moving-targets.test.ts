import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

/** A click waits for a target that moves (a transition in its container) and refuses one that never stops (moved by script every frame); what the page logged is the oracle. */
describe('click on moving targets', () => {
  let h: Harness;
  const log = () => h.evaluate<string>('() => document.getElementById("log").textContent');
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('clicks a still button at once, and a button whose container slides in once it stops', async () => {
    await h.open('moving.html');
    const s = await h.snapshot();
    await h.run('click', { uid: h.uidOf(s, 'button "Still button"') });
    expect(await log()).toBe('still;');
    // the panel starts sliding in now: the button moves under the pointer for 0.4 s
    await h.evaluate('() => { document.getElementById("panel").classList.add("in"); }');
    await h.run('click', { uid: h.uidOf(s, 'button "Sliding button"') });
    expect(await log()).toBe('still;sliding;');
  });

  it('refuses a button that never stops moving, and clicks nothing else instead', async () => {
    await h.open('moving.html');
    const s = await h.snapshot();
    await expect(h.run('click', { uid: h.uidOf(s, 'button "Restless button"') })).rejects.toMatchObject({
      code: 'TARGET_NOT_INTERACTABLE',
    });
    expect(await log()).toBe('');
  });
});
