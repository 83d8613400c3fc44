import { describe, expect, it } from 'vitest';
import { evalTaskRunner } from './eval-task.ts';

/**
 * Widgets of pages the engine has never seen, set by using them, through `cdt agent run`:
 * groups of switches set at once (the named ones one way, the rest of their group the other,
 * locked ones left), switches whose input is transparent and drawn by its label. The oracle is
 * what reached the fixture server, checked with the task's own expectations.
 */
const runTask = evalTaskRunner();

describe('switches (real Chromium, cdt agent run)', () => {
  it('one switch turned off by a Korean verb stem ("끄고"), then saved; the input is drawn by its label', async () => {
    const { failed } = await runTask('alarm-sms-off-save-ko');
    expect(failed).toEqual([]);
  });

  it('every switch of a group off except the locked one, then saved', async () => {
    const { failed, log } = await runTask('alarm-marketing-off-save-en');
    expect(failed).toEqual([]);
    expect(log.filter((e) => e.method === 'POST')).toHaveLength(1);
  });

  it('an ARIA switch labelled by aria-labelledby, turned off and saved by fetch', async () => {
    const { failed } = await runTask('prefs-sms-off-en');
    expect(failed).toEqual([]);
  });
});
