import { describe, expect, it } from 'vitest';
import { evalTaskRunner } from './eval-task.ts';

/**
 * Widgets of pages the engine has never seen, set by using them, through `cdt agent run`:
 * groups of switches set at once (the named ones one way, the rest of their group the other,
 * locked ones left), switches whose input is transparent and drawn by its label; − / + counters
 * known only by the words of their row; read-only boxes filled from a shuffled keypad. The oracle is
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

describe('counters and keypads (real Chromium, cdt agent run)', () => {
  it('"2 adults and a child": counters named in Korean by their rows, each pressed to its number, then the next step', async () => {
    const { failed, log } = await runTask('ferry-pax-next-en');
    expect(failed).toEqual([]);
    expect(log.filter((e) => e.method === 'POST')).toHaveLength(1);
  });

  it('a birth date tapped out on a shuffled keypad, then confirmed (Korean)', async () => {
    const { failed } = await runTask('keypad-birth-ko');
    expect(failed).toEqual([]);
  });

  it('two boxes from one keypad: each tapped first, then its digits (English)', async () => {
    const { failed } = await runTask('keypad-pin-en');
    expect(failed).toEqual([]);
  });
});
