import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

describe('input: keys, typing, coordinate mouse, scroll', () => {
  let h: Harness;
  const dataset = (id: string) =>
    h.evaluate<Record<string, string>>(`() => ({ ...document.getElementById(${JSON.stringify(id)}).dataset })`);
  beforeAll(async () => {
    h = await startHarness();
    await h.run('resize_page', { width: 800, height: 600 });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('presses chords with modifiers and plain keys', async () => {
    await h.open('form.html');
    const s = await h.snapshot();
    await h.run('press_key', { uid: h.uidOf(s, 'Key log'), key: 'Control+Shift+R' });
    await h.run('press_key', { key: 'Enter' });
    await h.run('press_key', { key: 'Shift+a' });
    expect((await dataset('keys')).log).toBe('C-Control C-S-Shift C-S-R Enter S-Shift S-A ');
    await expect(h.run('press_key', { key: 'Hyper+Q' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(h.run('press_key', { key: 'Control+NoSuchKey' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('types text key by key (Korean too) and submits with a key', async () => {
    await h.open('scroll.html');
    const s = await h.snapshot();
    await h.run('type_text', { uid: h.uidOf(s, 'textbox "Name"'), text: 'Kim 민수', submitKey: 'Enter' });
    expect(await h.evaluate('() => [document.getElementById("name").value, document.title]')).toEqual(['Kim 민수', 'submitted Kim 민수']);
  });

  it('moves, presses, releases, clicks, double- and right-clicks at coordinates', async () => {
    await h.open('scroll.html');
    await h.run('mouse_move', { x: 10, y: 10, steps: 3 });
    expect(Number((await dataset('pad')).moves)).toBeGreaterThanOrEqual(3);
    await h.run('mouse_down', { x: 20, y: 30 });
    await h.run('mouse_up', { x: 50, y: 60 });
    expect((await dataset('pad')).log).toBe('down@20,30 up@50,60 ');
    await h.run('mouse_drag', { fromX: 5, fromY: 5, toX: 150, toY: 120, steps: 4 });
    expect((await dataset('pad')).log).toContain('down@5,5 up@150,120');
    await h.run('mouse_click', { x: 100, y: 100, dblClick: true });
    await h.run('mouse_click', { x: 100, y: 100, button: 'right' });
    expect(await dataset('pad')).toMatchObject({ dbl: 'yes', right: 'yes' });
  });

  it('scrolls the page and a scrollable element', async () => {
    await h.open('scroll.html');
    const page = await h.run('scroll', { dy: 500 });
    expect(page.data.scroll).toMatchObject({ y: 500 });
    const bottom = await h.run('scroll', { to: 'bottom' });
    expect((bottom.data.scroll as { y: number }).y).toBeGreaterThan(2000);
    await h.run('scroll', { to: 'top' });
    const s = await h.snapshot();
    const inner = await h.run('scroll', { uid: h.uidOf(s, 'region "Inner list"'), dy: 300 });
    expect(inner.data.scroll).toMatchObject({ y: 300 });
    expect(await h.evaluate('() => document.getElementById("box").scrollTop')).toBe(300);
  });
});
