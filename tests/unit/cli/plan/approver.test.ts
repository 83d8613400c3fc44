/** Who answers the gate in `cdt plan run`: the decisions land in a real store, read back from its rows. */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApproveMode, Approver } from '../../../../src/cli/plan/approver.ts';
import { openStore, type Store } from '../../../../src/main/store/index.ts';
import { ToolRuntime } from '../../../../src/main/tools/runtime.ts';

let store: Store;
let approver: Approver | undefined;
afterEach(() => {
  approver?.stop();
  store?.close();
});

function setup(mode: ApproveMode, input?: PassThrough) {
  store = openStore(':memory:');
  store.records.createSession({ id: 's' });
  const runtime = new ToolRuntime({ store });
  const prompt = new PassThrough();
  let shown = '';
  prompt.on('data', (c: Buffer) => (shown += c.toString()));
  const unanswered: string[] = [];
  approver = new Approver({
    mode,
    runtime,
    sessionId: 's',
    prompt,
    ...(input ? { input } : {}),
    onUnanswered: (a) => unanswered.push(a.step_id),
    pollMs: 10,
  });
  approver.start();
  const ask = (step: string, mode: 'execute' | 'hand_over' = 'execute') =>
    runtime.gate.request(
      's',
      { plan_id: 'p', step_id: step, step_hash: `h-${step}` },
      { kind: 'submission', mode, summary: `send ${step}` },
    ).id;
  const row = (id: string) => store.runs.approval(id);
  const settled = (id: string) => expect.poll(() => row(id)?.status, { timeout: 5000, interval: 10 });
  const markDone = (id: string) => runtime.gate.markDone(id, 'engine: the page shows completion');
  return { ask, row, settled, unanswered, markDone, shown: () => shown };
}

describe('plan run approver', () => {
  it('never refuses every approval, recorded as cli:--approve never', async () => {
    const t = setup('never');
    const id = t.ask('send');
    await t.settled(id).toBe('denied');
    expect(t.row(id)).toMatchObject({ decided_by: 'cli:--approve never', reason: 'refused by --approve never' });
  });

  it('all grants what the engine carries out and leaves a hand-over to the person', async () => {
    const t = setup('all');
    const id = t.ask('send');
    await t.settled(id).toBe('granted');
    expect(t.row(id)?.decided_by).toBe('cli:--approve all');
    const ho = t.ask('pay', 'hand_over');
    await expect.poll(() => t.unanswered, { timeout: 5000, interval: 10 }).toEqual(['pay']);
    expect(t.row(ho)?.status).toBe('pending');
  });

  it('ask reads answers line by line: re-asks on nonsense, takes a reason with no, done for a hand-over, pending at end of input', async () => {
    const input = new PassThrough();
    const t = setup('ask', input);
    const first = t.ask('send');
    input.write('maybe\n');
    input.write('no too expensive\n');
    await t.settled(first).toBe('denied');
    expect(t.row(first)).toMatchObject({ decided_by: 'cli:terminal', reason: 'too expensive' });
    expect(t.shown()).toContain('Answer "yes" or "no"');
    const second = t.ask('again');
    input.write('네\n');
    await t.settled(second).toBe('granted');
    const ho = t.ask('pay', 'hand_over');
    input.write('done\n');
    await t.settled(ho).toBe('completed');
    // settled elsewhere (the page showed completion) while the question waits: the next one is asked
    const elsewhere = t.ask('pay2', 'hand_over');
    await expect.poll(() => t.shown().split('Finish it in the browser').length, { timeout: 5000, interval: 10 }).toBe(3);
    t.markDone(elsewhere);
    const last = t.ask('last');
    await expect.poll(() => t.shown(), { timeout: 5000, interval: 10 }).toContain('already settled (completed)');
    input.end();
    await expect.poll(() => t.unanswered, { timeout: 5000, interval: 10 }).toEqual(['last']);
    expect(t.row(last)?.status).toBe('pending');
  });
});
