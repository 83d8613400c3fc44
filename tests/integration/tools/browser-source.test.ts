import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFocused, describeUid } from '../../../src/main/tools/browser-source.ts';
import { type Harness, startHarness } from '../browser/harness.ts';

/**
 * What the policy reads of an acting call is the element's line of the last snapshot without the
 * uid that leads it: a uid is an id (its base-36 letters can spell "cvc" or "pay"), not words.
 */
describe('describing the element a call acts on', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is the role, name and states of its snapshot line, without the uid', async () => {
    await h.open('form.html');
    const s = await h.snapshot();
    const box = h.uidOf(s, 'checkbox "Direct only"');
    const from = h.uidOf(s, 'textbox "From"');
    expect(s).toMatch(new RegExp(`^ *${box} checkbox "Direct only"$`, 'm'));
    expect(describeUid(h.driver, { uid: box })).toBe('checkbox "Direct only"');
    expect(describeUid(h.driver, { elements: [{ uid: box }, { uid: from }] })).toMatch(/^checkbox "Direct only" \| textbox "From"/);
    await h.run('click', { uid: from });
    await h.snapshot();
    expect(describeFocused(h.driver, {})).toMatch(/^textbox "From" \[.*focused/);
  });
});
