import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

describe('element actions with actionability checks and settling', () => {
  let h: Harness;
  let s: string;
  const value = (js: string) => h.evaluate<unknown>(`() => ${js}`);
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('fills text fields, textarea, contenteditable, select, checkbox, radio and date', async () => {
    await h.open('form.html');
    s = await h.snapshot();
    await h.run('fill', { uid: h.uidOf(s, 'textbox "From"'), value: 'Seoul' });
    await h.run('fill', { uid: h.uidOf(s, 'textbox "From"'), value: 'Incheon' }); // replaces, not appends
    await h.run('fill', { uid: h.uidOf(s, 'textbox "Notes"'), value: 'Window seat\nplease' });
    await h.run('fill', { uid: h.uidOf(s, 'generic "Message"'), value: '안녕하세요' });
    await h.run('fill', { uid: h.uidOf(s, 'combobox "Cabin"'), value: 'Business' });
    await h.run('fill', { uid: h.uidOf(s, 'checkbox "Direct only"'), value: 'true' });
    await h.run('fill', { uid: h.uidOf(s, 'radio "Round trip"'), value: 'true' });
    await h.run('fill', { uid: h.uidOf(s, 'Date "Date"'), value: '2026-12-20' });
    expect(
      await value(
        '[from.value, notes.value, editor.textContent, cabin.value, direct.checked, round.checked, date.value]'.replace(
          /(\w+)\./g,
          'document.getElementById("$1").',
        ),
      ),
    ).toEqual(['Incheon', 'Window seat\nplease', '안녕하세요', 'c', true, true, '2026-12-20']);
    await h.run('fill', { uid: h.uidOf(s, 'checkbox "Direct only"'), value: 'false' });
    expect(await value('document.getElementById("direct").checked')).toBe(false);
    await h.run('fill', { uid: h.uidOf(s, 'textbox "From"'), value: '' });
    expect(await value('document.getElementById("from").value')).toBe('');
    await expect(h.run('fill', { uid: h.uidOf(s, 'button "Search"'), value: 'x' })).rejects.toMatchObject({
      code: 'TARGET_NOT_INTERACTABLE',
    });
    await expect(h.run('fill', { uid: h.uidOf(s, 'combobox "Cabin"'), value: 'Rocket' })).rejects.toMatchObject({
      code: 'ELEMENT_NOT_FOUND',
      details: { options: ['Economy', 'Business', 'First'] },
    });
  });

  it('fills a whole form at once and selects options by value or label', async () => {
    await h.open('form.html');
    s = await h.snapshot();
    const r = await h.run('fill_form', {
      elements: [
        { uid: h.uidOf(s, 'textbox "From"'), value: 'Busan' },
        { uid: h.uidOf(s, 'combobox "Cabin"'), value: 'f' },
        { uid: h.uidOf(s, 'checkbox "Direct only"'), value: 'checked' },
      ],
    });
    expect(r.data.filled).toHaveLength(3);
    expect(await value('[document.getElementById("from").value, document.getElementById("cabin").value]')).toEqual(['Busan', 'f']);
    const sel = await h.run('select_option', { uid: h.uidOf(s, 'combobox "Cabin"'), values: ['Economy'] });
    expect(sel.data.selected).toEqual(['Economy']);
    const after = await h.snapshot();
    expect(after).toMatch(/combobox "Cabin" \[value="Economy"\]/);
  });

  it('uploads a file into a file input', async () => {
    await h.open('form.html');
    s = await h.snapshot();
    const file = join(tmpdir(), `steward-passport-${process.pid}.txt`);
    writeFileSync(file, 'passport scan');
    await h.run('upload_file', { uid: h.uidOf(s, 'button "Passport"'), filePath: file });
    expect(await value('document.getElementById("passport").files[0].name')).toBe(file.split('/').at(-1));
    await expect(h.run('upload_file', { uid: h.uidOf(s, 'button "Passport"'), filePath: '/no/such/file.pdf' })).rejects.toMatchObject({
      code: 'FILE_ACCESS',
    });
  });

  it('clicks, double-clicks and hovers; submits a form', async () => {
    await h.open('form.html');
    s = await h.snapshot();
    await h.run('fill', { uid: h.uidOf(s, 'textbox "From"'), value: 'Jeju' });
    await h.run('click', { uid: h.uidOf(s, 'button "Search"') });
    expect(await value('document.getElementById("out").textContent')).toBe('Submitted Jeju');
    await h.run('click', { uid: h.uidOf(s, 'Count clicks'), dblClick: true });
    expect(await value('document.getElementById("counter").textContent')).toBe('double 1');
    await h.run('hover', { uid: h.uidOf(s, 'Hover me') });
    expect(await value('document.getElementById("hover").textContent')).toBe('hovered');
  });

  it('scrolls a far element into view before clicking it', async () => {
    await h.open('form.html');
    s = await h.snapshot();
    await h.evaluate('() => { document.getElementById("far").onclick = () => { document.title = "far clicked"; }; }');
    await h.run('click', { uid: h.uidOf(s, 'Far below') });
    expect(await value('[document.title, scrollY > 1000]')).toEqual(['far clicked', true]);
  });

  it('refuses to click a covered button and names what covers it', async () => {
    await h.open('form.html');
    s = await h.snapshot();
    const err = await h.run('click', { uid: h.uidOf(s, 'Covered button'), timeout: 1000 }).catch((e) => e);
    expect(err).toMatchObject({ code: 'TARGET_OBSCURED', details: { coveredBy: 'div#overlay.cookie-banner' } });
    expect(err.message).toContain('cookie-banner');
    expect(await value('document.getElementById("covered").textContent')).toBe('Covered button');
    await h.evaluate('() => document.getElementById("overlay").remove()');
    await h.run('click', { uid: h.uidOf(s, 'Covered button') });
    expect(await value('document.getElementById("covered").textContent')).toBe('clicked');
  });

  it('presses a button where a widget fixed to the window does not cover it, never through a cover that hides it all', async () => {
    await h.open('form.html');
    // a band fixed across the middle of the window (a chat panel, a promotion bar) and a button below the page's fold
    await h.evaluate(`() => {
      const band = document.createElement('div');
      band.id = 'band';
      band.style.cssText = 'position:fixed;left:0;right:0;top:30%;height:40%;background:#eee;z-index:9';
      const b = document.createElement('button');
      b.id = 'under';
      b.textContent = 'Under the band';
      b.style.cssText = 'display:block;margin-top:1500px';
      b.onclick = () => { b.textContent = 'pressed'; };
      document.body.append(b, band);
    }`);
    s = await h.snapshot();
    await h.run('click', { uid: h.uidOf(s, 'Under the band') });
    expect(await value('document.getElementById("under").textContent')).toBe('pressed');
    // a cover over the whole window: scrolling finds no place where the button shows, so nothing is pressed
    await h.evaluate(`() => {
      document.getElementById('under').textContent = 'Under the wall';
      document.getElementById('band').style.cssText = 'position:fixed;inset:0;background:#eee;z-index:9';
    }`);
    s = await h.snapshot();
    const err = await h.run('click', { uid: h.uidOf(s, 'Under the wall'), timeout: 800 }).catch((e) => e);
    expect(err).toMatchObject({ code: 'TARGET_OBSCURED' });
    expect(await value('document.getElementById("under").textContent')).toBe('Under the wall');
  });

  it('refuses disabled and hidden elements', async () => {
    await h.open('form.html');
    s = await h.snapshot();
    await expect(h.run('click', { uid: h.uidOf(s, 'Disabled action'), timeout: 500 })).rejects.toMatchObject({
      code: 'TARGET_NOT_INTERACTABLE',
      details: { reason: 'disabled' },
    });
    await h.evaluate('() => { document.getElementById("hover").style.display = "none"; }');
    await expect(h.run('click', { uid: h.uidOf(s, 'Hover me'), timeout: 500 })).rejects.toMatchObject({
      code: 'TARGET_NOT_INTERACTABLE',
      details: { reason: 'hidden' },
    });
  });

  it('waits for a navigation a click starts, and can append a snapshot', async () => {
    await h.open('form.html');
    s = await h.snapshot();
    const r = await h.run('click', { uid: h.uidOf(s, 'Go to page B'), includeSnapshot: true });
    expect(r.data).toMatchObject({ navigated: true, url: `${h.site.url}/pages-b.html` });
    expect(r.snapshot).toContain('heading "Page B"');
  });

  it('waits for late DOM changes after a click (settles on a quiet DOM, not a fixed sleep)', async () => {
    await h.open('form.html');
    s = await h.snapshot();
    const r = await h.run('click', { uid: h.uidOf(s, 'Add late content'), includeSnapshot: true });
    expect(r.data.navigated).toBe(false);
    expect(r.snapshot).toContain('Late content');
  });

  it('drags an element onto a drop zone (HTML5 drag and drop)', async () => {
    await h.open('form.html');
    s = await h.snapshot({ verbose: true });
    await h.run('drag', { from_uid: h.uidOf(s, '"Drag me"'), to_uid: h.uidOf(s, '"Drop here"') });
    expect(await value('document.getElementById("drop").textContent')).toBe('dropped moved');
  });

  it('acts inside same-origin and cross-origin iframes and shadow DOM', async () => {
    await h.run('navigate_page', { url: `${h.site.url}/frames.html?other=${encodeURIComponent(h.otherUrl)}` });
    await expect.poll(async () => (s = await h.snapshot()), { timeout: 10_000 }).toContain('"Frame cross"');
    const buttons = [...s.matchAll(/(\d+_[0-9a-z]+) button "Frame button"/g)].map((m) => m[1] as string);
    const inputs = [...s.matchAll(/(\d+_[0-9a-z]+) textbox "Frame input"/g)].map((m) => m[1] as string);
    expect(buttons, s).toHaveLength(2);
    for (const uid of buttons) await h.run('click', { uid });
    for (const uid of inputs) await h.run('fill', { uid, value: 'typed in a frame' });
    const after = await h.snapshot();
    expect(after).toContain('button "frame clicked same"');
    expect(after).toContain('button "frame clicked cross"');
    expect(after.match(/textbox "Frame input" \[(focused, )?value="typed in a frame"\]/g), after).toHaveLength(2);
    await h.run('fill', { uid: h.uidOf(s, 'textbox "Shadow field"'), value: 'in the shadow' });
    await h.run('click', { uid: h.uidOf(s, 'button "Shadow button"') });
    const shadow = await h.snapshot();
    expect(shadow).toContain('button "shadow clicked"');
    expect(shadow).toMatch(/textbox "Shadow field" \[(focused, )?value="in the shadow"\]/);
  });

  it('clicks inside a frame nested in a frame', async () => {
    await h.open('nested.html');
    await h.run('wait_for', { text: 'Frame nested' });
    s = await h.snapshot();
    await h.run('click', { uid: h.uidOf(s, 'button "Frame button"') });
    expect(await h.snapshot()).toContain('button "frame clicked nested"');
  });
});
