import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

/**
 * The snapshot's roles and names on a page that names its controls in every way the accessible
 * name rules allow (aria-labelledby across elements and hidden ones, labels, legends, alt, title,
 * aria-label) and hides content in every way CSS and ARIA can. The expected names are the
 * accname rules' answers, written out by hand.
 */
describe('take_snapshot: accessible names and hidden content', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('names every control by the accessible name rules', async () => {
    await h.open('names.html');
    const s = await h.snapshot();
    for (const line of [
      'textbox "Billing street address"',
      'button "Pay ₩12,000"', // aria-labelledby reads a hidden element too
      'textbox "Card holder" [value="Minsu Kim"]',
      'button "Close dialog"',
      'button "Print the receipt"',
      'link "Terms of service"',
      'radio "Courier" [checked]',
      'combobox "Size" [value="Medium"]',
      'button "Contents child button"',
      'button "Screen reader text"',
      'button "More options" [collapsed]',
      'button "Open shadow title"',
    ]) {
      expect(s).toMatch(new RegExp(`^ *\\d+_[0-9a-z]+ ${line.replace(/[[\]()*+?.\\^$|]/g, '\\$&')}`, 'm'));
    }
    expect(s).toContain('group "Delivery"');
    // a password field shows how long it is, never what it holds
    expect(s).toMatch(/^ *\d+_[0-9a-z]+ textbox "Card PIN" \[value="••••"\]/m);
    expect(s).not.toContain('1234');
  });

  it('leaves out what is not rendered or hidden from assistive technology, and keeps what is shown again', async () => {
    await h.open('names.html');
    const s = await h.snapshot();
    for (const gone of ['Display none button', 'Hidden attribute button', 'Aria hidden button', 'Invisible button', 'Inside details']) {
      expect(s).not.toContain(gone);
    }
    expect(s).toMatch(/^ *\d+_[0-9a-z]+ button "Visible again button"/m);
    await h.evaluate('() => { document.querySelector("details").open = true; }');
    expect(await h.snapshot()).toMatch(/^ *\d+_[0-9a-z]+ button "Inside details"/m);
  });

  it('reads a closed shadow root, which scripts in the page cannot see into, from the browser', async () => {
    await h.open('closed-shadow.html');
    const s = await h.snapshot();
    expect(s).toMatch(/^ *\d+_[0-9a-z]+ button "Light button"/m);
    expect(s).toMatch(/^ *\d+_[0-9a-z]+ button "Closed shadow button"/m);
  });

  it('shows what changed without a DOM change (a typed value, a ticked box) on the next snapshot', async () => {
    await h.open('names.html');
    const first = await h.snapshot();
    await h.snapshot(); // an unchanged page: the same snapshot again
    await h.run('fill', { uid: h.uidOf(first, 'textbox "Card holder"'), value: 'Jiwoo Park' });
    await h.evaluate('() => { document.querySelector("input[type=radio]").checked = false; }');
    const after = await h.snapshot();
    expect(after).toMatch(/textbox "Card holder" \[focused, value="Jiwoo Park"\]/);
    expect(after).toMatch(/radio "Courier"$/m);
    // uids stay with their nodes
    expect(h.uidOf(after, 'button "Close dialog"')).toBe(h.uidOf(first, 'button "Close dialog"'));
  });

  it('viewportOnly leaves out what is scrolled away and keeps the uids of the full snapshot', async () => {
    await h.open('form.html');
    const full = await h.snapshot();
    const inView = await h.snapshot({ viewportOnly: true });
    expect(h.uidOf(inView, 'textbox "From"')).toBe(h.uidOf(full, 'textbox "From"'));
    expect(full).toContain('Far below');
    expect(inView).not.toContain('Far below');
    // scrolled to the end, the top of the form is out of view
    await h.evaluate('() => { window.scrollTo(0, document.body.scrollHeight); }');
    const bottom = await h.snapshot({ viewportOnly: true });
    expect(bottom).not.toContain('textbox "From"');
    expect(bottom).toMatch(/^ *\d+_[0-9a-z]+ button "Far below"/m);
  });
});
