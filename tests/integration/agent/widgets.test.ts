import { describe, expect, it } from 'vitest';
import { evalTaskRunner } from './eval-task.ts';

/**
 * Widgets a person sets by using them, on evaluation pages the engine has never seen, through
 * `cdt agent run`: a button that opens a listbox (a theatre, a car park) set by opening it and
 * choosing the option meant; a date asked as year/month/day lists; a date-and-time input given
 * both at once; suggestions drawn as plain buttons under a box; page commands that name each
 * value once and say the verb at the end ("극장은 …로, 관람일은 …로 하고 … 눌러줘"); − / + counters in
 * rows of one box; a promotion laid over the page, closed when it takes a click. The oracle is
 * what reached the fixture server, checked with the task's own expectations.
 */
const runTask = evalTaskRunner();

describe('widgets set by using them (real Chromium, cdt agent run)', () => {
  it('a theatre picker that is a button over a listbox, and a date asked as three lists (Korean command)', async () => {
    const { r, failed } = await runTask('cinema-times-ko');
    expect(failed).toEqual([]);
    expect(r.status.status).toBe('done');
  });

  it('the same page in English: an option known by its English words, a date place named in other words', async () => {
    const { failed } = await runTask('cinema-times-en');
    expect(failed).toEqual([]);
  });

  it('a car park picker, date-and-time inputs and a make chosen among suggestion buttons, in one English command', async () => {
    const { r, failed } = await runTask('parking-quote-en');
    expect(failed).toEqual([]);
    expect(r.code).toBe(0);
  });

  it('a Korean command naming each value once, the verb said at the end', async () => {
    const { failed } = await runTask('parking-quote-ko');
    expect(failed).toEqual([]);
  });

  it('counters side by side in one box, behind a promotion laid over the page that is closed first (Korean)', async () => {
    const { failed } = await runTask('aquarium-tickets-ko');
    expect(failed).toEqual([]);
  });

  it('the same counters named in English words for a Korean page', async () => {
    const { failed, log } = await runTask('aquarium-tickets-en');
    expect(failed).toEqual([]);
    // one order, not one per try
    expect(log.filter((e) => e.method === 'POST')).toHaveLength(1);
  });

  it('an e-mail asked in parts (id @ domain, a list of domains with "직접 입력"): the address said whole goes in by parts', async () => {
    const { failed } = await runTask('member-email-ko');
    expect(failed).toEqual([]);
  });

  it('the same in English, a domain the list offers', async () => {
    const { failed } = await runTask('member-email-en');
    expect(failed).toEqual([]);
  });

  it('a switch kept behind another tab is found by looking in the tabs', async () => {
    const { failed } = await runTask('member-sms-off-ko');
    expect(failed).toEqual([]);
  });
});
