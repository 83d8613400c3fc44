import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkExpectations } from '../../fixtures/sites/anysite-eval/predicates.ts';
import { type EvalSites, startEvalSites } from '../../fixtures/sites/anysite-eval/server.ts';
import { loadTasks } from '../../fixtures/sites/anysite-eval/tasks.ts';
import { launchWithPort } from '../browser/conformance.ts';
import { openTab, runAgent } from './agent-cli.ts';

/**
 * Widgets a person sets by using them, on evaluation pages the engine has never seen, through
 * `cdt agent run`: a button that opens a listbox (a theatre, a car park) set by opening it and
 * choosing the option meant; a date asked as year/month/day lists; a date-and-time input given
 * both at once; suggestions drawn as plain buttons under a box; page commands that name each
 * value once and say the verb at the end ("극장은 …로, 관람일은 …로 하고 … 눌러줘"). The oracle is
 * what reached the fixture server, checked with the task's own expectations.
 */
const tasks = loadTasks();
let sites: EvalSites;
let running: Awaited<ReturnType<typeof launchWithPort>>;
let endpoint = '';

beforeAll(async () => {
  sites = await startEvalSites();
  running = await launchWithPort();
  endpoint = `ws://127.0.0.1:${running.port}${running.browserPath}`;
});
afterAll(async () => {
  await running?.browser.session.close();
  await sites?.close();
});

let opened = 0;
async function runTask(id: string) {
  const task = tasks.find((t) => t.id === id);
  if (!task) throw new Error(`no task ${id}`);
  sites.reset();
  const url = `${sites.urls[task.site]}${task.path}${task.path.includes('?') ? '&' : '?'}tab=${++opened}`;
  await openTab(running, url);
  const r = await runAgent(endpoint, url, task.request);
  return { r, failed: await checkExpectations(task.expect, sites.log(), undefined, task.site) };
}

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
});
