import { describe, expect, it } from 'vitest';
import { evalTaskRunner } from './eval-task.ts';

/**
 * Widgets of pages the engine has never seen, set by using them, through `cdt agent run`:
 * groups of switches set at once (the named ones one way, the rest of their group the other,
 * locked ones left), switches whose input is transparent and drawn by its label; − / + counters
 * known only by the words of their row; read-only boxes filled from a shuffled keypad; a seat map
 * with sold seats and a cap; day chips drawn as ARIA radios; a month picker over a listbox. The oracle is
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

  it('a PIN pad that draws only dots (keys are divs a script listens on): the digits tapped, the page sends them itself', async () => {
    const { failed, r } = await runTask('pinpad-login-ko');
    expect(failed).toEqual([]);
    // the last digit sent them: done, not "no field" on the page that came after
    expect(r.code).toBe(0);
  });

  it('two boxes from one keypad: each tapped first, then its digits (English)', async () => {
    const { failed } = await runTask('keypad-pin-en');
    expect(failed).toEqual([]);
  });
});

describe('seat maps, day chips and month pickers (real Chromium, cdt agent run)', () => {
  it('"F열 7번, 8번": the seats named on the map, then the page\'s own button', async () => {
    const { failed } = await runTask('seats-f7f8-ko');
    expect(failed).toEqual([]);
  });

  it('"seats F7 and F8" said in English for seats the page names in Korean', async () => {
    const { failed } = await runTask('seats-f7f8-en');
    expect(failed).toEqual([]);
  });

  it('"아무 데나 괜찮아": free seats side by side until the page takes no more (its cap of two)', async () => {
    const { failed, log } = await runTask('seats-any-ko');
    expect(failed).toEqual([]);
    const sent = String(log.find((e) => e.method === 'POST')?.body.seats ?? '');
    // two seats of one row, neither of them sold
    expect(sent).toMatch(/^([A-H])\d+,\1\d+$/);
    expect(['A3', 'A4', 'C5', 'C6', 'C7', 'D8', 'E1', 'E2', 'F5', 'F6', 'F9', 'G7', 'H10'].some((x) => sent.split(',').includes(x))).toBe(
      false,
    );
  });

  it('a seat plan whose buttons say only their number: the row read from the letter at its start, the chosen ones only coloured', async () => {
    const { failed, log } = await runTask('hall-seats-c5c6-en');
    expect(failed).toEqual([]);
    expect(log.filter((e) => e.method === 'POST')).toHaveLength(1);
  });

  it('"이번 주 목요일": the day chip (an ARIA radio span) of that day, then the booking is sent', async () => {
    const { failed } = await runTask('pt-thu-ko');
    expect(failed).toEqual([]);
  });

  it('"this Friday" in English on the same Korean chips', async () => {
    const { failed } = await runTask('pt-fri-en');
    expect(failed).toEqual([]);
  });

  it('"11월 관리비 보여줘": the month picker opened and its November chosen (the page loads that month)', async () => {
    const { failed, log } = await runTask('fee-nov-ko');
    // the text on the final page is checked by the bench; here the request is the oracle
    expect(failed.filter((f) => !f.endsWith('no page to check'))).toEqual([]);
    expect(log.some((e) => e.method === 'GET' && e.query.ym === '2026-11')).toBe(true);
  });
});
