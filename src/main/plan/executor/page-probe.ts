import type { Step } from '../../../shared/plan.ts';
import type { CallContext } from '../../tools/types.ts';
import type { PageProbe, StepIO } from './types.ts';

export type { PageProbe } from './types.ts';

/** Step types whose effect cannot be read back from the page (a click may have sent anything): the journal keeps the page's text from before them. */
const BLIND = new Set<Step['type']>(['click', 'press']);

export const blindStep = (step: Step) => BLIND.has(step.type);

/** A read of the page that is not part of the step (no step in the context: never gated, never retried). */
const quietCtx = (ctx: CallContext): CallContext => ({
  session_id: ctx.session_id,
  ...(ctx.plan_id ? { plan_id: ctx.plan_id } : {}),
  ...(ctx.turn_id ? { turn_id: ctx.turn_id } : {}),
  ...(ctx.signal ? { signal: ctx.signal } : {}),
  maxAttempts: 1,
  timeoutMs: 4000,
});

/**
 * How the page looks now; the text hash only `withText` (it reads the whole page's text). A
 * read-only tool (`observe_state`), so the gate's network hold does not wait on it.
 */
export async function probePage(io: StepIO, withText = false): Promise<PageProbe | undefined> {
  try {
    const r = await io.runtime.call('observe_state', { fingerprint: withText ? 'text' : 'document' }, quietCtx(io.ctx));
    const state = r.data.state as { url?: string; fingerprint?: { timeOrigin: number; requests: number; textHash?: number } } | undefined;
    const f = state?.fingerprint;
    if (!state || typeof state.url !== 'string' || !f) return undefined;
    return { href: state.url, origin_time: f.timeOrigin, requests: f.requests, text_hash: f.textHash ?? 0 };
  } catch {
    return undefined;
  }
}
