import { afterEach, describe, expect, it } from 'vitest';
import { approvalCard, slotChips } from '../../../src/main/conversation/ui/view.ts';
import { type ShopChat, shopChat } from './harness.ts';

// What the refund card and the slot chips say is what the task holds: the order the person chose
// (its chip is filled), what the refund is for and how much was paid for it — never an empty "→ —".

let chat: ShopChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

describe('refund card and order chip', () => {
  it('after the person chooses an order, the chip holds it and the card names the order, its status change and the amount', async () => {
    chat = await shopChat();
    const c = chat;
    await c.say('환불해 주세요');
    await c.say('010-1234-5678');
    const listed = await c.say(c.code('01012345678'));
    expect(listed.stage).not.toBe('AWAITING_APPROVAL');
    expect(listed.reply).toContain('2. ORD-20261118-0001');
    const r = await c.say('2번');
    expect(r.stage).toBe('AWAITING_APPROVAL');
    const st = c.conv.state();
    const pack = c.conv.packs.byId(st.packId ?? '');
    const chips = slotChips(pack, st.facts, 'ko');
    const order = chips.find((x) => x.name === 'order_id');
    expect(order?.value).toBe('ORD-20261118-0001');

    const card = approvalCard(c.conv.sessionId, st.pendingApproval, pack, st.facts, 'ko');
    expect(card).toBeDefined();
    const rows = card?.changes ?? [];
    expect(rows.length).toBeGreaterThan(0);
    // every row says something on the side it changes
    for (const row of rows) expect(row.after, row.label).toBeTruthy();
    expect(JSON.stringify(rows)).not.toMatch(/배송지/);
    expect(JSON.stringify(rows)).toContain('329,000원');
    expect(JSON.stringify(rows)).toContain('AirPods');
  });

  it('an order found for the person without a choice (their only one) fills the chip too (en)', async () => {
    chat = await shopChat();
    const c = chat;
    await c.say('I want a refund for my order');
    await c.say('01022223333');
    const r = await c.say(c.code('01022223333'));
    expect(r.stage).toBe('AWAITING_APPROVAL');
    const st = c.conv.state();
    const pack = c.conv.packs.byId(st.packId ?? '');
    const order = slotChips(pack, st.facts, 'en').find((x) => x.name === 'order_id');
    expect(order?.value).toMatch(/^ORD-/);
    const rows = approvalCard(c.conv.sessionId, st.pendingApproval, pack, st.facts, 'en')?.changes ?? [];
    for (const row of rows) expect(row.after, row.label).toBeTruthy();
    expect(rows.map((x) => x.label)).toContain('Refund requested');
  });
});
