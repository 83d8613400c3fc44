import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startShopMcp } from '../../fixtures/shop-mcp/server.ts';
import { type ShopChat, shopChat } from './harness.ts';

let chat: ShopChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

describe('RefundCancel', () => {
  it('create_ticket runs only in the turn the person said yes (ko)', async () => {
    chat = await shopChat();
    const c = chat;
    await c.say('환불해 주세요');
    await c.say('010-2222-3333');
    let r = await c.say(c.code('01022223333'));
    expect(r).toMatchObject({ stage: 'AWAITING_APPROVAL', flowState: 'await_refund_confirm' });
    expect(c.ofType('TOOL_CALL_SKIPPED', r.turnId).map((e) => e.data.reason)).toContain('DEFERRED_TO_REFUND_CONFIRM');
    expect(c.shop.store.calls.some((x) => x.api === 'create_ticket')).toBe(false);
    r = await c.say('네');
    expect(r).toMatchObject({ stage: 'DONE', outcome: 'done' });
    expect(r.reply).toMatch(/TCK-\d{5}/);
    expect(c.shop.store.snapshot().tickets).toHaveLength(1);
  });

  it('rejecting with a reason files nothing and says the reason back (en); a plain "no" still works', async () => {
    chat = await shopChat();
    const c = chat;
    await c.say('I want a refund for my order');
    await c.say('01022223333');
    const asked = await c.say(c.code('01022223333'));
    expect(asked.approval?.stepId).toBe('await_refund_confirm');
    const r = await c.conv.reject(c.conv.state().pendingApproval?.approvalId ?? '', 'I found the parcel after all');
    expect(r).toMatchObject({ stage: 'DONE', outcome: 'declined' });
    expect(r.reply).toBe('All right, I did not file a refund. (reason: I found the parcel after all)');
    expect(c.shop.store.calls.some((x) => x.api === 'create_ticket')).toBe(false);
    expect(c.shop.store.snapshot().tickets).toHaveLength(0);
    const stored = c.store.queryEvents({ session_id: c.conv.sessionId, turn_id: r.turnId, limit: 500 }).events;
    const refusal = stored.find((e) => e.type === 'POLICY_DECISION' && e.data.action === 'reject');
    expect(refusal?.data).toMatchObject({ stage: 'await_refund_confirm', reason: 'I found the parcel after all', reason_given: true });
    expect(stored.filter((e) => e.type === 'TOOL_CALL_SKIPPED').map((e) => [e.data.tool, e.data.reason])).toEqual([
      ['create_ticket', 'REJECTED_AT_CONFIRMATION'],
    ]);

    // typed "no" without a reason: the same ending, no "(reason: …)"
    await c.say('I want a refund for my order');
    const again = await c.say('01022223333');
    const code = c.shop.store.inbox('01022223333')[0]?.code ?? '';
    const confirm = again.flowState === 'await_refund_confirm' ? again : await c.say(code);
    expect(confirm.flowState).toBe('await_refund_confirm');
    const no = await c.say('no');
    expect(no).toMatchObject({ stage: 'DONE', outcome: 'declined' });
    expect(no.reply).toBe('All right, I did not file a refund.');
    expect(c.shop.store.snapshot().tickets).toHaveLength(0);
  });

  it('a 404 from create_ticket is told in words with the next action; the log keeps the real code (en)', async () => {
    chat = await shopChat({ missingApis: ['create_ticket'] });
    const c = chat;
    await c.say('I want a refund for my order');
    await c.say('01022223333');
    await c.say(c.code('01022223333'));
    const r = await c.say('yes');
    expect(r.stage).toBe('FAILED');
    expect(r.failure?.code).toBe('NO_API_FOUND');
    expect(r.reply).toMatch(/refund desk is not answering/);
    expect(r.reply).not.toContain('NO_API_FOUND');
    expect(r.reply).not.toMatch(/order number again/i);
    const final = c.ofType('FINAL_ANSWER_READY', r.turnId)[0];
    expect(final?.data).toMatchObject({
      failure_cause: expect.stringContaining('NO_API_FOUND'),
      next_action: expect.stringContaining('ORD-20261115-0004'),
    });
    expect(c.ofType('TOOL_FAILED', r.turnId).map((e) => (e.data.error as { code: string }).code)).toContain('NO_API_FOUND');
  });

  it('continues where it was after a restart (snapshot in the store)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'steward-conv-'));
    const shop = await startShopMcp();
    try {
      const first = await shopChat({ storePath: join(dir, 'steward.db'), shop });
      await first.say('환불 요청할게요');
      const r1 = await first.say('010-2222-3333');
      expect(r1.expecting).toBe('otp');
      const sessionId = first.conv.sessionId;
      await first.close();

      chat = await shopChat({ storePath: join(dir, 'steward.db'), shop, sessionId });
      expect(chat.conv.state()).toMatchObject({ stage: 'CHAT_COLLECTING', flowState: 'await_identity', expecting: 'otp' });
      const r2 = await chat.say(chat.code('01022223333'));
      expect(r2.flowState).toBe('await_refund_confirm');
      expect(shop.store.inbox('01022223333')).toHaveLength(1);
    } finally {
      await chat?.close();
      chat = undefined;
      await shop.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
