import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

describe('dialogs and evaluate_script', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('reports the dialog a click opens, blocks other operations with DIALOG_OPEN, and accepts it', async () => {
    await h.open('form.html');
    const s = await h.snapshot();
    const r = await h.run('click', { uid: h.uidOf(s, 'Show alert') });
    expect(r.data.dialog).toMatchObject({ type: 'alert', message: 'Saved!' });
    for (const [name, input] of [
      ['take_snapshot', {}],
      ['click', { uid: h.uidOf(s, 'button "Search"') }],
      ['evaluate_script', { function: '() => 1' }],
      ['navigate_page', { url: `${h.site.url}/hello.html` }],
    ] as const) {
      const err = await h.run(name, input).catch((e) => e);
      expect(err).toMatchObject({ code: 'DIALOG_OPEN', details: { dialog: { type: 'alert', message: 'Saved!' } } });
      expect(err.message).toContain('alert dialog "Saved!"');
    }
    const handled = await h.run('handle_dialog', { action: 'accept' });
    expect(handled.data.dialog).toMatchObject({ type: 'alert' });
    await expect(h.run('handle_dialog', { action: 'accept' })).rejects.toMatchObject({ code: 'DIALOG_NOT_OPEN' });
    expect((await h.run('evaluate_script', { function: '() => 1 + 1' })).data.result).toBe(2);
  });

  it('answers a prompt and dismisses a confirm', async () => {
    await h.open('form.html');
    const s = await h.snapshot();
    await h.run('click', { uid: h.uidOf(s, 'Ask name') });
    await h.run('handle_dialog', { action: 'accept', promptText: '김민수' });
    expect(await h.evaluate('() => document.getElementById("answer").textContent')).toBe('김민수');
    await h.run('click', { uid: h.uidOf(s, 'Ask name') });
    await h.run('handle_dialog', { action: 'dismiss' });
    expect(await h.evaluate('() => document.getElementById("answer").textContent')).toBe('');
    const confirmed = h.run('evaluate_script', {
      function: '() => { setTimeout(() => { window.ok = confirm("Delete it?"); }, 0); return true; }',
    });
    await confirmed;
    await expect.poll(() => h.driver.selectedPage().dialog?.message, { timeout: 5000 }).toBe('Delete it?');
    await h.run('handle_dialog', { action: 'dismiss' });
    expect(await h.evaluate('() => window.ok')).toBe(false);
  });

  it('returns JSON results, awaits promises, takes element arguments and runs in a frame', async () => {
    await h.open('crash.html');
    expect((await h.run('evaluate_script', { function: '() => ({ answer: window.answer, list: [1, "two", null] })' })).data.result).toEqual(
      {
        answer: 42,
        list: [1, 'two', null],
      },
    );
    expect(
      (await h.run('evaluate_script', { function: 'async () => { await new Promise(r => setTimeout(r, 10)); return "later"; }' })).data
        .result,
    ).toBe('later');
    await h.run('wait_for', { text: 'Frame eval' });
    const s = await h.snapshot();
    const r = await h.run('evaluate_script', { function: '(el) => el.textContent + "!"', args: [{ uid: h.uidOf(s, 'Plain button') }] });
    expect(r.data.result).toBe('Plain button!');
    const inFrame = await h.run('evaluate_script', {
      function: '() => document.getElementById("who").textContent',
      frameUid: h.uidOf(s, 'iframe "Inner frame"'),
    });
    expect(inFrame.data.result).toBe('Frame eval');
  });

  it('reports exceptions with message and location', async () => {
    await h.open('crash.html');
    const err = await h.run('evaluate_script', { function: '() => {\n  const x = 1;\n  throw new Error("boom " + x);\n}' }).catch((e) => e);
    expect(err).toMatchObject({ code: 'SCRIPT_ERROR', details: { message: 'Error: boom 1', location: { line: 3 } } });
    await expect(h.run('evaluate_script', { function: '() => notDefined.x' })).rejects.toMatchObject({
      code: 'SCRIPT_ERROR',
      message: expect.stringContaining('notDefined is not defined'),
    });
    await expect(h.run('evaluate_script', { function: '42' })).rejects.toMatchObject({ code: 'SCRIPT_ERROR' });
    await expect(h.run('evaluate_script', { function: '() => {' })).rejects.toMatchObject({ code: 'SCRIPT_ERROR' });
  });
});

describe('a beforeunload dialog during navigation', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('returns DIALOG_OPEN instead of hanging, and the navigation goes on once accepted', async () => {
    await h.open('leave.html');
    const s = await h.snapshot();
    await h.run('click', { uid: h.uidOf(s, 'textbox "Draft"') }); // user activation, needed for beforeunload
    await h.run('type_text', { text: 'unsaved' });
    const err = await h.run('navigate_page', { url: `${h.site.url}/hello.html`, timeout: 10_000 }).catch((e) => e);
    expect(err).toMatchObject({ code: 'DIALOG_OPEN', details: { dialog: { type: 'beforeunload' } } });
    await h.run('handle_dialog', { action: 'accept' });
    await h.run('wait_for_url', { url: '*/hello.html' });
    expect((await h.run('take_snapshot')).data.snapshot).toContain('Hello from a fixture');
  });
});
