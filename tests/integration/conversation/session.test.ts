import { afterEach, describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../../src/shared/events.ts';
import { type ShopChat, shopChat } from './harness.ts';

let chat: ShopChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

async function toConfirmation(c: ShopChat) {
  await c.say('배송지 바꿔줘');
  await c.say('010-2222-3333');
  await c.say(c.code('01022223333'));
  return c.say('세종대로 110');
}

describe('session runner API (what the UI calls)', () => {
  it('approve(stepId) runs exactly the pending step; a wrong step id is a STATE_CONFLICT and changes nothing', async () => {
    chat = await shopChat();
    const c = chat;
    const r = await toConfirmation(c);
    expect(r.approval?.stepId).toBe('await_update_confirm');
    await expect(c.conv.approve('some_other_step')).rejects.toMatchObject({ code: 'STATE_CONFLICT' });
    expect(c.shop.store.calls.some((x) => x.api === 'update_order_shipping_address')).toBe(false);
    const done = await c.conv.approve(c.conv.state().pendingApproval?.approvalId ?? '');
    expect(done).toMatchObject({ stage: 'DONE', outcome: 'done' });
    expect(c.shop.store.order('ORD-20261115-0004')?.shipping.address1).toBe('서울특별시 중구 세종대로 110');
    const granted = c.store.runs.approvals(c.conv.sessionId).filter((a) => a.step_id === 'update_order_shipping_address');
    expect(granted.map((a) => a.status)).toEqual(['completed']);
  });

  it('reject(stepId) declines; cancel() ends a running task; state() tells where it is', async () => {
    chat = await shopChat();
    const c = chat;
    await toConfirmation(c);
    expect(c.conv.state()).toMatchObject({ stage: 'AWAITING_APPROVAL', flowState: 'await_update_confirm', intent: 'OrderChange' });
    const no = await c.conv.reject(c.conv.state().pendingApproval?.approvalId ?? '', 'changed my mind');
    expect(no).toMatchObject({ stage: 'DONE', outcome: 'declined' });
    await c.say('환불해 주세요');
    const cancelled = await c.conv.cancel();
    expect(cancelled).toMatchObject({ stage: 'DONE', outcome: 'cancelled' });
  });

  it('streams the session events as an async iterator that ends on close, all with a turn_id', async () => {
    chat = await shopChat();
    const c = chat;
    const seen: EngineEvent[] = [];
    const reading = (async () => {
      for await (const e of c.conv.events()) seen.push(e);
    })();
    const r = await c.say('배송지 바꿔줘');
    c.conv.close();
    await reading;
    const mine = seen.filter((e) => e.turn_id === r.turnId);
    expect(mine.map((e) => e.type)).toEqual(
      expect.arrayContaining(['turn_started', 'SLOT_EXTRACTED', 'PRE_TOOL_DECISION', 'FINAL_ANSWER_READY', 'turn_finished']),
    );
    expect(seen.filter((e) => !e.turn_id)).toEqual([]);
    expect(c.store.records.turns(c.conv.sessionId)).toHaveLength(1);
  });
});

describe('faults', () => {
  it('a tool port that throws becomes a FAILED turn with the class and a next action, and the turn is recorded', async () => {
    const { openStore } = await import('../../../src/main/store/index.ts');
    const { createSession } = await import('../../../src/main/conversation/session.ts');
    const { loadPacks } = await import('../../../src/main/packs/index.ts');
    const store = openStore(':memory:');
    const conv = createSession({
      store,
      packs: await loadPacks(),
      understanding: 'offline',
      tools: {
        call: async () => {
          throw new Error('socket hang up');
        },
      },
    });
    try {
      await conv.send('배송지 바꿔줘');
      const r = await conv.send('010-2222-3333');
      expect(r).toMatchObject({ stage: 'FAILED', failure: { code: 'INTERNAL' } });
      // the person reads what happened and what to do; the thrown message is for the log
      expect(r.reply).not.toContain('socket hang up');
      expect(r.reply).toMatch(/예기치 못한 문제/);
      expect(JSON.stringify(store.queryEvents({ session_id: conv.sessionId, limit: 1000 }).events)).toContain('socket hang up');
      const final = store.queryEvents({ session_id: conv.sessionId, types: ['FINAL_ANSWER_READY'] }).events.at(-1);
      expect(final?.data).toMatchObject({ failure_cause: expect.stringContaining('INTERNAL'), next_action: expect.any(String) });
      expect(store.records.turns(conv.sessionId).every((t) => t.reply_text)).toBe(true);
    } finally {
      conv.close();
      store.close();
    }
  });
});
