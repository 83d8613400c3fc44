import { describe, expect, it } from 'vitest';
import { evalTaskRunner } from './eval-task.ts';

/**
 * Rows that each carry the same one button, on two pages of our own: a card named by its title
 * opens a dialog form (a size, the cheapest glazing in a list shown only when opened, a mount, a
 * day from a list of days, a postcode) that is then sent; a card named only to look at it is
 * opened and nothing is sent; and the cheapest teacher's times open as a grid whose buttons are
 * known by their day and time, where the one free afternoon slot on the day said is taken. The
 * oracle is the exact request that reached the server, or the page itself.
 */
const runTask = evalTaskRunner();

describe('rows opened by their own button (real Chromium, cdt agent run)', () => {
  it.each(['framing-birch-a3-en', 'framing-walnut-sizes-en', 'lesson-cheapest-friday-ko'])('%s', async (id) => {
    const { r, failed } = await runTask(id);
    expect(failed).toEqual([]);
    expect(r.status.status).toBe('done');
  });
});
