/**
 * RefundCancel: await_identity → await_order_selection → await_refund_confirm →
 * execute_refund_ticket → done. create_ticket runs only in the turn the person said yes;
 * before that it is skipped with DEFERRED_TO_REFUND_CONFIRM. A failure reports the real error
 * code and the next action — never "enter your order number again".
 */

import { awaitIdentity, awaitOrderSelection, identityRecovery, orderFacts, pick, shopBareAnswer } from '../shared/shop/identity.ts';
import { refundCard, shopEntity } from '../shared/shop/view.ts';
import { commonSlots, normaliseOrderId, normaliseOtp, normalisePhone, slot } from '../shared/slots.ts';
import { both, fill } from '../text.ts';
import type { DialoguePack } from '../types.ts';

export const refundsPack: DialoguePack = {
  id: 'refunds',
  kind: 'dialogue',
  intent: 'RefundCancel',
  version: '1.0.0',
  title: both('환불·취소 접수', 'Refund or cancel an order'),
  slots: [
    ...commonSlots,
    slot('phone', true, undefined, { normalise: normalisePhone, sensitive: true }),
    slot('otp', true, undefined, { normalise: normaliseOtp, sensitive: true }),
    slot('order_id', true, undefined, { normalise: normaliseOrderId }),
  ],
  allowedTools: ['send_otp', 'verify_otp', 'list_orders', 'lookup_order', 'create_ticket'],
  approval: { gated: ['create_ticket'], kinds: { create_ticket: 'submission' }, mode: 'approve' },
  entity: shopEntity,
  card: refundCard,
  bareAnswer: shopBareAnswer,
  identity: { slot: 'phone', proof: 'verification_token' },
  invalidates: {
    phone: ['otp', 'otp_sent', 'verification_token', 'verified_phone', 'orders', 'order', 'order_id', 'current_address'],
    otp: ['verification_token'],
    order_id: ['order', 'current_address', 'refund_confirmed'],
  },
  flow: [
    awaitIdentity,
    awaitOrderSelection,
    {
      id: 'await_refund_confirm',
      stage: 'AWAITING_APPROVAL',
      expects: () => 'confirmation',
      ask: (f, locale) =>
        fill(
          both(
            '주문 {order_id}({title})의 환불·취소를 접수할까요? 맞으면 "네", 아니면 "아니요"라고 해 주세요.',
            'Shall I file a refund/cancellation for order {order_id} ({title})? Say "yes" or "no".',
          ),
          locale,
          { ...orderFacts(f), title: (f.order as { title?: string } | undefined)?.title ?? '-' },
        ),
      complete: (f) => f.refund_confirmed === true || Boolean(f.ticket_id),
      confirm: { fact: 'refund_confirmed', executeState: 'execute_refund_ticket', onDeny: 'end' },
    },
    {
      id: 'execute_refund_ticket',
      stage: 'EXECUTING',
      complete: (f) => Boolean(f.ticket_id),
      calls: [
        {
          tool: 'create_ticket',
          purpose: 'file the refund/cancel ticket the person confirmed',
          when: (f, turn) => (f.refund_confirmed_turn === turn.turnId ? true : 'DEFERRED_TO_REFUND_CONFIRM'),
          args: (f) => ({
            customer_verification_token: f.verification_token,
            order_id: f.order_id,
            type: ['paid', 'preparing'].includes(String((f.order as { status?: string } | undefined)?.status)) ? 'cancel' : 'refund',
            reason: `refund/cancel requested by the customer for ${String(f.order_id)}`,
          }),
          fallback: {
            handedOff: both(
              '대신 환불 요청을 상담 직원에게 넘겼어요. 이관 번호는 {handoff_id}예요. 이 대화 기록이 함께 전달되니, 문의하실 때 이 번호와 주문번호 {order_id}를 알려 주세요.',
              'I passed your refund request to our support staff instead, with this conversation attached. Your hand-off number is {handoff_id}; mention it and order {order_id} when you contact them.',
            ),
          },
          onOk: (d) => {
            const id = pick(pick(d, 'ticket') ?? d, 'ticket_id', 'id');
            return id === undefined
              ? { $error: { code: 'INTERNAL', message: 'create_ticket returned no ticket id' } }
              : { ticket_id: String(id) };
          },
        },
      ],
    },
  ],
  recovery: {
    ...identityRecovery,
    NO_API_FOUND: {
      action: 'end',
      say: both(
        '환불 접수 창구가 지금 응답하지 않아서 접수하지 못했어요.',
        'The refund desk is not answering right now, so nothing was filed.',
      ),
      next: both(
        '쇼핑몰 고객센터에 주문번호 {order_id}로 환불을 요청해 주세요.',
        'Ask the shop’s customer support for a refund of order {order_id}.',
      ),
    },
    default: {
      action: 'end',
      say: both('요청을 처리하지 못했어요. {why}', 'I could not complete that. {why}'),
      next: both('잠시 후 다시 시도하시거나 고객센터에 문의해 주세요.', 'Try again later or contact customer support.'),
    },
  },
  texts: {
    declined: both('알겠어요. 환불은 접수하지 않았어요.', 'All right, I did not file a refund.'),
  },
  verification: [{ id: 'ticket_filed', check: (f) => (f.ticket_id ? null : { expected: 'a ticket id', seen: 'none' }) }],
  doneAnswer: (f, locale) =>
    fill(
      both(
        '주문 {order_id}의 환불·취소를 접수했어요. 접수번호: {ticket_id}',
        'Filed a refund/cancel for order {order_id}. Ticket number: {ticket_id}.',
      ),
      locale,
      { order_id: f.order_id, ticket_id: f.ticket_id },
    ),
};
