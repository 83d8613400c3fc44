/**
 * Slot specs shared by the shipped packs. Each slot carries its value type (slot-types.ts) and
 * its label (labels.ts); the few normalisers here only tidy raw values typed by a person (a
 * phone with dashes, an OTP with spaces) before the type check.
 */
import type { SlotSpec, Text } from '../types.ts';
import { SLOT_LABELS } from './labels.ts';
import { SLOT_TYPES } from './slot-types.ts';

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

/** A shipped slot: its type and label from the tables, plus what the pack adds. */
export function slot(name: string, required: boolean, question?: Text, extra: Partial<SlotSpec> = {}): SlotSpec {
  const schema = SLOT_TYPES[name];
  const label = SLOT_LABELS[name];
  return { name, required, ...(schema ? { schema } : {}), ...(label ? { label } : {}), ...(question ? { question } : {}), ...extra };
}

/** Slots every pack accepts. */
export const commonSlots: SlotSpec[] = [slot('locale', false), slot('budget_max', false), slot('time_pref', false)];
