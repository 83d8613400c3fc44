/**
 * OrderChange: await_identity → await_order_selection →
 * await_target_address (search_address; a non-existent address is said not to exist and asked
 * again, never replaced by the old one) → await_update_confirm (order number, current and new
 * address together, once) → execute_update (update_order_shipping_address) → done.
 */

import { awaitIdentity, awaitOrderSelection, identityRecovery, orderFacts, pick, shopBareAnswer } from '../shared/shop/identity.ts';
import { shippingCard, shopEntity } from '../shared/shop/view.ts';
import { commonSlots, normaliseOrderId, normaliseOtp, normalisePhone, slot } from '../shared/slots.ts';
import { addressLine, both, fill } from '../text.ts';
import type { DialoguePack, Facts } from '../types.ts';

const confirmText = both(
  '이렇게 바꿀까요?\n- 주문번호: {order_id}\n- 현재 배송지: {current}\n- 변경 배송지: {next}\n맞으면 "네", 아니면 "아니요"라고 해 주세요.',
  'Shall I change it like this?\n- Order: {order_id}\n- Current address: {current}\n- New address: {next}\nSay "yes" to change it or "no" to keep it.',
);

/** Same place when one line contains the other (the order's line also holds the unit, e.g. "12층"). */
function sameAddress(a: unknown, b: unknown): boolean {
  const x = addressLine(a).replace(/\s+/g, '');
  const y = addressLine(b).replace(/\s+/g, '');
  return Boolean(x && y) && (x.includes(y) || y.includes(x));
}

/** "테헤란로 152 12층" → the searchable road address and the unit the person added after it. */
export function splitAddress(said: string): { query: string; detail: string } {
  const m = /^(.*?(?:로|길)\s*\d+(?:-\d+)?)(?=[\s,]|$)[\s,]*(.*)$/.exec(said.trim());
  return m ? { query: (m[1] as string).trim(), detail: (m[2] ?? '').trim() } : { query: said.trim(), detail: '' };
}

export const ordersPack: DialoguePack = {
  id: 'orders',
  kind: 'dialogue',
  intent: 'OrderChange',
  version: '1.0.0',
  title: both('배송지 변경', 'Change a shipping address'),
  slots: [
    ...commonSlots,
    slot('phone', true, undefined, { normalise: normalisePhone, sensitive: true }),
    slot('otp', true, undefined, { normalise: normaliseOtp, sensitive: true }),
    slot('order_id', true, undefined, { normalise: normaliseOrderId }),
    slot('address', true, both('새 배송지 주소를 알려주세요.', 'What is the new shipping address?')),
  ],
  allowedTools: ['send_otp', 'verify_otp', 'list_orders', 'lookup_order', 'search_address', 'update_order_shipping_address'],
  approval: { gated: ['update_order_shipping_address'], kinds: { update_order_shipping_address: 'account_change' }, mode: 'approve' },
  entity: shopEntity,
  card: shippingCard,
  bareAnswer: shopBareAnswer,
  identity: { slot: 'phone', proof: 'verification_token' },
  invalidates: {
    phone: ['otp', 'otp_sent', 'verification_token', 'verified_phone', 'orders', 'order', 'order_id', 'current_address'],
    otp: ['verification_token'],
    order_id: ['order', 'current_address', 'new_address', 'update_confirmed'],
    address: ['new_address', 'update_confirmed'],
  },
  flow: [
    awaitIdentity,
    awaitOrderSelection,
    {
      id: 'await_target_address',
      stage: 'CHAT_COLLECTING',
      expects: (f) => (f.address ? undefined : 'address'),
      ask: (_f, locale) => fill(both('새 배송지 주소를 알려주세요.', 'What is the new shipping address?'), locale),
      complete: (f) => Boolean(f.new_address),
      calls: [
        {
          tool: 'search_address',
          purpose: 'check that the new address exists and get its canonical form',
          when: (f) => (!f.address ? 'WAITING_FOR_ADDRESS' : true),
          args: (f) => ({ query: splitAddress(String(f.address)).query }),
          onOk: (d, f) => {
            const raw = pick(d, 'results', 'addresses', 'items');
            const found = Array.isArray(raw) ? raw : [];
            if (found.length === 0) {
              return { $error: { code: 'ADDRESS_NOT_FOUND', message: `no address matches "${String(f.address)}"` } };
            }
            const best = found[0] as Record<string, unknown>;
            if (sameAddress(best, f.current_address)) {
              return { $error: { code: 'ADDRESS_UNCHANGED', message: 'the new address is the current address' } };
            }
            const detail = splitAddress(String(f.address)).detail;
            const line = [addressLine(best), detail].filter(Boolean).join(' ');
            return { new_address: best, new_address_line: line, ...(detail ? { address_detail: detail } : {}) };
          },
        },
      ],
    },
    {
      id: 'await_update_confirm',
      stage: 'AWAITING_APPROVAL',
      expects: () => 'confirmation',
      ask: (f, locale) => fill(confirmText, locale, { ...orderFacts(f), next: String(f.new_address_line ?? '') }),
      complete: (f) => f.update_confirmed === true || f.updated === true,
      confirm: { fact: 'update_confirmed', executeState: 'execute_update', onDeny: 'end' },
    },
    {
      id: 'execute_update',
      stage: 'EXECUTING',
      complete: (f) => f.updated === true,
      calls: [
        {
          tool: 'update_order_shipping_address',
          purpose: 'change the shipping address the person confirmed',
          when: (f, turn) => (f.update_confirmed_turn === turn.turnId ? true : 'DEFERRED_TO_UPDATE_CONFIRM'),
          args: (f) => {
            const a = f.new_address as Record<string, unknown>;
            return {
              customer_verification_token: f.verification_token,
              order_id: f.order_id,
              address1: String(a.address1 ?? addressLine(a)),
              ...(typeof a.zipcode === 'string' ? { zipcode: a.zipcode } : {}),
              ...(typeof f.address_detail === 'string' ? { address2: f.address_detail } : {}),
            };
          },
          onOk: (d) => ({ updated: true, updated_order: pick(d, 'order') ?? d }),
        },
      ],
    },
  ],
  recovery: {
    ...identityRecovery,
    ADDRESS_NOT_FOUND: {
      action: 'ask_again',
      clear: ['address', 'new_address'],
      say: both('"{address}"(은)는 존재하지 않는 주소예요.', '"{address}" is not an address that exists.'),
      next: both('도로명이나 지번 주소를 다시 알려주세요.', 'Please tell me the address again (street and number).'),
    },
    ORDER_NOT_CHANGEABLE: {
      action: 'end',
      say: both(
        '주문 {order_id}은(는) 이미 발송되어 배송지를 바꿀 수 없어요.',
        'Order {order_id} has already shipped, so its address can no longer change.',
      ),
      next: both(
        '택배사에 직접 연락하시거나, "환불해 주세요"라고 하시면 환불 접수를 도와드릴게요.',
        'Contact the carrier, or say "I want a refund" and I will file one.',
      ),
    },
    ADDRESS_UNCHANGED: {
      action: 'ask_again',
      clear: ['address', 'new_address'],
      say: both('말씀하신 주소는 지금 배송지와 같아요.', 'That is the current shipping address.'),
      next: both('바꾸실 새 주소를 알려주세요.', 'Tell me the new address you want.'),
    },
    default: {
      action: 'end',
      say: both('요청을 처리하지 못했어요. {why}', 'I could not complete that. {why}'),
      next: both('잠시 후 다시 시도하시거나 고객센터에 문의해 주세요.', 'Try again later or contact customer support.'),
    },
  },
  texts: {
    declined: both('알겠어요. 배송지는 바꾸지 않았어요.', 'All right, I did not change the address.'),
  },
  verification: [
    {
      id: 'address_applied',
      check: (f: Facts) => {
        const seen = pick(f.updated_order, 'current', 'shipping', 'shipping_address', 'address');
        if (seen === undefined) return null;
        return sameAddress(seen, f.new_address) ? null : { expected: addressLine(f.new_address), seen: addressLine(seen) };
      },
    },
  ],
  doneAnswer: (f, locale) =>
    fill(both('주문 {order_id}의 배송지를 "{next}"(으)로 바꿨어요.', 'Order {order_id} now ships to "{next}".'), locale, {
      order_id: f.order_id,
      next: f.new_address_line,
    }),
  expert: {
    id: 'orders',
    keywords: ['주문', '배송', '배송지', '주소', 'order', 'shipping', 'delivery', 'address'],
    tools: [
      {
        name: 'search_address',
        description: both('주소가 실제로 있는지 찾아봐요', 'checks whether an address exists'),
        argsFrom: (q) => {
          const m = /([가-힣A-Za-z0-9]+(?:로|길)\s*\d+(?:-\d+)?)/.exec(q);
          return m ? { query: m[1] } : null;
        },
        summarise: (d, locale) => {
          const found = (pick(d, 'addresses', 'results') as Array<Record<string, unknown>> | undefined) ?? [];
          const line = found.map((a) => addressLine(a)).join(', ');
          return fill(both('주소 검색 결과: {line}', 'Address search found: {line}'), locale, { line });
        },
      },
      {
        name: 'lookup_order',
        description: both('인증된 고객의 주문 상태를 조회해요', "looks up a verified customer's order"),
        argsFrom: (_q, f) =>
          typeof f.verification_token === 'string' && f.order_id
            ? { customer_verification_token: f.verification_token, order_id: f.order_id }
            : null,
        summarise: (d, locale) => {
          const o = pick(d, 'order') as Record<string, unknown> | undefined;
          return fill(both('주문 {order_id}의 상태는 {status}이에요.', 'Order {order_id} is {status}.'), locale, {
            order_id: String(o?.order_id),
            status: String(o?.status),
          });
        },
      },
    ],
    referral: both('주문 관련 자세한 내용은 쇼핑몰 고객센터에 문의해 주세요.', 'For order details, please contact customer support.'),
  },
};
