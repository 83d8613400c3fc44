import { describe, expect, it } from 'vitest';
import { evalTaskRunner } from './eval-task.ts';

/**
 * A row and its own action on pages the engine has never seen (real Chromium, cdt agent run):
 * the row named by day, kind, person and superlative, its own button, what it opens filled and
 * sent; a rooms × hours grid; a day reached and shown. The oracle is what reached the fixture
 * server and what the page's own date label says.
 */
const run = evalTaskRunner();
const shows = run.shows;

describe('a row and its own action', () => {
  it("the earliest cycle class on Thursday with the coach named: that row's Book, the member number, Confirm", async () => {
    const { r, failed } = await run('gym-reyes-cycle-en');
    expect(failed).toEqual([]);
    expect(r.status.status).toBe('done');
  });

  it('the cheapest bicycle still for sale: its seller gets the quoted message, sent with Enter in the drawer', async () => {
    const { failed, log } = await run('market-chat-ko');
    expect(failed).toEqual([]);
    expect(log.filter((e) => e.path === '/api/chat')).toHaveLength(1);
  });

  it('a detail with no place in what the row opened is asked about before anything is sent', async () => {
    const { r, log } = await run(
      'gym-reyes-cycle-en',
      'book me into the earliest cycle class this thursday with Coach Reyes, member number 40112, locker 12',
    );
    expect(r.status.status).toBe('needs_person');
    expect(JSON.stringify(r.status.question)).toContain('locker 12');
    expect(log.filter((e) => e.method === 'POST')).toEqual([]);
  });
});

describe('rooms × hours, and the day shown', () => {
  it('Study Room B on December 8th from 2 to 4pm, then the details form', async () => {
    const { failed } = await run('rooms-range-en');
    expect(failed).toEqual([]);
  });

  it('a table of courts whose free cells say only 가능, one click per hour, a date box', async () => {
    const { failed } = await run('court-range-ko');
    expect(failed).toEqual([]);
  });

  it('"select … but don\'t book it yet" stops at choosing: nothing sent', async () => {
    const { r, log } = await run('rooms-hold-en');
    expect(r.status.status).toBe('done');
    expect(log.filter((e) => e.method === 'POST')).toEqual([]);
  });

  it('"12월 9일 시간표 보여줘": the next week, then the day; the page\'s own date label shows it', async () => {
    const { r, url } = await run('gym-show-day-ko');
    expect(r.status.status).toBe('done');
    expect(await shows(url, '#day-label')).toBe('Wednesday, December 9');
  });

  it('"Show me the room availability for December 10": through the calendar popover', async () => {
    const { r, url } = await run('rooms-show-en');
    expect(r.status.status).toBe('done');
    expect(await shows(url, '#date-label')).toBe('Thu, Dec 10, 2026');
  });
});
