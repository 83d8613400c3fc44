import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowseWorld, startBrowseWorld } from './browse-harness.ts';

// The person stays in control of a hand-over: Reject on its card and a typed cancel both end it
// (nothing pending afterwards), on the real engine, Chromium and the flights site.

let world: BrowseWorld;
beforeAll(async () => {
  world = await startBrowseWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

async function atHandOver(c: ReturnType<BrowseWorld['chat']>): Promise<string> {
  expect((await c.say('12월 20일 인천에서 나리타 가는 직항 찾아줘')).stage).toBe('DONE');
  const r = await c.say('1번으로 예약해줘');
  expect(r).toMatchObject({ stage: 'AWAITING_APPROVAL', approval: { mode: 'hand_over' } });
  return c.conv.state().pendingApproval?.approvalId ?? '';
}

describe('reject and cancel at a hand-over', () => {
  it('Reject on the hand-over card ends the step: declined, nothing pending, the gate holds the rejection', async () => {
    const c = world.chat();
    try {
      const id = await atHandOver(c);
      const r = await c.conv.reject(id, '나중에 할게요');
      expect(r.stage).not.toBe('AWAITING_APPROVAL');
      expect(r.outcome).toBe('declined');
      expect(r.reply).toContain('나중에 할게요');
      expect(c.conv.state().pendingApproval).toBeUndefined();
      expect(c.store.runs.approval(id)?.status).toBe('denied');
    } finally {
      c.close();
    }
  }, 120_000);

  it('typing "취소해 주세요" at a hand-over cancels the task and leaves nothing pending', async () => {
    const c = world.chat();
    try {
      const id = await atHandOver(c);
      const r = await c.say('취소해 주세요');
      expect(r.outcome).toBe('cancelled');
      expect(r.stage).not.toBe('AWAITING_APPROVAL');
      expect(c.conv.state().pendingApproval).toBeUndefined();
      // the gate no longer holds it open (the plan view reads pending approvals from the store)
      expect(['pending', 'granted']).not.toContain(c.store.runs.approval(id)?.status);
    } finally {
      c.close();
    }
  }, 120_000);
});
