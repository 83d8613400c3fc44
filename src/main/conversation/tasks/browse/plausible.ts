/**
 * Read values a person would not believe are not shown: each extracted row's price is checked
 * (a number, above the pack's smallest plausible price) before any pack ranks it. Rejected rows
 * are audited with what was read; when rows were read but none is plausible, the person is told
 * the prices could not be read from the page, in their language.
 */
import type { BrowsePack } from '../../../packs/types.ts';
import type { Rows } from '../../plan-runner.ts';

export interface PlausibleRows {
  rows: Record<string, Rows>;
  rejected: Array<{ step: string; row: number; price: unknown }>;
  /** rows were read but not one had a plausible price */
  noneLeft: boolean;
}

const MAX_PRICE = 100_000_000;

export function plausiblePrice(v: unknown, minPrice: number): boolean {
  return typeof v === 'number' && Number.isFinite(v) && v >= minPrice && v < MAX_PRICE;
}

/** Keeps the rows whose price the pack can believe; reports the rest. */
export function keepPlausible(pack: BrowsePack, extracted: Record<string, Rows>): PlausibleRows {
  const rule = pack.plausible?.price;
  if (!rule) return { rows: extracted, rejected: [], noneLeft: false };
  const rows: Record<string, Rows> = {};
  const rejected: PlausibleRows['rejected'] = [];
  let read = 0;
  let kept = 0;
  for (const [step, list] of Object.entries(extracted)) {
    read += list.length;
    rows[step] = list.filter((r, i) => {
      const ok = plausiblePrice(r.price, rule.minPrice);
      if (!ok) rejected.push({ step, row: i, price: r.price ?? null });
      return ok;
    });
    kept += rows[step].length;
  }
  return { rows, rejected, noneLeft: read > 0 && kept === 0 };
}
