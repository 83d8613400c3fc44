import { describe, expect, it } from 'vitest';
import { planSite } from './plan-site.ts';

// "Show" adds a field at once; "Load" adds one from the answer to a request; "Renew" puts a new Name
// field in place of the old one in the next animation frame
const PAGE = `<!doctype html><title>Steps</title>
<button onclick="add('Name')">Show</button>
<button onclick="fetch('data.json').then((r) => r.json()).then((d) => add(d.field))">Load</button>
<button onclick="requestAnimationFrame(() => { document.getElementById('name').parentElement.remove(); add('Name'); })">Renew</button>
<div id=fields></div>
<script>
function add(name) {
  const label = document.createElement('label');
  label.append(name + ' ', Object.assign(document.createElement('input'), { id: name.toLowerCase() }));
  document.getElementById('fields').append(label);
}
</script>`;

const at = planSite('ahead', { 'steps.html': PAGE, 'data.json': JSON.stringify({ field: 'City' }) });

/**
 * While the gate's hold checks that an action set nothing in motion, the plan reads the page for
 * the next step; it uses that reading only when the hold found nothing in motion, and reads the
 * page afresh after an action whose request was still to be answered. The oracle: the values in
 * the page's fields, and the snapshots the audit rows show (by the step that read them).
 */
describe('reads during the hold', () => {
  it('serve the next step after an action that set nothing in motion, and not after one that asked the server', async () => {
    const steps = [
      { id: 'open', type: 'navigate' as const, url: `${at.url}/steps.html` },
      { id: 'show', type: 'click' as const, target: { role: 'button', name: 'Show' } },
      { id: 'name', type: 'fill' as const, target: { role: 'textbox', name: 'Name' }, value: 'Minsu' },
      { id: 'load', type: 'click' as const, target: { role: 'button', name: 'Load' } },
      { id: 'city', type: 'fill' as const, target: { role: 'textbox', name: 'City' }, value: 'Seoul' },
    ];
    const out = await at.run('Steps', steps, 'ahead-1');
    expect(out.status).toBe('completed');
    expect(await at.evaluate(`() => [...document.querySelectorAll('input')].map((i) => i.id + '=' + i.value)`)).toEqual([
      'name=Minsu',
      'city=Seoul',
    ]);
    const calls = at.engine.runtime.store.runs.toolCalls('ahead-1');
    const reads = calls.filter((c) => c.tool === 'take_snapshot').map((c) => c.step_id);
    // show reads the page, and reads it again during its hold for name; name reads during its hold for
    // load; load asked the server, so city reads the page afresh
    expect(reads).toEqual(['show', 'show', 'name', 'city']);
  });

  it('are not used after an action whose frame callback changed the page after the reading', async () => {
    const steps = [
      { id: 'open', type: 'navigate' as const, url: `${at.url}/steps.html` },
      { id: 'show', type: 'click' as const, target: { role: 'button', name: 'Show' } },
      { id: 'renew', type: 'click' as const, target: { role: 'button', name: 'Renew' } },
      { id: 'name', type: 'fill' as const, target: { role: 'textbox', name: 'Name' }, value: 'Jiwoo' },
    ];
    const out = await at.run('Steps', steps, 'ahead-2');
    expect(out.status).toBe('completed');
    expect(await at.evaluate(`() => [...document.querySelectorAll('input')].map((i) => i.id + '=' + i.value)`)).toEqual(['name=Jiwoo']);
    const calls = at.engine.runtime.store.runs.toolCalls('ahead-2');
    // a reading made during renew's hold before its frame changed the page is not used: the renewed field
    // is found in a reading made after the change, and no fill went to the field the frame removed
    expect(calls.filter((c) => c.status !== 'ok').map((c) => c.tool)).toEqual([]);
  });
});
