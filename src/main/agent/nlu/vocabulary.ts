/**
 * What the offline parser was written for: the intents of the shipped packs and the slots it
 * reads for each. A pack outside this list teaches the conversation its own phrases and slot
 * reader (PackUnderstanding), so the parser does not have to know it.
 */
export const INTENTS = [
  'FlightSearch',
  'HotelSearch',
  'ShoppingCompare',
  'FormFill',
  'OrderChange',
  'RefundCancel',
  'GenericTask',
] as const;
export type KnownIntent = (typeof INTENTS)[number];

const SLOT_GROUPS = {
  common: ['locale', 'budget_max', 'time_pref'],
  travel: ['from', 'to', 'date_start', 'date_end', 'trip_type', 'passengers', 'direct_only', 'time_window'],
  shopping: ['product_name', 'brand', 'variant', 'price_min', 'price_max', 'shipping_pref'],
  forms: ['form_purpose', 'profile_id', 'fields_override'],
  orders: ['phone', 'otp', 'order_id', 'address'],
} as const;

/** Slots the parser reads for each intent (common slots are always allowed). Packs own "required". */
export const INTENT_SLOTS: Record<string, readonly string[]> = {
  FlightSearch: [...SLOT_GROUPS.common, ...SLOT_GROUPS.travel],
  HotelSearch: [...SLOT_GROUPS.common, ...SLOT_GROUPS.travel],
  ShoppingCompare: [...SLOT_GROUPS.common, ...SLOT_GROUPS.shopping],
  FormFill: [...SLOT_GROUPS.common, ...SLOT_GROUPS.forms],
  OrderChange: [...SLOT_GROUPS.common, ...SLOT_GROUPS.orders],
  RefundCancel: [...SLOT_GROUPS.common, 'phone', 'otp', 'order_id'],
  GenericTask: [...SLOT_GROUPS.common],
};
