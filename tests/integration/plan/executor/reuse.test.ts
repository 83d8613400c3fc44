import { describe, expect, it } from 'vitest';
import { planSite } from './plan-site.ts';

// a quiet form, except that typing a country replaces the postal-code field with a new one
const PAGE = `<!doctype html><title>Form</title>
<label>First <input id=first></label>
<label>Last <input id=last></label>
<label>Nickname <input id=nick></label>
<label>Country <input id=country oninput="swapPostal()"></label>
<span id=postal-box><label>Postal code <input id=postal></label></span>
<script>
function swapPostal() {
  document.getElementById('postal-box').innerHTML = '<label>Postal code <input id=postal data-new=yes></label>';
}
</script>`;

const at = planSite('reuse', { 'form.html': PAGE });

/** What the page's fields hold, read in the page. */
async function fields(): Promise<Record<string, string>> {
  return (await at.evaluate(
    `() => Object.fromEntries([...document.querySelectorAll('input')].map((i) => [i.id + (i.dataset.new ? '(new)' : ''), i.value]))`,
  )) as Record<string, string>;
}

describe('consecutive fills', () => {
  it('read the page once while the form stays quiet, and afresh after a fill that changed it', async () => {
    const steps = [
      { id: 'open', type: 'navigate' as const, url: `${at.url}/form.html` },
      { id: 'first', type: 'fill' as const, target: { role: 'textbox', name: 'First' }, value: 'Minsu' },
      { id: 'last', type: 'fill' as const, target: { role: 'textbox', name: 'Last' }, value: 'Kim' },
      { id: 'nick', type: 'fill' as const, target: { role: 'textbox', name: 'Nickname' }, value: 'mk' },
      { id: 'country', type: 'fill' as const, target: { role: 'textbox', name: 'Country' }, value: 'Korea' },
      { id: 'postal', type: 'fill' as const, target: { role: 'textbox', name: 'Postal code' }, value: '04524' },
    ];
    const out = await at.run('Form', steps, 'reuse-1');
    expect(out.status).toBe('completed');
    // the new postal-code field got the value, not the one the country replaced
    expect(await fields()).toEqual({ first: 'Minsu', last: 'Kim', nick: 'mk', country: 'Korea', 'postal(new)': '04524' });
    const reads = at.engine.runtime.store.runs
      .toolCalls('reuse-1')
      .filter((c) => c.tool === 'take_snapshot')
      .map((c) => c.step_id);
    // first reads the page; last, nick and country use its view; postal reads it again
    expect(reads).toEqual(['first', 'postal']);
  });
});
