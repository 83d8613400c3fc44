import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

interface Acted {
  settle?: { waitedFor: string[]; capped?: boolean };
}

/**
 * Filling and choosing settle by evidence too: when fill or select_option returns, the page
 * already shows what the field's own handlers started (read from the DOM), the events a page
 * listens for fired in a person's order, and a field that reacts to nothing is not waited on.
 */
describe('fill and select wait for what the field set in motion', () => {
  let h: Harness;
  let s: string;
  const outText = () => h.evaluate<string[]>('() => [...document.querySelectorAll("#out li")].map((li) => li.textContent)');
  const events = () => h.evaluate<string[]>('() => events');
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });
  const fill = async (label: string, value: string) => {
    await h.open('settle-fields.html');
    s = await h.snapshot();
    return (await h.run('fill', { uid: h.uidOf(s, `textbox "${label}"`), value })).data as Acted;
  };

  it('types into a field with no handlers without waiting, with focus, input and change fired in order', async () => {
    const r = await fill('Quiet field', 'Seoul');
    expect(r.settle?.waitedFor).toEqual([]);
    expect(await h.evaluate<string>('() => document.getElementById("quiet").value')).toBe('Seoul');
    expect(await events()).toEqual(['quiet:focus', 'quiet:input', 'quiet:change']);
    // typed again: the content is replaced, and the events fire again
    await h.run('fill', { uid: h.uidOf(s, 'textbox "Quiet field"'), value: 'Busan' });
    expect(await h.evaluate<string>('() => document.getElementById("quiet").value')).toBe('Busan');
    expect(await events()).toEqual(['quiet:focus', 'quiet:input', 'quiet:change', 'quiet:input', 'quiet:change']);
  });

  it('fires the change after the text a page refused, and returns', async () => {
    const r = await fill('Locked field', 'Seoul');
    expect(r.settle?.capped).toBeUndefined();
    expect(await h.evaluate<string>('() => document.getElementById("locked").value')).toBe('');
    expect(await events()).toEqual(['locked:focus', 'locked:beforeinput', 'locked:change']);
  });

  it('waits for a timer the change handler scheduled one microtask later', async () => {
    const r = await fill('Later field', 'Seoul');
    expect(await outText()).toEqual(['later Seoul']);
    expect(r.settle?.waitedFor).toContain('timers');
  });

  it('waits for a slow request the typing started and the page rendering its answer', async () => {
    const r = await fill('Lookup field', 'Jeju');
    expect(await outText()).toEqual(['looked up Jeju']);
    expect(r.settle?.waitedFor).toContain('network');
  });

  it('counts what focusing the field started as the fill’s doing', async () => {
    await fill('Focus field', 'x');
    expect(await outText()).toEqual(['suggestions shown']);
  });

  it('waits for a transition the change started', async () => {
    const r = await fill('Fading field', 'go');
    expect(await outText()).toEqual(['faded']);
    expect(r.settle?.waitedFor).toContain('animations');
  });

  it('sets a date with input and change, and waits for what the change scheduled', async () => {
    await h.open('settle-fields.html');
    s = await h.snapshot();
    const r = (await h.run('fill', { uid: h.uidOf(s, '"Trip date"'), value: '2026-05-17' })).data as Acted;
    expect(await outText()).toEqual(['date 2026-05-17']);
    expect(await events()).toEqual(['date:input', 'date:change']);
    expect(r.settle?.waitedFor).toContain('timers');
  });

  it('chooses an option and waits for the request and timer its change started, by select_option and by fill', async () => {
    await h.open('settle-fields.html');
    s = await h.snapshot();
    const plan = h.uidOf(s, 'combobox "Plan"');
    const r = (await h.run('select_option', { uid: plan, values: ['Plus'] })).data as Acted & { selected?: string[] };
    expect(r.selected).toEqual(['Plus']);
    expect(await outText()).toEqual(['plan Plus']);
    expect(r.settle?.waitedFor).toContain('network');
    await h.run('fill', { uid: plan, value: 'Basic' });
    expect(await outText()).toEqual(['plan Plus', 'plan Basic']);
    expect(await events()).toEqual(['plan:input', 'plan:change', 'plan:input', 'plan:change']);
  });

  it('fills a field that is hidden at first and shown a moment later (the checks retry), with its events', async () => {
    await h.open('settle-fields.html');
    s = await h.snapshot();
    await h.evaluate(
      '() => { const f = document.getElementById("quiet"); f.style.display = "none"; setTimeout(() => { f.style.display = ""; }, 300); }',
    );
    await h.run('fill', { uid: h.uidOf(s, 'textbox "Quiet field"'), value: 'shown' });
    expect(await h.evaluate<string>('() => document.getElementById("quiet").value')).toBe('shown');
    expect(await events()).toEqual(['quiet:focus', 'quiet:input', 'quiet:change']);
  });

  it('chooses in a select disabled at first and enabled a moment later, and refuses select_option on a text field', async () => {
    await h.open('settle-fields.html');
    s = await h.snapshot();
    await h.evaluate(
      '() => { const p = document.getElementById("plan"); p.disabled = true; setTimeout(() => { p.disabled = false; }, 300); }',
    );
    const r = (await h.run('select_option', { uid: h.uidOf(s, 'combobox "Plan"'), values: ['Plus'] })).data as { selected?: string[] };
    expect(r.selected).toEqual(['Plus']);
    expect(await outText()).toEqual(['plan Plus']);
    await expect(h.run('select_option', { uid: h.uidOf(s, 'textbox "Quiet field"'), values: ['x'] })).rejects.toMatchObject({
      code: 'TARGET_NOT_INTERACTABLE',
    });
    expect(await events()).toEqual(['plan:input', 'plan:change']);
  });

  it("fills and chooses inside a frame, and waits for the timers the frame's change handlers set", async () => {
    await h.open('settle-fields.html');
    await expect.poll(async () => (s = await h.snapshot()), { timeout: 10_000 }).toContain('"Inner size"');
    const inner = '() => document.querySelector("iframe").contentDocument.title';
    await h.run('fill', { uid: h.uidOf(s, 'textbox "Inner name"'), value: 'Kim' });
    expect(await h.evaluate<string>(inner)).toBe('name Kim');
    await h.run('select_option', { uid: h.uidOf(s, 'combobox "Inner size"'), values: ['M'] });
    expect(await h.evaluate<string>(inner)).toBe('size M');
  });

  it('refuses a field that stays disabled, and neither focuses nor changes it', async () => {
    await h.open('settle-fields.html');
    s = await h.snapshot();
    await h.evaluate('() => { document.getElementById("quiet").disabled = true; }');
    await expect(h.run('fill', { uid: h.uidOf(s, 'textbox "Quiet field"'), value: 'no' })).rejects.toMatchObject({
      code: 'TARGET_NOT_INTERACTABLE',
    });
    expect(await h.evaluate<string>('() => document.getElementById("quiet").value')).toBe('');
    expect(await events()).toEqual([]);
  });
});
