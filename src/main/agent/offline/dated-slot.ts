import type { Button, PageModel } from '../page-model/types.ts';
import { usableButtons } from './refs.ts';
import type { SlotWish } from './slot-wish.ts';
import { clockOf, dayShown, minutesOfDay } from './when.ts';

/**
 * Slots named in full: buttons that are each one day's one time ("Fri 15 January, 14:00",
 * "1월 15일 (금) · 오후 2:00"), as a grid of days × times often names them to a screen reader.
 * The errand's day with its time, or with the part of the day wished for, is one such button.
 */

/** The day (MM-DD) and the clock time a button's words show, when they show both. */
export function slotShown(text: string): { md: string; clock: string } | undefined {
  const parts = text.split(/\s*(?:,|·|\||—|–|\bat\b|\s-\s)\s*/i).filter(Boolean);
  const clock = parts.map(clockOf).find(Boolean);
  const md = parts.map(dayShown).find(Boolean);
  return clock && md ? { md, clock } : undefined;
}

/** A button's day and time: said in its own words, or by the row and the column of the grid it sits in. */
export function slotOf(b: Button): { md: string; clock: string } | undefined {
  const said = slotShown(b.text);
  if (said || !b.cell) return said;
  const md = dayShown(b.cell.row) ?? dayShown(b.cell.col);
  const clock = clockOf(b.text) ?? clockOf(b.cell.col) ?? clockOf(b.cell.row);
  return md && clock ? { md, clock } : undefined;
}

/**
 * The free slot on the day said (ISO) at the time said, or else the one free slot on that day in
 * the part of the day wished for (the earliest, when the wish is for the earliest). Undefined when
 * the page has no slots named in full, or none (or more than one, for a bare part of the day) fits.
 */
export function datedSlot(
  day: string | undefined,
  time: string | undefined,
  wish: SlotWish | undefined,
  model: PageModel,
): Button | undefined {
  if (!day || (!time && !wish)) return undefined;
  const all = model.buttons.filter((b) => b.kind !== 'link' && slotOf(b));
  if (all.length < 2) return undefined;
  const usable = new Set(usableButtons(model).map((b) => b.handle));
  const onDay = all.filter((b) => usable.has(b.handle) && slotOf(b)?.md === day.slice(5));
  const at = (b: Button) => minutesOfDay(slotOf(b)?.clock ?? '00:00');
  if (time) return onDay.find((b) => time.split('|').some((t) => slotOf(b)?.clock === t));
  if (!wish) return undefined;
  const fits = onDay.filter((b) => at(b) >= wish.from && at(b) < wish.to).sort((a, b) => at(a) - at(b));
  return wish.only && fits.length !== 1 ? undefined : fits[0];
}
