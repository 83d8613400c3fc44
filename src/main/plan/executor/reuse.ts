import type { Target } from '../../../shared/plan.ts';
import type { SnapshotNode } from '../target-resolver.ts';

/**
 * Consecutive fills on a quiet form: the snapshot a fill or select resolved its target in is
 * kept when that action set nothing in motion (no navigation, dialog, request, timer, animation
 * or DOM change), and the next fill or select resolves its target in it instead of reading the
 * page again. Typed values are stale in it, so a target that matches on shown text never uses it;
 * an element that is gone by then fails with STALE_UID before anything happens, and is looked up
 * again in a fresh snapshot.
 */
export interface QuietView {
  nodes: SnapshotNode[];
  /** The index of the only step that may use it: the one right after the step that kept it. */
  forStep: number | undefined;
}

/** Whether an action's tool result says it set nothing in motion. */
export function setNothingInMotion(data: Record<string, unknown>): boolean {
  const settle = data.settle as { waitedFor?: unknown; capped?: unknown } | undefined;
  return data.navigated === false && !data.dialog && !settle?.capped && Array.isArray(settle?.waitedFor) && settle.waitedFor.length === 0;
}

/** Whether a target can be resolved in a view whose typed values may be stale. */
export function reusableFor(target: Target): boolean {
  return target.text === undefined;
}

/** Errors after which an action on a kept view is tried once more on a fresh snapshot (nothing was done). */
export const LOOK_AGAIN = new Set(['STALE_UID', 'ELEMENT_NOT_FOUND']);
