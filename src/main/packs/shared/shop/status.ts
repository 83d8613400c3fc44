/** An order's status as the person reads it: the shop API's word for it, put in the person's language when known. */
import { both, fill } from '../../text.ts';
import type { Locale, Text } from '../../types.ts';

const STATUS: Record<string, Text> = {
  pending: both('결제 대기', 'awaiting payment'),
  paid: both('결제 완료', 'paid'),
  preparing: both('상품 준비 중', 'preparing'),
  shipped: both('배송 중', 'shipped'),
  in_transit: both('배송 중', 'in transit'),
  delivered: both('배송 완료', 'delivered'),
  cancelled: both('취소됨', 'cancelled'),
  canceled: both('취소됨', 'cancelled'),
  refunded: both('환불됨', 'refunded'),
  returned: both('반품됨', 'returned'),
};

/** "preparing" → "상품 준비 중" in Korean; a status the table does not know stays as the shop wrote it. */
export function statusWords(status: string, locale: Locale): string {
  const known =
    STATUS[
      status
        .trim()
        .toLowerCase()
        .replace(/[\s-]+/g, '_')
    ];
  return known ? fill(known, locale) : status;
}
