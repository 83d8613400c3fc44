/**
 * How many browser slots the daemon offers. By default from the machine's memory: half of it for
 * browsers, at an estimated 256 MB per Chromium (browser, GPU, network and a couple of light
 * renderers), between 4 and 64 slots. CDT_MAX_SLOTS overrides it. `cdt session status` shows both.
 */
import { totalmem } from 'node:os';

export const PER_SLOT_MB = 256;
const MEMORY_SHARE = 0.5;
const MIN_SLOTS = 4;
const MAX_SLOTS = 64;
/** How long a call waits in line for a slot when its own --timeout does not say. */
export const DEFAULT_SLOT_WAIT_MS = 30_000;

export interface SlotSizing {
  maxSlots: number;
  source: 'memory' | 'CDT_MAX_SLOTS';
  formula: string;
  totalMemoryMb: number;
  perSlotMb: number;
  /** The default wait in line for a slot (a call's --timeout replaces it). */
  waitMs: number;
}

export function slotsForMemory(totalBytes: number): number {
  const mb = totalBytes / 1024 / 1024;
  return Math.min(MAX_SLOTS, Math.max(MIN_SLOTS, Math.floor((mb * MEMORY_SHARE) / PER_SLOT_MB)));
}

export function slotSizing(env: NodeJS.ProcessEnv = process.env, totalBytes = totalmem()): SlotSizing {
  const formula = `floor(total memory × ${MEMORY_SHARE} ÷ ${PER_SLOT_MB} MB), between ${MIN_SLOTS} and ${MAX_SLOTS}`;
  const override = Math.floor(Number(env.CDT_MAX_SLOTS));
  const wait = Number(env.CDT_SLOT_WAIT_MS);
  const base = {
    formula,
    totalMemoryMb: Math.round(totalBytes / 1024 / 1024),
    perSlotMb: PER_SLOT_MB,
    waitMs: Number.isFinite(wait) && wait >= 0 ? wait : DEFAULT_SLOT_WAIT_MS,
  };
  if (Number.isFinite(override) && override > 0) return { ...base, maxSlots: override, source: 'CDT_MAX_SLOTS' };
  return { ...base, maxSlots: slotsForMemory(totalBytes), source: 'memory' };
}
