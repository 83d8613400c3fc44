import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planSite } from './plan-site.ts';

// each button paints the whole page one colour
const PAGE = `<!doctype html><title>Colours</title><style>html,body{margin:0;height:100%}</style>
<body style="background: rgb(255,255,255)">
<button onclick="document.body.style.background='rgb(255,0,0)'">Red</button>
<button onclick="document.body.style.background='rgb(0,0,255)'">Blue</button>
<button onclick="document.body.style.background='rgb(0,160,0)'">Green</button></body>`;

const at = planSite('shots', { 'colours.html': PAGE });

/** The colour of a pixel far from the buttons, read by Chromium from the saved image file. */
async function colourIn(path: string): Promise<string> {
  const png = readFileSync(path).toString('base64');
  const result = await at.evaluate(`async () => {
      const img = new Image();
      img.src = 'data:image/png;base64,${png}';
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.width; c.height = img.height;
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0);
      const [r, gr, b] = g.getImageData(img.width - 5, img.height - 5, 1, 1).data;
      return r + ',' + gr + ',' + b;
    }`);
  return String(result);
}

describe('screenshots of a running plan', () => {
  it('shows the page as each step left it, and each is committed before the next step starts', async () => {
    const steps = [
      { id: 'open', type: 'navigate' as const, url: `${at.url}/colours.html` },
      { id: 'red', type: 'click' as const, target: { role: 'button', name: 'Red' } },
      { id: 'blue', type: 'click' as const, target: { role: 'button', name: 'Blue' } },
      { id: 'green', type: 'click' as const, target: { role: 'button', name: 'Green' } },
    ];
    const out = await at.run('Colours', steps, 'shots-1', true);
    expect(out.status).toBe('completed');
    const shots = new Map(at.engine.runtime.store.runs.artifacts('shots-1').map((a) => [a.step_id, a.path as string]));
    expect(await colourIn(shots.get('open') as string)).toBe('255,255,255');
    expect(await colourIn(shots.get('red') as string)).toBe('255,0,0');
    expect(await colourIn(shots.get('blue') as string)).toBe('0,0,255');
    expect(await colourIn(shots.get('green') as string)).toBe('0,160,0');
    // a step's screenshot event is in the store before the next step's start
    const events = at.engine.store.events.forSession('shots-1').map((e) => `${e.type}:${e.data.step_id ?? ''}`);
    for (const [before, next] of [
      ['open', 'red'],
      ['red', 'blue'],
      ['blue', 'green'],
    ])
      expect(events.indexOf(`artifact_saved:${before}`)).toBeLessThan(events.indexOf(`step_started:${next}`));
    expect(events.indexOf('artifact_saved:green')).toBeLessThan(events.indexOf('plan_completed:'));
  });
});
