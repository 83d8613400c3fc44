import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageObserver } from '../../../src/main/agent/page-model/observe.ts';
import { slotGridOf } from '../../../src/main/agent/page-model/slot-grid.ts';
import { type DevSites, startDevSites } from './dev-sites.ts';

let s: DevSites;
beforeAll(async () => {
  s = await startDevSites();
});
afterAll(async () => {
  await s?.close();
});

describe('grids of rows × hours in real Chromium', () => {
  it('reads cells that carry no words of their own by their row and column: a table and a grid of boxes; and the date label', async () => {
    await s.open('slot-grids.html');
    const m = await new PageObserver(s.driver.page()).observe();
    const grid = slotGridOf(m).map((r) => [r.name, r.cells.map((c) => `${c.start / 60}${c.disabled ? 'x' : ''}`)]);
    expect(grid).toEqual([
      ['Court 1', ['7', '9']],
      ['Court 2', ['7', '8', '9']],
      ['Booth A', ['13', '14', '15x', '16']],
      ['Booth B', ['13', '14', '15', '16']],
    ]);
    expect(m.dateTexts).toContain('Wed, Dec 9, 2026');
  });
});
