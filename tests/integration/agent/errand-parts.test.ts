import { describe, expect, it } from 'vitest';
import { evalTaskRunner } from './eval-task.ts';

/**
 * Errands said in one breath on two pages of our own: a choice, a count of people, a part of the
 * day and a name with a phone in one sentence, on a page whose days are a list written its own way
 * and whose times are windows of clock times; a studio that only a closed list offers, a name box
 * called by the person's role, and a request that gives its contact details without saying "book".
 * And a sort said by what should come first, on a column whose header names no order. The oracle
 * is the exact request that reached the server, or the page itself.
 */
const runTask = evalTaskRunner();

describe('errands said in one breath (real Chromium, cdt agent run)', () => {
  it.each(['gongbang-strap-two-ko', 'kiln-hilltop-bisque-en', 'kiln-shortest-first-en'])('%s', async (id) => {
    const { r, failed } = await runTask(id);
    expect(failed).toEqual([]);
    expect(r.status.status).toBe('done');
  });
});
