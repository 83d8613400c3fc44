import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

describe('take_snapshot: compact accessibility text with stable uids', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('prints one node per line with a uid on every control and no label duplicates', async () => {
    await h.open('form.html');
    const s = await h.snapshot();
    for (const control of [
      'textbox "From"',
      'textbox "Notes"',
      'combobox "Cabin"',
      'checkbox "Direct only"',
      'radio "One way" [checked]',
      'radio "Round trip"',
      'button "Search"',
      'button "Disabled action" [disabled]',
      'link "Go to page B"',
    ]) {
      expect(s).toMatch(new RegExp(`^ *\\d+_[0-9a-z]+ ${control.replace(/[[\]]/g, '\\$&')}`, 'm'));
    }
    expect(s).toContain('options: Economy | Business | First');
    expect(s).toMatch(/^ *\d+_[0-9a-z]+ generic "Message" \[editable\]/m);
    expect(s).not.toMatch(/^"From"$/m); // the label text is on the field's line already
    expect(s).not.toContain('generic\n');
  });

  it('prints a list item that is only words as "• words" with its controls below it; a named item keeps its role', async () => {
    await h.open('list-items.html');
    const s = await h.snapshot();
    expect(s).toMatch(/^• ₩12,000 In stock\n img "Red mug photo"\n \d+_[0-9a-z]+ link "Red mug"\n \d+_[0-9a-z]+ button "Add to cart"$/m);
    expect(s).toMatch(
      /^• ₩15,500 Sold out\n img "Blue mug photo"\n \d+_[0-9a-z]+ link "Blue mug"\n \d+_[0-9a-z]+ button "Add to cart" \[disabled\]$/m,
    );
    expect(s).toMatch(/^• Plain words of the first step$/m);
    expect(s).toMatch(/^\d+_[0-9a-z]+ link "Only a link"$/m); // an item that is only a link is the link
    expect(s).toMatch(/^listitem "Named item": Words under a name$/m);
    expect(s).not.toContain('listitem:');
    // the uid under an item acts on that item's control
    await h.run('click', { uid: h.uidOf(s, 'link "Blue mug"') });
    expect(await h.evaluate('() => location.hash')).toBe('#b');
    // read from Chromium's tree (a closed shadow root hides part of the page), a "•" list marker is not said twice
    await h.open('list-items.html?closed');
    const ax = await h.snapshot();
    expect(ax).toMatch(/^\d+_[0-9a-z]+ button "Closed shadow button"$/m);
    expect(ax).toMatch(/^• ₩12,000 In stock\n img "Red mug photo"$/m);
    expect(ax).not.toContain('• •');
  });

  it('includes same-origin and cross-origin (out-of-process) iframes and open shadow roots', async () => {
    await h.run('navigate_page', { url: `${h.site.url}/frames.html?other=${encodeURIComponent(h.otherUrl)}` });
    await h.run('wait_for', { text: 'Frame same' });
    const page = h.driver.selectedPage();
    await expect.poll(() => page.frames.children().length, { timeout: 10_000 }).toBeGreaterThan(0);
    let s = '';
    await expect
      .poll(
        async () => {
          s = await h.snapshot();
          return s;
        },
        { timeout: 10_000 },
      )
      .toContain('"Frame cross"');
    expect(s).toMatch(/^ *\d+_[0-9a-z]+ iframe "Same origin frame"\n "Frame same"/m);
    expect(s).toMatch(/^ *\d+_[0-9a-z]+ iframe "Cross origin frame"\n "Frame cross"/m);
    expect(s.match(/^ *\d+_[0-9a-z]+ button "Frame button"/gm)).toHaveLength(2);
    expect(s).toMatch(/^ *\d+_[0-9a-z]+ textbox "Shadow field"/m);
    expect(s).toMatch(/^ *\d+_[0-9a-z]+ button "Shadow button"/m);
  });

  it('keeps uids for unchanged nodes and reports STALE_UID for removed ones', async () => {
    await h.open('form.html');
    const first = await h.snapshot();
    const second = await h.snapshot();
    expect(h.uidOf(second, 'button "Search"')).toBe(h.uidOf(first, 'button "Search"'));
    expect(h.uidOf(second, 'textbox "From"')).toBe(h.uidOf(first, 'textbox "From"'));
    const hover = h.uidOf(first, 'Hover me');
    await h.evaluate('() => { document.getElementById("hover").remove(); }');
    await expect(h.run('click', { uid: hover })).rejects.toMatchObject({
      code: 'STALE_UID',
      suggestions: [expect.stringMatching(/new snapshot/)],
    });
    // A replaced node with the same look gets a new uid; the old one never clicks it.
    const search = h.uidOf(first, 'button "Search"');
    await h.evaluate('() => { const b = document.querySelector("button[type=submit]"); b.replaceWith(b.cloneNode(true)); }');
    await expect(h.run('click', { uid: search })).rejects.toMatchObject({ code: 'STALE_UID' });
    // a field or select taken out of the page after it was used is not filled, chosen, clicked or hovered again
    const from = h.uidOf(first, 'textbox "From"');
    const cabin = h.uidOf(first, 'combobox "Cabin"');
    await h.run('fill', { uid: from, value: 'Busan' });
    await h.run('select_option', { uid: cabin, values: ['Business'] });
    await h.evaluate(
      '() => { window.kept = [document.getElementById("from"), document.getElementById("cabin")]; window.kept.forEach((e) => e.remove()); }',
    );
    await expect(h.run('fill', { uid: from, value: 'Seoul' })).rejects.toMatchObject({ code: 'STALE_UID' });
    await expect(h.run('select_option', { uid: cabin, values: ['First'] })).rejects.toMatchObject({ code: 'STALE_UID' });
    await expect(h.run('fill', { uid: cabin, value: 'First' })).rejects.toMatchObject({ code: 'STALE_UID' });
    await expect(h.run('click', { uid: from })).rejects.toMatchObject({ code: 'STALE_UID' });
    await expect(h.run('hover', { uid: cabin })).rejects.toMatchObject({ code: 'STALE_UID' });
    expect(await h.evaluate('() => window.kept.map((e) => e.value).join(",")')).toBe('Busan,c');
    const third = await h.snapshot();
    expect(h.uidOf(third, 'button "Search"')).not.toBe(search);
    // After a navigation every old uid is stale.
    const link = h.uidOf(third, 'Go to page B');
    await h.open('form.html');
    await expect(h.run('click', { uid: link })).rejects.toMatchObject({ code: 'STALE_UID' });
    await expect(h.run('click', { uid: '1_99999' })).rejects.toMatchObject({ code: 'ELEMENT_NOT_FOUND' });
  });

  it('verbose shows every node with a uid; viewportOnly leaves out what is scrolled away', async () => {
    await h.open('form.html');
    const normal = await h.snapshot();
    const verbose = await h.snapshot({ verbose: true });
    expect(verbose.length).toBeGreaterThan(normal.length);
    expect(verbose).toMatch(/^ *\d+_[0-9a-z]+ "Drag me"/m);
    expect(verbose).toContain('[level=1]');
    const inView = await h.snapshot({ viewportOnly: true });
    expect(inView).toContain('textbox "From"');
    expect(inView).not.toContain('Far below');
    expect(normal).toContain('Far below');
  });

  it('diff shows only what changed since the last snapshot', async () => {
    await h.open('form.html');
    await h.snapshot();
    const none = await h.snapshot({ diff: true });
    expect(none).toBe('(no changes since the last snapshot)');
    await h.evaluate('() => { document.getElementById("hover").textContent = "Changed label"; document.getElementById("late").remove(); }');
    const diff = await h.snapshot({ diff: true });
    expect(diff).toMatch(/^\+ .*button "Changed label"/m);
    expect(diff).toMatch(/^- .*button "Add late content"/m);
    expect(diff).not.toContain('textbox "From"');
  });

  it('snapshots a slow-loading list once it has loaded', async () => {
    await h.open('slow-list.html');
    await h.run('wait_for', { text: 'Loaded 5 items' });
    const s = await h.snapshot();
    for (let i = 1; i <= 5; i++) expect(s).toMatch(new RegExp(`^ *\\d+_[0-9a-z]+ link "Item ${i}"`, 'm'));
  });
});
