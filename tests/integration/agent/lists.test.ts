import { describe, expect, it } from 'vitest';
import { evalTaskRunner } from './eval-task.ts';

/**
 * Page commands over a list the engine has never seen: a filter and an order set in a form the
 * page applies only with its own button; the top row of a sorted list; two items for one bag,
 * one with a count typed in its row's own box. The oracle is what reached the fixture server.
 */
const runTask = evalTaskRunner();

describe('lists set and used by page commands (real Chromium, cdt agent run)', () => {
  it('"show only …, newest first": the boxes and the order are applied with the form\'s own button', async () => {
    const { r, failed } = await runTask('bookshop-filter-en');
    expect(failed).toEqual([]);
    expect(r.status.status).toBe('done');
  });

  it('"맨 위에 있는 책 2권": the first row of the list as sorted, its count in the row\'s own box', async () => {
    const { failed } = await runTask('bookshop-top-ko');
    expect(failed).toEqual([]);
  });

  it('two items in one request, each added once with its own count', async () => {
    const { failed, log } = await runTask('bookshop-two-en');
    expect(failed).toEqual([]);
    expect(log.filter((e) => e.path === '/api/bag')).toHaveLength(2);
  });

  it('page links known by their labels ("Page 2"), then a row booked with the option it offers (English)', async () => {
    const { failed, r } = await runTask('concert-page2-en');
    expect(failed).toEqual([]);
    expect(r.status.status).toBe('done');
  });

  it('"2페이지로 넘어가서 첫 번째 공연을 Box석으로 예매해줘": an option whose name is a filler word elsewhere', async () => {
    const { failed } = await runTask('concert-page2-ko');
    expect(failed).toEqual([]);
  });
});
