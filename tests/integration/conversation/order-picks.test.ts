/**
 * Picking among the orders shown by their words ("the Galaxy Buds one"), and a question asked in
 * the middle of the identity check answered without restarting it — through the parser, the
 * machine and the shop MCP twin, whose order store and call log are the oracle.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { seedOrders } from '../../fixtures/shop-mcp/seed-orders.ts';
import { type ShopChat, shopChat } from './harness.ts';

/** The shop's own orders (the fixture's data, not the engine's reading of it). */
const ORDERS = seedOrders();

let chat: ShopChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

async function verified(c: ShopChat, start: string) {
  await c.say(start);
  await c.say('010-1234-5678');
  const r = await c.say(c.code('01012345678'));
  expect(r).toMatchObject({ flowState: 'await_order_selection', expecting: 'order_id' });
  return r;
}

describe('a pick among the orders shown, by their words', () => {
  it('"the Galaxy Buds one" is the order with the Galaxy Buds (en, refund)', async () => {
    chat = await shopChat();
    const c = chat;
    const shown = await verified(c, 'I want a refund');
    const buds = ORDERS.find((o) => o.items.some((i) => i.name.startsWith('Galaxy Buds')));
    expect(shown.reply).toContain(buds?.order_id);
    const r = await c.say('the Galaxy Buds one');
    expect(r.expecting).toBe('confirmation');
    expect(c.conv.state().facts.order_id).toBe(buds?.order_id);
    expect(r.reply).toContain(buds?.order_id);
  });

  it('"무선 충전 패드 주문이요" picks that order; its recipient check then refuses it (ko, address change)', async () => {
    chat = await shopChat();
    const c = chat;
    await verified(c, '배송지 바꿔줘');
    const pad = ORDERS.find((o) => o.items.some((i) => i.name.includes('충전 패드')));
    const r = await c.say('무선 충전 패드 주문이요');
    const mismatch = c.ofType('CONTEXT_CONTAMINATION_DETECTED', r.turnId)[0];
    expect(mismatch?.data.order_id).toBe(pad?.order_id);
    expect(r.reply).toContain(pad?.order_id);
    expect(c.shop.store.order(pad?.order_id ?? '')?.shipping.address1).toBe(pad?.shipping.address1);
  });

  it('words that name two orders, or none, pick nothing and the list is asked again', async () => {
    chat = await shopChat();
    const c = chat;
    await verified(c, 'I want a refund');
    const r = await c.say('the Sony one');
    expect(r).toMatchObject({ flowState: 'await_order_selection', expecting: 'order_id' });
    expect(c.conv.state().facts.order_id).toBeUndefined();
  });
});

describe('a question in the middle of the identity check', () => {
  it('is answered and the check continues where it was: no second code, the code still works (ko, en)', async () => {
    for (const [start, question] of [
      ['배송지 바꿔줘', '인증번호는 왜 필요한 거예요?'],
      ['change my shipping address', 'why do you need a code?'],
    ] as const) {
      chat = await shopChat();
      const c = chat;
      await c.say(start);
      let r = await c.say('010-2222-3333');
      expect(r.expecting).toBe('otp');
      r = await c.say(question);
      expect(r).toMatchObject({ stage: 'CHAT_COLLECTING', flowState: 'await_identity', expecting: 'otp' });
      expect(r.reply).toMatch(/010-\*\*\*\*-3333/);
      expect(c.shop.store.calls.filter((x) => x.api === 'send_otp')).toHaveLength(1);
      expect(c.shop.store.inbox('01022223333')).toHaveLength(1);
      r = await c.say(c.code('01022223333'));
      expect(r).toMatchObject({ flowState: 'await_target_address', expecting: 'address' });
      await chat.close();
      chat = undefined;
    }
  });
});
