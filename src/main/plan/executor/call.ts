import type { CallResult } from '../../tools/types.ts';
import { keepAhead, readAhead } from './ahead.ts';
import { contextLost } from './faults.ts';
import type { StepIO } from './types.ts';

/** One tool call for the step; a page that navigated away under the call is a CONTEXT_LOST value, not a raw protocol error. */
export async function call(io: StepIO, tool: string, input: Record<string, unknown>): Promise<CallResult> {
  // a call of the steps' own: what was read during the last hold is not theirs any more; an acting
  // call under the gate reads ahead for the step's end and the next step while its hold checks the page
  io.ahead = undefined;
  const whileHeld = io.runtime.guarded && ACTING_TOOLS.has(tool) ? readAhead(io) : undefined;
  try {
    const r = await io.runtime.call(tool, input, whileHeld ? { ...io.ctx, whileHeld } : io.ctx);
    keepAhead(io, r);
    return r;
  } catch (e) {
    io.ahead = undefined;
    throw contextLost(e, tool) ?? e;
  }
}

/** The tools a step acts through whose gate may read ahead (see `ahead.ts`). */
const ACTING_TOOLS = new Set(['click', 'fill', 'select_option', 'press_key']);
