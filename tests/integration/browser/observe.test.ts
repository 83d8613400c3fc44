import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObservedTarget, PageState } from '../../../src/main/browser/observe.ts';
import type { Page } from '../../../src/main/browser/page.ts';
import { observeRows, observeState, observeTargets } from '../../../src/main/browser/tools/observe.ts';
import { type ExtrasHarness, eventually, startExtrasHarness } from '../../helpers/browser-extras.ts';

describe('observe: page state and actionable targets', () => {
  let h: ExtrasHarness;
  let page: Page;
  const targets = async (input: Record<string, unknown> = {}) =>
    (await h.run(observeTargets, { pageId: page.id, ...input })).data as { targets: ObservedTarget[]; total: number };
  const state = async () => (await h.run(observeState, { pageId: page.id })).data.state as PageState;

  beforeAll(async () => {
    h = await startExtrasHarness();
    page = await h.driver.newPage(`${h.site.url}/observe.html`);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('reports url, title, viewport, scroll and the focused element', async () => {
    await h.evaluate(page, 'document.getElementById("from").focus(); scrollTo(0, 300)');
    const s = await state();
    expect(s).toMatchObject({ url: `${h.site.url}/observe.html`, title: 'Extras: observe', readyState: 'complete', dialog: null });
    expect(s.viewport?.width).toBeGreaterThan(0);
    expect(s.scroll?.y).toBe(300);
    expect(s.scroll?.maxY).toBeGreaterThan(1500);
    expect(s.focused).toMatchObject({ tag: 'input', name: 'From', selector: '#from', editable: true });
  });

  it('lists interactive targets with box, visibility, enabled, editable, in-viewport and a unique selector', async () => {
    await h.evaluate(page, 'scrollTo(0, 0)');
    const { targets: all } = await targets();
    const byName = (name: string) => all.find((t) => t.name === name);
    expect(byName('From')).toMatchObject({
      tag: 'input',
      selector: '#from',
      editable: true,
      enabled: true,
      visible: true,
      inViewport: true,
      value: 'ICN',
    });
    expect(byName('Destination')).toMatchObject({ selector: 'input[name="to"]', editable: true });
    expect(byName('Notes')).toMatchObject({ editable: false, enabled: true });
    expect(byName('Search flights')).toMatchObject({ tag: 'button', selector: 'button[data-testid="search"]', editable: false });
    expect(byName('Book')).toMatchObject({ enabled: false });
    expect(byName('Custom button')).toMatchObject({ role: 'button', tag: 'div' });
    expect(byName('Far away link')).toMatchObject({ tag: 'a', visible: true, inViewport: false, selector: '#far' });
    expect(all.find((t) => t.tag === 'button' && !t.visible)).toBeDefined();
    for (const t of all) expect(await h.evaluate(page, `document.querySelectorAll(${JSON.stringify(t.selector)}).length`)).toBe(1);
    const box = byName('Search flights')?.box;
    expect(box?.width).toBeGreaterThan(0);
    expect(box?.height).toBeGreaterThan(0);
  });

  it('narrows by selector, text, visibility and limit; a bad selector is a VALIDATION_ERROR', async () => {
    expect((await targets({ selector: 'button', onlyVisible: true })).targets.map((t) => t.name)).toEqual([
      'Search flights',
      'Book',
      'Ask',
    ]);
    expect((await targets({ text: 'search' })).targets.map((t) => t.name)).toEqual(['Search flights']);
    expect((await targets({ limit: 2 })).targets).toHaveLength(2);
    await expect(targets({ selector: '##' })).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('reads the rows of a named list and the fields in each, as the page shows them, and changes nothing', async () => {
    await h.evaluate(
      page,
      `document.body.insertAdjacentHTML('beforeend', '<ul id="offers" aria-label="Offers">' +
        '<li><h3>Alpha pass</h3><span class="p-price">₩12,000</span> <a href="/alpha">more</a></li>' +
        '<li><h3>Beta pass</h3><span data-field="price">₩9,500</span></li>' +
        '<li hidden><h3>Gone</h3></li></ul><ul aria-label="Other"><li><h3>Not this</h3></li></ul>')`,
    );
    const before = await h.evaluate<string>(page, 'document.body.innerHTML');
    const rows = (
      await h.run(observeRows, { pageId: page.id, fields: ['title', 'price', 'url'], container: { role: 'list', name: 'offers' } })
    ).data.rows as Array<Record<string, string | null>>;
    // the oracle: what the page's own elements say
    const shown = await h.evaluate<Array<Record<string, string | null>>>(
      page,
      `[...document.querySelectorAll('#offers li:not([hidden])')].map((li) => ({ title: li.querySelector('h3').textContent,
        price: li.querySelector('span').textContent, url: li.querySelector('a')?.href ?? null }))`,
    );
    expect(rows.map(({ title, price, url }) => ({ title, price, url }))).toEqual(shown);
    expect(shown).toHaveLength(2);
    expect(await h.evaluate<string>(page, 'document.body.innerHTML')).toBe(before);
    const missing = await h.run(observeRows, { pageId: page.id, fields: ['title'], container: { role: 'table', name: 'Nowhere' } });
    expect(missing.data.rows).toBeNull();
    await expect(h.run(observeRows, { pageId: page.id, fields: ['title'], rowSelector: '##' })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
    await h.evaluate(page, `document.getElementById('offers').nextElementSibling.remove(); document.getElementById('offers').remove()`);
  });

  it('reports an open dialog without blocking on the page, and refuses targets while it is open', async () => {
    await h.evaluate(page, 'document.getElementById("ask").click()');
    const s = await eventually(state, (x) => Boolean(x.dialog));
    expect(JSON.stringify(s.dialog)).toContain('Are you there?');
    await expect(targets()).rejects.toMatchObject({ code: 'DIALOG_OPEN' });
    await page.cdp.send('Page.handleJavaScriptDialog', { accept: true });
    await eventually(state, (x) => !x.dialog);
  });
});
