/** How the shop packs show what they hold: the masked entity for the audit and the approval card rows. */
import { addressLine, both, fill, maskPhone } from '../text.ts';
import type { ApprovalChange, Facts, Locale } from '../types.ts';
import { SLOT_LABELS } from './labels.ts';
import { orderFacts } from './shop-identity.ts';

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
