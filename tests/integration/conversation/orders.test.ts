import { afterEach, describe, expect, it } from 'vitest';
import type { ErrorValue } from '../../../src/shared/errors.ts';
import { type ShopChat, shopChat } from './harness.ts';

let chat: ShopChat | undefined;
afterEach(async () => {
  await chat?.close();
  chat = undefined;
});

describe('OrderChange, Korean, through the parser, the machine and the shop MCP twin', () => {
  it('single order: identity → cross-checked auto selection → address → one confirmation → update', async () => {
    chat = await shopChat();
    const c = chat;
    let r = await c.say('배송지 바꿔줘');
    expect(r).toMatchObject({ stage: 'CHAT_COLLECTING', flowState: 'await_identity', expecting: 'phone' });
    r = await c.say('010-2222-3333');
    expect(r.expecting).toBe('otp');
    expect(r.reply).toContain('010-****-3333');
    r = await c.say(c.code('01022223333'));
    expect(r).toMatchObject({ flowState: 'await_target_address', expecting: 'address' });
    const picked = c.ofType('ORDER_CHOICES_PRESENTED', r.turnId)[0];
    expect(picked?.data).toMatchObject({ auto_selected: true, cross_check_required: true });
    expect(c.shop.store.calls.map((x) => x.api)).toEqual(['send_otp', 'verify_otp', 'list_orders', 'lookup_order']);

    r = await c.say('서울 강남구 테헤란로 152로 바꿔주세요');
    expect(r).toMatchObject({ stage: 'AWAITING_APPROVAL', flowState: 'await_update_confirm', expecting: 'confirmation' });
    expect(r.reply).toContain('ORD-20261115-0004');
    expect(r.reply).toContain('판교역로 166');
    expect(r.reply).toContain('테헤란로 152');
    const skipped = c.ofType('TOOL_CALL_SKIPPED', r.turnId).map((e) => e.data.reason);
    expect(skipped).toContain('DEFERRED_TO_UPDATE_CONFIRM');
    expect(c.shop.store.calls.some((x) => x.api === 'update_order_shipping_address')).toBe(false);

    r = await c.say('네');
    expect(r).toMatchObject({ stage: 'DONE', outcome: 'done' });
    expect(c.shop.store.order('ORD-20261115-0004')?.shipping).toMatchObject({
      address1: '서울특별시 강남구 테헤란로 152',
      zipcode: '06236',
    });
    const final = c.ofType('FINAL_ANSWER_READY', r.turnId)[0];
    expect(final?.data.outcome).toBe('done');
    // every event of a turn shares its turn_id, and they are in the store
    const stored = c.store.queryEvents({ session_id: c.conv.sessionId, turn_id: r.turnId, limit: 500 }).events;
    expect(stored.length).toBeGreaterThan(3);
    expect(stored.map((e) => e.type)).toEqual(
      expect.arrayContaining(['SLOT_EXTRACTED', 'PRE_TOOL_DECISION', 'POLICY_DECISION', 'FINAL_ANSWER_READY']),
    );
  });

  it('an address that does not exist is said not to exist and asked again, never replaced by the old one', async () => {
    chat = await shopChat();
    const c = chat;
    await c.say('배송지 변경하고 싶어요');
    await c.say('01022223333');
    await c.say(c.code('01022223333'));
    let r = await c.say('없는로 999번지로 바꿔줘');
    expect(r).toMatchObject({ flowState: 'await_target_address', expecting: 'address' });
    expect(r.reply).toContain('존재하지 않는 주소');
    // the log keeps the tool's own reason next to the engine code
    expect(c.ofType('TOOL_FAILED', r.turnId).map((e) => (e.data.error as ErrorValue).details.reason)).toContain('ADDRESS_NOT_FOUND');
    expect(c.shop.store.order('ORD-20261115-0004')?.shipping.address1).toBe('경기도 성남시 분당구 판교역로 166');
    r = await c.say('세종대로 110');
    expect(r.flowState).toBe('await_update_confirm');
    expect(r.reply).toContain('세종대로 110');
  });

  it('an expired code is reported, a new one is sent and the new one works', async () => {
    chat = await shopChat();
    const c = chat;
    await c.say('배송지 바꿔 주세요');
    await c.say('010-2222-3333');
    const old = c.code('01022223333');
    c.shop.store.advanceTime(10 * 60_000);
    let r = await c.say(old);
    expect(r).toMatchObject({ flowState: 'await_identity', expecting: 'otp' });
    expect(r.reply).toContain('만료');
    // the log keeps the tool's own reason next to the engine code
    expect(c.ofType('TOOL_FAILED', r.turnId).map((e) => (e.data.error as ErrorValue).details.reason)).toContain('OTP_EXPIRED');
    expect(c.shop.store.inbox('01022223333')).toHaveLength(2);
    r = await c.say(c.code('01022223333'));
    expect(r.flowState).toBe('await_target_address');
  });

  it('an order whose recipient phone differs from the verified phone is refused (cross-check), another can be chosen', async () => {
    chat = await shopChat();
    const c = chat;
    await c.say('주문 배송지 변경');
    await c.say('01012345678');
    let r = await c.say(c.code('01012345678'));
    expect(r).toMatchObject({ flowState: 'await_order_selection', expecting: 'order_id' });
    expect(c.ofType('ORDER_CHOICES_PRESENTED', r.turnId)[0]?.data).toMatchObject({ auto_selected: false });
    r = await c.say('ORD-20261120-0003');
    expect(c.ofType('CONTEXT_CONTAMINATION_DETECTED', r.turnId)).toHaveLength(1);
    expect(r.reply).toContain('받는 분 휴대폰 번호');
    expect(r).toMatchObject({ flowState: 'await_order_selection', expecting: 'order_id' });
    expect(r.reply).toContain('주문 ORD-20261120-0003');
    r = await c.say('2번이요');
    expect(r.flowState).toBe('await_target_address');
  });

  it('an address said while an order is asked for chooses no order: the 세 of 세종대로 is not "the third"', async () => {
    chat = await shopChat();
    const c = chat;
    await c.say('배송지 바꿔줘');
    await c.say('010-1234-5678');
    let r = await c.say(c.code('01012345678'));
    expect(r).toMatchObject({ flowState: 'await_order_selection', expecting: 'order_id' });
    r = await c.say('서울 중구 세종대로 110으로 바꿔주세요');
    // still asking which order; no order was looked up, none is put on a confirmation
    expect(r).toMatchObject({ flowState: 'await_order_selection', expecting: 'order_id' });
    expect(c.shop.store.calls.map((x) => x.api)).not.toContain('lookup_order');
    expect(r.reply).not.toContain('이렇게 바꿀까요');
    // the address is not dropped in silence: the question says it is kept
    expect(r.reply).toContain('새 배송지 "서울 중구 세종대로 110"은 받아 두었어요.');
    // the person's own ordinal still chooses
    r = await c.say('두 번째 주문이요');
    expect(r.flowState).toBe('await_update_confirm');
    expect(r.reply).toContain('ORD-20261118-0001');
    expect(r.reply).toContain('세종대로 110');
  });

  it('saying no at the confirmation changes nothing', async () => {
    chat = await shopChat();
    const c = chat;
    await c.say('배송지 바꿔줘');
    await c.say('010-2222-3333');
    await c.say(c.code('01022223333'));
    await c.say('테헤란로 152');
    const r = await c.say('아니요');
    expect(r).toMatchObject({ stage: 'DONE', outcome: 'declined' });
    expect(r.reply).toBe('알겠어요. 배송지는 바꾸지 않았어요.');
    expect(c.shop.store.calls.some((x) => x.api === 'update_order_shipping_address')).toBe(false);
    expect(c.shop.store.order('ORD-20261115-0004')?.shipping.address1).toBe('경기도 성남시 분당구 판교역로 166');
    // the refusal is recorded without a made-up reason
    const refusal = c.ofType('POLICY_DECISION', r.turnId).find((e) => e.data.action === 'reject');
    expect(refusal?.data).toMatchObject({
      stage: 'await_update_confirm',
      reason: 'the person said no at the confirmation',
      reason_given: false,
    });
  });

  it('rejecting with a reason (the approval card) says it back, stores it with the turn, and never updates the order', async () => {
    chat = await shopChat();
    const c = chat;
    await c.say('배송지 바꿔줘');
    await c.say('010-2222-3333');
    await c.say(c.code('01022223333'));
    const asked = await c.say('테헤란로 152');
    expect(asked.approval?.stepId).toBe('await_update_confirm');
    const r = await c.conv.reject(c.conv.state().pendingApproval?.approvalId ?? '', '  건물 이름이 틀렸어요 ');
    expect(r).toMatchObject({ stage: 'DONE', outcome: 'declined' });
    expect(r.reply).toBe('알겠어요. 배송지는 바꾸지 않았어요. (사유: 건물 이름이 틀렸어요)');
    // committed to the store under the rejecting turn's turn_id
    const stored = c.store.queryEvents({ session_id: c.conv.sessionId, turn_id: r.turnId, limit: 500 }).events;
    const refusal = stored.filter((e) => e.type === 'POLICY_DECISION' && e.data.action === 'reject');
    expect(refusal.map((e) => e.data)).toEqual([
      expect.objectContaining({ stage: 'await_update_confirm', reason: '건물 이름이 틀렸어요', reason_given: true }),
    ]);
    const skipped = stored.filter((e) => e.type === 'TOOL_CALL_SKIPPED');
    expect(skipped.map((e) => [e.data.tool, e.data.reason])).toEqual([['update_order_shipping_address', 'REJECTED_AT_CONFIRMATION']]);
    expect(stored.find((e) => e.type === 'FINAL_ANSWER_READY')?.data).toMatchObject({ outcome: 'declined', answer: r.reply });
    // a later "yes" does not bring the refused change back
    const after = await c.say('네');
    expect(after.stage).toBe('DONE');
    expect(c.shop.store.calls.some((x) => x.api === 'update_order_shipping_address')).toBe(false);
    expect(c.shop.store.order('ORD-20261115-0004')?.shipping.address1).toBe('경기도 성남시 분당구 판교역로 166');
  });

  it('cancel mid-flow stops the task; a second cancel is dropped with a reason', async () => {
    chat = await shopChat();
    const c = chat;
    await c.say('배송지 바꿔줘');
    await c.say('010-2222-3333');
    let r = await c.say('취소');
    expect(r).toMatchObject({ stage: 'DONE', outcome: 'cancelled' });
    r = await c.say('취소');
    expect(c.ofType('command_dropped', r.turnId)[0]?.data.reason).toBe('NOTHING_TO_CANCEL');
  });
});

describe('OrderChange, English', () => {
  it('changes the address after one confirmation', async () => {
    chat = await shopChat();
    const c = chat;
    let r = await c.say('I want to change the shipping address of my order');
    expect(r.expecting).toBe('phone');
    r = await c.say('my number is 010-2222-3333');
    expect(r.reply).toMatch(/code/);
    r = await c.say(c.code('01022223333'));
    expect(r.expecting).toBe('address');
    r = await c.say('152 Teheran-ro, Gangnam-gu, Seoul');
    expect(r.reply).toMatch(/Order: ORD-20261115-0004/);
    r = await c.say('yes');
    expect(r).toMatchObject({ stage: 'DONE', outcome: 'done' });
    expect(c.shop.store.order('ORD-20261115-0004')?.shipping.address1).toBe('서울특별시 강남구 테헤란로 152');
  });
});

describe('digressions and general questions', () => {
  it('answers a question mid-task from the tools, then returns to the task without losing anything', async () => {
    chat = await shopChat();
    const c = chat;
    await c.say('배송지 바꿔줘');
    await c.say('010-2222-3333');
    let r = await c.say(c.code('01022223333'));
    expect(r.expecting).toBe('address');
    r = await c.say('세종대로 110 주소 맞아요?');
    expect(r.reply).toContain('서울특별시 중구 세종대로 110');
    expect(r.reply).toContain('이어서 진행할게요');
    expect(r).toMatchObject({ stage: 'CHAT_COLLECTING', flowState: 'await_target_address', expecting: 'address' });
    expect(c.shop.store.inbox('01022223333')).toHaveLength(1);
    r = await c.say('세종대로 110');
    expect(r.flowState).toBe('await_update_confirm');
  });

  it('a question no tool can answer is not guessed: it says who to ask', async () => {
    chat = await shopChat();
    const r = await chat.say('What is the meaning of life?');
    expect(r.reply).toMatch(/won't guess/);
    const route = chat.ofType('POLICY_DECISION', r.turnId).find((e) => e.data.action === 'route');
    expect(route?.data.activated_experts).toEqual([]);
  });

  it('keeps a per-turn debug record with the masked phone, the expected input and the calls', async () => {
    chat = await shopChat();
    const c = chat;
    await c.say('배송지 바꿔줘');
    const r = await c.say('010-2222-3333');
    expect(r.debug.slot).toMatchObject({ entity: { phone_masked: '010-****-3333' }, expected_input: 'otp' });
    expect(r.debug.tool).toMatchObject({ last_function: 'send_otp', last_status: 'ok' });
    expect(r.debug.tool.candidate_calls).toContain('verify_otp');
    const finished = c.ofType('turn_finished', r.turnId)[0];
    expect(JSON.stringify(finished?.data)).not.toContain('01022223333');
    const stored = JSON.stringify(c.store.queryEvents({ session_id: c.conv.sessionId, limit: 500 }).events);
    expect(stored).not.toContain('01022223333');
    expect(stored).not.toContain(c.code('01022223333'));
  });
});

describe('OrderChange on an order that already shipped', () => {
  it('reports the real reason and offers the next action instead of asking for the order again', async () => {
    chat = await shopChat();
    const c = chat;
    await c.say('배송지 바꿔줘');
    await c.say('010-7777-8888');
    await c.say(c.code('01077778888'));
    await c.say('테헤란로 152');
    const r = await c.say('네');
    expect(r.stage).toBe('FAILED');
    // the one error value: an engine code (the class the shop gave), the shop's own reason and the next step
    expect(r.failure).toMatchObject({
      code: 'INVALID_ARG',
      details: { reason: 'ORDER_NOT_CHANGEABLE', tool: 'update_order_shipping_address' },
    });
    expect(r.failure?.suggestions[0]).toContain('환불');
    expect(r.reply).toContain('환불');
    expect(r.reply).not.toContain('주문번호를 다시');
    expect(c.shop.store.order('ORD-20261110-0005')?.shipping.address1).toBe('서울특별시 중구 세종대로 110');
  });
});
