import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveNode } from '../../../src/main/browser/elements.ts';
import { type Harness, startHarness } from './harness.ts';

/** An element used again is called on the object made for it the first time; a gone object or node is handled, not trusted. */
describe('elements behind uids', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('keeps the object made for an element, and makes a fresh one when the kept one is gone', async () => {
    await h.open('settle-fields.html');
    const s = await h.snapshot();
    const uid = h.uidOf(s, 'textbox "Quiet field"');
    const page = h.driver.selectedPage();
    const first = await resolveNode(page, uid);
    const again = await resolveNode(page, uid);
    expect(again.kept).toBe(true);
    expect(again.objectId).toBe(first.objectId);
    // the browser forgets the object (as when its world is torn down): the next call still reaches the field
    await page.send('Runtime.releaseObject', { objectId: first.objectId });
    await h.run('fill', { uid, value: 'after release' });
    expect(await h.evaluate<string>('() => document.getElementById("quiet").value')).toBe('after release');
    const fresh = await resolveNode(page, uid);
    expect(fresh.objectId).not.toBe(first.objectId);
  });

  it('lets go of the least recently used object when it keeps too many, and releases it in the page', async () => {
    await h.open('settle-fields.html');
    await h.evaluate(`() => {
      for (let i = 0; i < 510; i++) {
        const b = document.createElement('button');
        b.textContent = 'Kept ' + i;
        document.body.append(b);
      }
    }`);
    const s = await h.snapshot();
    const page = h.driver.selectedPage();
    const uids = Array.from({ length: 510 }, (_, i) => h.uidOf(s, `button "Kept ${i}"`));
    const first = await resolveNode(page, uids[0] ?? '');
    const second = await resolveNode(page, uids[1] ?? '');
    for (const uid of uids.slice(2, 500)) await resolveNode(page, uid);
    await resolveNode(page, uids[1] ?? ''); // used again: now the most recent
    for (const uid of uids.slice(500)) await resolveNode(page, uid);
    const alive = (objectId: string) =>
      page.send('Runtime.callFunctionOn', { objectId, functionDeclaration: 'function() { return 1; }', returnByValue: true }).then(
        () => true,
        () => false,
      );
    // the page no longer holds the first node for Steward; the one used again is still kept
    expect(await alive(first.objectId)).toBe(false);
    expect(await alive(second.objectId)).toBe(true);
    expect((await resolveNode(page, uids[1] ?? '')).kept).toBe(true);
  });

  it('says STALE_UID for an element removed from the page, though its object was kept', async () => {
    await h.open('settle-fields.html');
    const s = await h.snapshot();
    const uid = h.uidOf(s, 'textbox "Quiet field"');
    await h.run('fill', { uid, value: 'once' });
    await h.evaluate('() => document.getElementById("quiet").remove()');
    await expect(h.run('fill', { uid, value: 'twice' })).rejects.toMatchObject({ code: 'STALE_UID' });
    await expect(h.run('click', { uid })).rejects.toMatchObject({ code: 'STALE_UID' });
  });

  it('says STALE_UID for an element of a document that was replaced', async () => {
    await h.open('settle-fields.html');
    const s = await h.snapshot();
    const uid = h.uidOf(s, 'textbox "Quiet field"');
    await h.run('fill', { uid, value: 'once' });
    await h.open('settle-fields.html');
    await expect(h.run('fill', { uid, value: 'twice' })).rejects.toMatchObject({ code: 'STALE_UID' });
  });
});
