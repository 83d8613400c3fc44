import type { Step } from '../../../shared/plan.ts';
import type { Execution, JournalEntry, Store } from '../../store/index.ts';
import type { SentRequest } from '../../tools/types.ts';
import { alreadyDone } from './actions.ts';
import { aheadProbe } from './ahead.ts';
import { completionHolds } from './page.ts';
import { blindStep, type PageProbe, probePage } from './page-probe.ts';
import type { FaultPoint, StepIO } from './types.ts';

/**
 * Every acting step is journaled in the store before it commits: `intent` before the action
 * (with how the page looked), each state-changing request the browser reports while it runs,
 * and `acted` when the action returned (with the page's address). After a crash a step found
 * `started` is judged from that record, whatever its type: never sent → run it; sent or acted →
 * done, not repeated; in doubt → the person is asked.
 */
const ACTING = new Set<Step['type']>(['navigate', 'click', 'press', 'fill', 'select', 'scroll']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type { PageProbe } from './page-probe.ts';
export { probePage } from './page-probe.ts';

export const isActing = (step: Step) => ACTING.has(step.type);
export const changesState = (r: { method: string | null }) => !SAFE_METHODS.has((r.method ?? 'GET').toUpperCase());

export interface JournalRecord {
  session_id: string;
  plan_id: string;
  step_id: string;
}

/**
 * Runs a step's action journaled: the intent is committed first, every state-changing request
 * the browser reports is committed as it is seen, and `acted` (with the page's address) when the
 * action returned. `fault` lets tests stop the process at a chosen point.
 */
export async function journaled<T>(
  io: StepIO,
  store: Store,
  rec: JournalRecord & { attempt: number },
  step: Step,
  act: () => Promise<T>,
  fault?: (point: FaultPoint, stepId: string) => void,
): Promise<T> {
  if (!isActing(step)) return act();
  // the page as the last step's hold left it, when it was read then (see `ahead.ts`)
  const index = io.ctx.step_index;
  const before = index === undefined ? undefined : aheadProbe(io, index - 1, true);
  const probe = blindStep(step) ? await (before ?? probePage(io, true)) : undefined;
  store.journal.write({ ...rec, kind: 'intent', data: { action: step.type, ...(probe ? { probe } : {}) } });
  fault?.('before-action', step.id);
  const watcher = io.runtime.tools().find((t) => t.watchRequests);
  const stop = watcher?.watchRequests?.((r: SentRequest) => {
    if (changesState(r)) store.journal.write({ ...rec, kind: 'request', method: r.method, url: r.url, data: { type: r.type } });
  });
  try {
    const out = await act();
    fault?.('after-action', step.id);
    const read = index === undefined ? undefined : aheadProbe(io, index, false);
    const after = await (read ?? probePage(io));
    stop?.();
    store.journal.write({ ...rec, kind: 'acted', url: after?.href ?? null, data: after ? { probe: after } : {} });
    fault?.('after-action-before-commit', step.id);
    return out;
  } finally {
    stop?.();
  }
}

export type Verdict =
  | { verdict: 'repeat'; why: string }
  | { verdict: 'done'; why: string; sent: Array<{ method: string; url: string }> }
  | { verdict: 'ask'; why: string };

/** The journal entries of a step's latest attempt. */
export function lastAttempt(entries: JournalEntry[], stepId: string): JournalEntry[] {
  const mine = entries.filter((e) => e.step_id === stepId);
  const attempt = Math.max(0, ...mine.map((e) => e.attempt));
  return mine.filter((e) => e.attempt === attempt);
}

/** The state-changing requests the journal says a step sent (any attempt). */
export function sentBy(entries: JournalEntry[], stepId: string): Array<{ method: string; url: string }> {
  return entries
    .filter((e) => e.step_id === stepId && e.kind === 'request' && changesState(e))
    .map((e) => ({ method: e.method ?? '', url: e.url ?? '' }));
}

/** What to do with a step the last run started but did not commit. */
export async function judgeStarted(step: Step, prior: Execution, io: StepIO, store: Store): Promise<Verdict> {
  const all = store.journal.entries(prior.plan_id, step.id);
  const sent = sentBy(all, step.id);
  if (sent.length) return { verdict: 'done', why: `it already sent ${sent.map((s) => `${s.method} ${s.url}`).join(', ')}`, sent };
  const last = lastAttempt(all, step.id);
  if (!isActing(step)) return { verdict: 'repeat', why: 'it does not act on the page' };
  if (!last.some((e) => e.kind === 'intent')) return { verdict: 'repeat', why: 'it stopped before acting' };
  const acted = last.find((e) => e.kind === 'acted');
  if (acted) {
    // it sent nothing: its effect lives in the page, so it is done only if the page is still that document
    const then = acted.data.probe as PageProbe | undefined;
    const now = then ? await probePage(io) : undefined;
    if (then && now && now.origin_time !== then.origin_time)
      return { verdict: 'repeat', why: 'it sent nothing, and the page it acted on was replaced since' };
    return { verdict: 'done', why: 'its action had returned before the stop', sent: [] };
  }
  if (!blindStep(step)) {
    return (await alreadyDone(step, io))
      ? { verdict: 'done', why: 'the page shows it done', sent: [] }
      : { verdict: 'repeat', why: 'the page does not show it; repeating it sends nothing twice' };
  }
  // the page says the step's own completion (an approved submission's confirmation): done
  const c = step.approval?.completion;
  if (c && (await completionHolds(io, c).catch(() => false))) return { verdict: 'done', why: 'the page shows it completed', sent: [] };
  const before = last.find((e) => e.kind === 'intent')?.data.probe as PageProbe | undefined;
  const now = await probePage(io, true);
  const same =
    before &&
    now &&
    now.origin_time === before.origin_time &&
    now.href === before.href &&
    now.requests === before.requests &&
    now.text_hash === before.text_hash;
  if (same) return { verdict: 'repeat', why: 'the page is the same document, unchanged, and sent nothing since' };
  return {
    verdict: 'ask',
    why: now ? 'the page changed or sent a request since the step began' : 'the page that would show whether it happened is gone',
  };
}
