/** How the shop packs show what they hold: the masked entity for the audit and the approval card rows. */
import { addressLine, both, fill, maskPhone } from '../../text.ts';
import type { ApprovalChange, Facts, Locale } from '../../types.ts';
import { SLOT_LABELS } from '../labels.ts';
import { won } from '../ranking.ts';
import { type OrderSummary, orderFacts } from './identity.ts';
import { statusWords } from './status.ts';

/** What the flow holds, masked: the entity of PRE_TOOL_DECISION and the debug record. */
export function shopEntity(facts: Facts): Record<string, unknown> {
  return {
    phone_masked: maskPhone(facts.phone),
    verified: typeof facts.verification_token === 'string',
    order_id: facts.order_id,
    address: facts.address,
    new_address: facts.new_address ? addressLine(facts.new_address) : undefined,
  };
}

/** The order the approval is about: shown on both sides, since the order itself does not change. */
export function orderRow(facts: Facts, locale: Locale): ApprovalChange[] {
  const order = orderFacts(facts).order_id;
  const label = SLOT_LABELS.order_id ?? both('주문번호', 'Order number');
  return order ? [{ label: fill(label, locale), before: order, after: order }] : [];
}

/** The order and its shipping address now and after the change. */
export function shippingCard(facts: Facts, locale: Locale): ApprovalChange[] {
  const before = orderFacts(facts).current || undefined;
  const next = facts.new_address_line ?? facts.new_address ?? facts.address;
  const after = next ? addressLine(next) : undefined;
  const rows = orderRow(facts, locale);
  if (before || after)
    rows.push({ label: fill(both('배송지', 'Shipping address'), locale), ...(before ? { before } : {}), ...(after ? { after } : {}) });
  return rows;
}

/** A refund's card: the order (what it is, its status) becoming a filed refund, and the amount paid that the refund asks back. */
export function refundCard(facts: Facts, locale: Locale): ApprovalChange[] {
  const order = facts.order as OrderSummary | undefined;
  const id = orderFacts(facts).order_id;
  if (!id) return [];
  const what = [id, order?.title].filter(Boolean).join(' — ');
  const rows: ApprovalChange[] = [
    {
      label: fill(both('주문', 'Order'), locale),
      before: order?.status ? `${what} (${statusWords(order.status, locale)})` : what,
      after: fill(both('환불·취소 접수', 'Refund / cancellation filed'), locale),
    },
  ];
  if (typeof order?.total === 'number') {
    const paid = won(order.total, locale);
    rows.push({
      label: fill(both('환불 요청 금액', 'Refund requested'), locale),
      before: fill(both('결제 {paid}', 'paid {paid}'), locale, { paid }),
      after: fill(both('{paid} 환불 요청', '{paid} to be refunded'), locale, { paid }),
    });
  }
  return rows;
}
