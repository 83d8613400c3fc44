/**
 * The two flow states every shop pack starts with:
 * `await_identity` (phone + OTP via send_otp / verify_otp) and `await_order_selection`
 * (list_orders, then lookup_order that cross-checks the verified phone against the order's
 * recipient phone — even when only one order exists and it was selected automatically).
 */

import { addressLine, both, fill, maskPhone } from '../../text.ts';
import type { Facts, FlowState, Locale, Recovery } from '../../types.ts';
import { pickByWords } from '../pick-by-words.ts';
import { statusWords } from './status.ts';

/** Reads the first present field among several spellings a shop tool may use. */
export function pick(o: unknown, ...keys: string[]): unknown {
  if (!o || typeof o !== 'object') return undefined;
  for (const k of keys) {
    const v = (o as Record<string, unknown>)[k];
    if (v !== undefined && v !== null) return v;
  }
  return undefined;
}

export interface OrderSummary {
  order_id: string;
  status?: string;
  title?: string;
  recipient_phone?: string;
  address?: string;
  /** what the order cost, as the shop states it */
  total?: number;
}

export function toOrderSummary(o: unknown): OrderSummary {
  const recipient = pick(o, 'recipient', 'receiver');
  const items = pick(o, 'items', 'lines');
  const firstItem = Array.isArray(items) ? items[0] : undefined;
  const title = pick(o, 'title', 'product_name', 'summary') ?? pick(firstItem, 'name', 'title', 'product_name');
  const phone = pick(o, 'recipient_phone') ?? pick(recipient, 'phone', 'recipient_phone');
  const address = pick(o, 'shipping_address', 'shipping', 'address') ?? pick(recipient, 'address');
  return {
    order_id: String(pick(o, 'order_id', 'id') ?? ''),
    ...(pick(o, 'status') !== undefined ? { status: String(pick(o, 'status')) } : {}),
    ...(title !== undefined ? { title: String(title) } : {}),
    ...(phone !== undefined ? { recipient_phone: String(phone) } : {}),
    ...(address !== undefined ? { address: addressLine(address) } : {}),
    ...(typeof pick(o, 'total', 'total_price', 'amount') === 'number'
      ? { total: pick(o, 'total', 'total_price', 'amount') as number }
      : {}),
  };
}

const digits = (s: unknown) => String(s ?? '').replace(/\D/g, '');

export function choicesText(orders: OrderSummary[], locale: Locale): string {
  return orders
    .map((o, i) => `${i + 1}. ${o.order_id}${o.title ? ` — ${o.title}` : ''}${o.status ? ` (${statusWords(o.status, locale)})` : ''}`)
    .join('\n')
    .concat(
      locale === 'ko'
        ? '\n어느 주문인가요? 주문번호나 번호로 알려주세요.'
        : '\nWhich order is it? Tell me the order number or its position.',
    );
}

export const identityQuestions = {
  phone: both('본인 확인을 위해 주문하실 때 쓰신 휴대폰 번호를 알려주세요.', 'To verify it is you, what phone number did you order with?'),
  otp: both('{phone_masked}(으)로 인증번호를 보냈어요. 받은 숫자를 알려주세요.', 'I sent a code to {phone_masked}. What is the code?'),
};

export const awaitIdentity: FlowState = {
  id: 'await_identity',
  stage: 'CHAT_COLLECTING',
  expects: (f) => (f.phone ? 'otp' : 'phone'),
  ask: (f, locale) =>
    f.phone ? fill(identityQuestions.otp, locale, { phone_masked: maskPhone(f.phone) }) : fill(identityQuestions.phone, locale),
  complete: (f) => typeof f.verification_token === 'string',
  calls: [
    {
      tool: 'send_otp',
      purpose: 'send a one-time code to the phone the person gave',
      when: (f) => (!f.phone ? 'WAITING_FOR_PHONE' : f.otp_sent ? 'OTP_ALREADY_SENT' : true),
      args: (f) => ({ phone: f.phone }),
      onOk: () => ({ otp_sent: true }),
    },
    {
      tool: 'verify_otp',
      purpose: 'check the code the person typed',
      when: (f) => (!f.otp_sent ? 'OTP_NOT_SENT' : !f.otp ? 'WAITING_FOR_OTP' : true),
      args: (f) => ({ phone: f.phone, code: f.otp }),
      onOk: (d, f) => {
        const token = pick(d, 'verification_token', 'customer_verification_token', 'token');
        if (typeof token !== 'string') return { $error: { code: 'OTP_INVALID', message: 'verify_otp returned no token' } };
        return { verification_token: token, verified_phone: f.phone };
      },
    },
  ],
};

export const awaitOrderSelection: FlowState = {
  id: 'await_order_selection',
  stage: 'CHAT_COLLECTING',
  expects: (f) => (Array.isArray(f.orders) && f.orders.length > 1 && !f.order_id ? 'order_id' : undefined),
  // a new address said before the order is chosen is kept: the question says so, so it is not said twice
  ask: (f, locale) =>
    [
      f.address
        ? fill(both('새 배송지 "{address}"(은)는 받아 두었어요.', 'I have noted the new address "{address}".'), locale, {
            address: addressLine(f.address),
          })
        : '',
      choicesText((f.orders as OrderSummary[]) ?? [], locale),
    ]
      .filter(Boolean)
      .join('\n'),
  complete: (f) => Boolean(f.order && (f.order as OrderSummary).order_id === f.order_id),
  calls: [
    {
      tool: 'list_orders',
      purpose: 'list the orders of the verified customer',
      when: (f) => (!f.verification_token ? 'AUTH_REQUIRED' : Array.isArray(f.orders) ? 'ORDERS_ALREADY_LISTED' : true),
      args: (f) => ({ customer_verification_token: f.verification_token }),
      onOk: (d, f) => {
        const raw = pick(d, 'orders', 'items', 'results');
        const orders = (Array.isArray(raw) ? raw : []).map(toOrderSummary);
        if (orders.length === 0) return { orders, $error: { code: 'NO_ORDERS', message: 'no orders for this customer' } };
        const only = orders.length === 1 && !f.order_id ? orders[0] : undefined;
        const resolved = resolveChoice(f.order_id, orders);
        return {
          orders,
          ...(only ? { order_id: only.order_id } : resolved ? { order_id: resolved } : {}),
          $audit: [
            {
              type: 'ORDER_CHOICES_PRESENTED',
              message: only ? `one order, selected automatically: ${only.order_id} (cross-check follows)` : `${orders.length} orders`,
              data: { choices: orders.map((o) => o.order_id), auto_selected: Boolean(only), cross_check_required: true },
            },
          ],
        };
      },
    },
    {
      tool: 'lookup_order',
      purpose: "cross-check the order's recipient phone against the verified phone",
      when: (f) =>
        !f.order_id ? 'WAITING_FOR_ORDER_CHOICE' : f.order && (f.order as OrderSummary).order_id === f.order_id ? 'ALREADY_CHECKED' : true,
      args: (f) => ({ customer_verification_token: f.verification_token, order_id: f.order_id }),
      onOk: (d, f) => {
        const order = toOrderSummary(pick(d, 'order') ?? d);
        if (!order.order_id) order.order_id = String(f.order_id);
        const verified = digits(f.verified_phone ?? f.phone);
        const recipient = digits(order.recipient_phone);
        if (!recipient || recipient !== verified) {
          return {
            $error: {
              code: 'PHONE_MISMATCH',
              message: `order ${order.order_id}: recipient phone does not match the verified phone`,
              details: { order_id: order.order_id, verified: maskPhone(verified), recipient: maskPhone(recipient) },
            },
            $audit: [
              {
                type: 'CONTEXT_CONTAMINATION_DETECTED',
                message: "the order's recipient phone differs from the verified phone",
                data: { order_id: order.order_id, verified_phone: maskPhone(verified), recipient_phone: maskPhone(recipient) },
              },
            ],
          };
        }
        return { order, current_address: order.address ?? '' };
      },
    },
  ],
};

/** "2", "2번", "두 번째" or an order number → the order id among the choices. */
export function resolveChoice(said: unknown, orders: OrderSummary[]): string | undefined {
  if (typeof said !== 'string') return undefined;
  const exact = orders.find((o) => o.order_id.toUpperCase() === said.toUpperCase());
  if (exact) return exact.order_id;
  const n = Number(said.replace(/\D/g, ''));
  if (Number.isInteger(n) && n >= 1 && n <= orders.length && said.replace(/\D/g, '').length <= 2) return orders[n - 1]?.order_id;
  return undefined;
}

/** Recovery rules the two shared states need (packs spread these into theirs). */
export const identityRecovery: Record<string, Recovery> = {
  OTP_EXPIRED: {
    action: 'ask_again',
    clear: ['otp', 'otp_sent'],
    say: both('인증번호가 만료되었어요. 새 인증번호를 보낼게요.', 'The code has expired. I will send a new one.'),
    next: both('새로 받은 인증번호를 알려주세요.', 'Tell me the new code.'),
  },
  OTP_INVALID: {
    action: 'ask_again',
    clear: ['otp'],
    say: both('인증번호가 맞지 않아요.', 'That code is not right.'),
    next: both('받은 인증번호를 다시 확인해서 알려주세요.', 'Check the code you received and tell me again.'),
  },
  PHONE_MISMATCH: {
    action: 'ask_again',
    endIf: (f) => !Array.isArray(f.orders) || f.orders.length <= 1,
    clear: ['order_id', 'order'],
    say: both(
      '주문 {order_id}의 받는 분 휴대폰 번호가 인증하신 번호와 달라서 이 주문은 처리할 수 없어요.',
      "Order {order_id} lists a different recipient phone than the one you verified, so I can't act on it.",
    ),
    next: both(
      '다른 주문을 고르시거나, 받는 분 번호로 다시 인증하시거나, 쇼핑몰 고객센터에 문의해 주세요.',
      "Pick another order, verify again with the recipient's phone, or contact customer support.",
    ),
  },
  NO_ORDERS: {
    action: 'end',
    say: both('인증하신 번호로 조회되는 주문이 없어요.', 'There are no orders for the phone you verified.'),
    next: both(
      '다른 번호로 주문하셨다면 그 번호로 다시 시도해 주세요.',
      'If you ordered with another phone, start again with that number.',
    ),
  },
  OTP_LOCKED: {
    action: 'ask_again',
    clear: ['otp', 'otp_sent'],
    say: both(
      '인증번호를 여러 번 틀려서 잠겼어요. 새 인증번호를 보낼게요.',
      'Too many wrong codes; that code is locked. I will send a new one.',
    ),
    next: both('새로 받은 인증번호를 알려주세요.', 'Tell me the new code.'),
  },
  ORDER_NOT_FOUND: {
    action: 'ask_again',
    clear: ['order_id'],
    say: both('그 주문번호는 찾을 수 없어요.', 'I cannot find that order number.'),
    next: both('목록에 있는 주문번호를 알려주세요.', 'Tell me an order number from the list.'),
  },
};

export function orderFacts(f: Facts): { order_id: string; current: string } {
  const order = f.order as OrderSummary | undefined;
  return { order_id: String(f.order_id ?? order?.order_id ?? ''), current: String(f.current_address ?? order?.address ?? '') };
}

/** Bare answers to the shop questions: an order by its position or number, a code, a phone. */
export function shopBareAnswer(text: string, expecting: string, facts: Facts): Facts | undefined {
  if (expecting === 'order_id' && Array.isArray(facts.orders)) {
    const id =
      resolveChoice(text.trim().replace(/(번|번째|th|st|nd|rd)$/i, ''), facts.orders as OrderSummary[]) ??
      pickByWords(
        text,
        (facts.orders as OrderSummary[]).map((o) => ({ id: o.order_id, words: o.title ?? '' })),
      ) ??
      ordinal(text, facts.orders as OrderSummary[]);
    return id ? { order_id: id } : undefined;
  }
  if (expecting === 'otp') {
    const m = /(?<!\d)\d{4,8}(?!\d)/.exec(text);
    return m ? { otp: m[0] } : undefined;
  }
  if (expecting === 'phone') {
    const m = /(?:\+82[ -]?)?0?1[016789][ -]?\d{3,4}[ -]?\d{4}/.exec(text);
    return m ? { phone: m[0] } : undefined;
  }
  return undefined;
}

/** Ordinal words as words: "세 번째", "셋째", "the third" — never a syllable inside another word (the 세 of 세종대로). */
const ORDINALS: Array<[RegExp, number]> = [
  [/(?<![가-힣])(?:첫\s?번?\s?째|첫\s?번)|\bfirst\b/i, 1],
  [/(?<![가-힣])(?:두\s?번\s?째|둘째)|\bsecond\b/i, 2],
  [/(?<![가-힣])(?:세\s?번\s?째|셋째)|\bthird\b/i, 3],
  [/(?<![가-힣])(?:네\s?번\s?째|넷째)|\bfourth\b/i, 4],
];

function ordinal(text: string, orders: OrderSummary[]): string | undefined {
  for (const [re, n] of ORDINALS) if (re.test(text)) return orders[n - 1]?.order_id;
  return undefined;
}
