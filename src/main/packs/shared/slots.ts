/**
 * Slot specs shared by packs. Values are checked against the one slot type table of
 * src/shared/commands.ts (SLOT_SCHEMAS); the few normalisers here only tidy raw values typed
 * by a person (a phone with dashes, an OTP with spaces) before that check.
 */
import { checkSlotValue, type SlotName } from '../../../shared/commands.ts';
import type { SlotSpec, Text } from '../types.ts';

/** "010-1234-5678", "+82 10 1234 5678" → "01012345678" (the commands.ts Phone shape). */
export function normalisePhone(raw: unknown): unknown {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
  let s = String(raw).replace(/[^\d+]/g, '');
  if (s.startsWith('+82')) s = `0${s.slice(3)}`;
  s = s.replace(/\D/g, '');
  return /^0\d{8,10}$/.test(s) ? s : undefined;
}

export function normaliseOtp(raw: unknown): unknown {
  const s = String(raw ?? '').replace(/\D/g, '');
  return /^\d{4,8}$/.test(s) ? s : undefined;
}

export function normaliseOrderId(raw: unknown): unknown {
  if (typeof raw !== 'string') return undefined;
  const s = raw.trim().toUpperCase();
  return s || undefined;
}

/** The typed value for a slot, or undefined when it does not fit the slot's type. */
export function typedSlotValue(name: string, value: unknown): unknown {
  const r = checkSlotValue(name as SlotName, value);
  return r.success ? r.data : undefined;
}

export function slot(name: SlotName, required: boolean, question?: Text, extra: Partial<SlotSpec> = {}): SlotSpec {
  return { name, required, ...(question ? { question } : {}), ...extra };
}

/** Slots every pack accepts. */
export const commonSlots: SlotSpec[] = [slot('locale', false), slot('budget_max', false), slot('time_pref', false)];
