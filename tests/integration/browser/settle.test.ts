import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.ts';

/**
 * Settling by evidence: after each click the page must already show the click's result (read
 * from the DOM, not from the settle report), and an action that sets nothing in motion must
 * not wait for the page's own endless activity (a clock, a spinning animation).
 */
describe('settling waits for what an action set in motion', () => {
  let h: Harness;
  let s: string;
  const outText = () => h.evaluate<string[]>('() => [...document.querySelectorAll("#out li")].map((li) => li.textContent)');
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });
  const click = async (name: string) => {
    await h.open('settle.html');
    s = await h.snapshot();
    return (await h.run('click', { uid: h.uidOf(s, `button "${name}"`) })).data as {
      navigated: boolean;
      url: string;
      settle?: { waitedFor: string[]; capped?: boolean };
    };
  };

  it('returns without waiting on the page when the action set nothing in motion', async () => {
    const r = await click('Do nothing');
    expect(r.settle?.waitedFor).toEqual([]);
    expect(r.settle?.capped).toBeUndefined();
  });

  it("does not count the page's own ticking clock as the action's doing", async () => {
    await h.open('settle.html');
    // A clock that changes the DOM every few milliseconds: during any click some tick lands.
    await h.evaluate('() => { let k = 0; setInterval(() => { document.getElementById("clock").textContent = "fast " + ++k; }, 4); }');
    s = await h.snapshot();
    const r = (await h.run('click', { uid: h.uidOf(s, 'button "Do nothing"') })).data as { settle?: { waitedFor: string[] } };
    expect(r.settle?.waitedFor).toEqual([]);
    expect(await h.evaluate<string>('() => document.getElementById("clock").textContent')).toMatch(/^fast \d+$/);
  });

  it('does not count the changes of a clock the page started before anything was watched', async () => {
    await h.open('settle-busy.html');
    s = await h.snapshot();
    const idle = (await h.run('click', { uid: h.uidOf(s, 'button "Nothing here"') })).data as { settle?: { waitedFor: string[] } };
    expect(idle.settle?.waitedFor).toEqual([]);
    // a real change on the same busy page still counts
    const acted = (await h.run('click', { uid: h.uidOf(s, 'button "Log it"') })).data as { settle?: { waitedFor: string[] } };
    expect(acted.settle?.waitedFor).toEqual(['dom']);
    expect(await h.evaluate<string[]>('() => [...document.querySelectorAll("#log li")].map((li) => li.textContent)')).toEqual(['acted']);
  });

  it('sees a synchronous DOM change at once', async () => {
    const r = await click('Change now');
    expect(await outText()).toEqual(['sync done']);
    expect(r.settle?.waitedFor).toEqual(['dom']);
  });

  it('waits for a chain of timers the click scheduled', async () => {
    const r = await click('Change after timers');
    expect(await outText()).toEqual(['timer done']);
    expect(r.settle?.waitedFor).toContain('timers');
  });

  it('waits for a slow request and the page rendering its answer', async () => {
    const r = await click('Change after a slow fetch');
    expect(await outText()).toEqual(['fetch done']);
    expect(r.settle?.waitedFor).toContain('network');
  });

  it('waits for a CSS transition the click started, not for an endless animation', async () => {
    const r = await click('Fade the panel');
    expect(await outText()).toEqual(['fade done']);
    expect(r.settle?.waitedFor).toContain('animations');
    expect(r.settle?.capped).toBeUndefined();
  });

  it('follows a navigation that starts late, from a timer', async () => {
    const r = await click('Navigate late');
    expect(r.navigated).toBe(true);
    expect(r.url).toContain('pages-b.html');
    expect(await h.evaluate<string>('() => document.readyState')).toBe('complete');
  });

  it('follows a timer that fetches and then renders from another timer', async () => {
    await click('Timer, fetch, timer');
    expect(await outText()).toEqual(['chain done']);
  });

  it('waits for a cross-origin iframe the click added until it has loaded, not to the bound', async () => {
    await h.open('hello.html');
    const add = `() => { const b = document.createElement('button'); b.textContent = 'Add frame';
      b.onclick = () => { const f = document.createElement('iframe'); f.title = 'Partner'; f.src = ${JSON.stringify(`${h.otherUrl}/frame-child.html?who=partner`)}; document.body.append(f); };
      document.body.append(b); }`;
    await h.evaluate(add);
    s = await h.snapshot();
    const r = (await h.run('click', { uid: h.uidOf(s, 'button "Add frame"') })).data as {
      settle?: { waitedFor: string[]; capped?: boolean };
    };
    expect(r.settle?.waitedFor).toContain('network');
    expect(r.settle?.capped).toBeUndefined();
    expect(await h.snapshot()).toContain('"Frame partner"');
  });
});
