/** The value type of each slot the shipped packs use (a pack's slot spec carries its own). */
import { z } from 'zod';
import {
  IsoDate,
  Locale,
  Money,
  OrderId,
  Otp,
  Passengers,
  Phone,
  PlaceCode,
  ShippingPref,
  TimeOfDay,
  TimeWindow,
  TripType,
} from '../../../shared/commands.ts';

const Text = z.string().trim().min(1).max(500);

export const SLOT_TYPES: Record<string, z.ZodType> = {
  // common
  locale: Locale,
  budget_max: Money,
  time_pref: TimeOfDay,
  // flights and stays
  from: PlaceCode,
  to: PlaceCode,
  date_start: IsoDate,
  date_end: IsoDate,
  trip_type: TripType,
  passengers: Passengers,
  direct_only: z.boolean(),
  time_window: TimeWindow,
  // shopping
  product_name: Text,
  brand: Text,
  variant: Text,
  price_min: Money,
  price_max: Money,
  shipping_pref: ShippingPref,
  // forms
  form_purpose: Text,
  profile_id: z.string().trim().min(1).max(64),
  fields_override: z.record(z.string().min(1), z.string()),
  // orders
  phone: Phone,
  otp: Otp,
  order_id: OrderId,
  address: Text,
};
