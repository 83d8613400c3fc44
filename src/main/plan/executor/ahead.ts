import type { Step } from '../../../shared/plan.ts';
import type { CallResult } from '../../tools/types.ts';
import { parseSnapshot, type SnapshotNode } from '../target-resolver.ts';
import { blindStep, probePage } from './page-probe.ts';
import { reusableFor } from './reuse.ts';
import type { Ahead, PageProbe, StepIO } from './types.ts';

/**
 * Reads made while the gate's hold checks that a step's action set nothing in motion — one of
 * the page's animation frames, which the plan would otherwise wait out and then read: the page's
 * probe (the journal's record of the step's end and, with its text when the next step is a
 * click, of the next step's start) and the snapshot the next step finds its target in. They are
 * kept only when the hold ended 'nothing-in-motion' (then the page did not change from the
 * calm's frame until the hold ended: they show it as the step left it), and serve only the
 * step's own end and the step right after it; any other call the steps make drops them.
 */

/** Step types that find their target in a snapshot. */
const TARGETED = new Set(['click', 'fill', 'select', 'press']);

/** For an acting call's context (`whileHeld`): begins the reads when the hold asks the page whether all is calm. */
export function readAhead(io: StepIO): (() => void) | undefined {
  const index = io.ctx.step_index;
  if (index === undefined) return undefined;
  return () => {
    const next = io.next;
    const withText = next !== undefined && blindStep(next);
    const ahead: Ahead = { after: index, withText, probe: probePage(io, withText), kept: false };
    if (next && TARGETED.has(next.type) && 'target' in next && next.target && !quietViewServes(io.ctx.step, next))
      ahead.nodes = readNodes(io);
    io.ahead = ahead;
  };
}

const SETS = new Set(['fill', 'select']);

/** A fill or select after a fill or select finds its target in the view the first one kept (see `reuse.ts`), when it set nothing in motion. */
function quietViewServes(step: Step | undefined, next: Step): boolean {
  return (
    step !== undefined &&
    SETS.has(step.type) &&
    !(step.type === 'fill' && step.pick_suggestion) &&
    SETS.has(next.type) &&
    'target' in next &&
    next.target !== undefined &&
    reusableFor(next.target)
  );
}

async function readNodes(io: StepIO): Promise<SnapshotNode[] | undefined> {
  try {
    const r = await io.runtime.call('take_snapshot', {}, { ...io.ctx, maxAttempts: 1 });
    return parseSnapshot(String(r.data.snapshot ?? r.lines?.join('\n') ?? ''));
  } catch {
    return undefined;
  }
}

/** After the acting call: its reads are kept when its hold ended 'nothing-in-motion', dropped otherwise. */
export function keepAhead(io: StepIO, r: CallResult | undefined): void {
  const a = io.ahead;
  if (!a || a.kept) return;
  if (r?.hold === 'nothing-in-motion') a.kept = true;
  else io.ahead = undefined;
}

/** The probe read during the hold after step `after`'s action (one with the page's text when `withText`), if kept. */
export function aheadProbe(io: StepIO, after: number, withText: boolean): Promise<PageProbe | undefined> | undefined {
  const a = io.ahead;
  return a?.kept && a.after === after && (a.withText || !withText) ? a.probe : undefined;
}

/** The snapshot read during the hold after step `after`'s action, if kept (undefined inside when the read failed). */
export function aheadNodes(io: StepIO, after: number): Promise<SnapshotNode[] | undefined> | undefined {
  const a = io.ahead;
  return a?.kept && a.after === after ? a.nodes : undefined;
}
