/** How the shipped packs name their slots to the person (slot chips, approval cards). */
import { both } from '../text.ts';
import type { Text } from '../types.ts';

export const SLOT_LABELS: Record<string, Text> = {
  from: both('출발지', 'From'),
  to: both('도착지', 'To'),
  date_start: both('날짜', 'Date'),
  date_end: both('종료일', 'End date'),
  passengers: both('인원', 'Passengers'),
  order_id: both('주문번호', 'Order number'),
  new_address: both('새 주소', 'New address'),
  address: both('주소', 'Address'),
  phone: both('전화번호', 'Phone'),
  product: both('상품', 'Product'),
  query: both('검색어', 'Search'),
  otp: both('인증번호', 'Verification code'),
  product_name: both('상품', 'Product'),
  brand: both('브랜드', 'Brand'),
  variant: both('옵션', 'Variant'),
  budget_max: both('예산', 'Budget'),
  price_max: both('최대 가격', 'Max price'),
  price_min: both('최소 가격', 'Min price'),
  direct_only: both('직항만', 'Direct only'),
  trip_type: both('여정', 'Trip'),
  time_window: both('시간대', 'Time window'),
  form_purpose: both('양식', 'Form'),
  profile_id: both('프로필', 'Profile'),
  city: both('도시', 'City'),
  guests: both('인원', 'Guests'),
};
