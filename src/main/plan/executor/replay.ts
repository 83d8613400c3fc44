import { logError, StewardError } from '../../../shared/errors.ts';
import type { Plan, Step } from '../../../shared/plan.ts';
import type { Execution, JournalEntry } from '../../store/index.ts';
import { decideStep, type Policy } from '../../tools/policy.ts';
import { type PageProbe, probePage, sentBy } from './journal.ts';
import type { StepIO } from './types.ts';

/**
 * Before a plan resumes (or retries a step whose page went away), the page must be where the
 * last committed step left it — the full address, not only the site. When it is not (the tab
 * was closed, the browser restarted, the page navigated elsewhere), the page is re-established:
 * the address of the last navigation is loaded again (in a new tab when none is left), and the
 * steps after it are run again — except those that already sent a state-changing request (their
 * effect lives at the server) and pure reads. A gated step that would have to be repeated stops
 * the resume instead: a payment, submission or account change is never repeated to restore a page.
 */
export type PageCheck =
  | undefined
  | { conflict: string }
  | { url: string; newTab: boolean; rerun: string[]; skipped: string[]; seen: string | null };

const NOT_REPLAYED = new Set<Step['type']>(['extract', 'screenshot', 'assert', 'approve']);

/** Where the page is now (address and which document), or undefined when there is no page to read. */
async function currentPage(io: StepIO): Promise<{ href: string; origin_time?: number } | undefined> {
  const probe = await probePage(io);
  if (probe) return probe;
  try {
    const r = await io.runtime.call('take_snapshot', {}, { session_id: io.ctx.session_id, maxAttempts: 1, timeoutMs: 4000 });
    return typeof r.data.url === 'string' && r.data.url ? { href: r.data.url } : undefined;
  } catch {
    return undefined;
  }
}

/** Where a step left the page (its latest `acted` entry: address and document), if journaled. */
function actedAt(entries: JournalEntry[], stepId: string): { url: string; origin_time?: number } | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i];
    if (e?.step_id === stepId && e.kind === 'acted' && e.url) {
      const t = (e.data.probe as PageProbe | undefined)?.origin_time;
      return { url: e.url, ...(typeof t === 'number' ? { origin_time: t } : {}) };
    }
  }
  return undefined;
}

export async function checkPage(
  plan: Plan,
  first: number,
  policy: Policy,
  io: StepIO,
  entries: JournalEntry[],
  done: Map<string, Execution>,
): Promise<PageCheck> {
  if (first <= 0) return undefined;
  // where the page should be: the address after the last step before `first` that acted
  let base = -1;
  let expected: string | undefined;
  let document: number | undefined;
  for (let i = first - 1; i >= 0; i--) {
    const at = actedAt(entries, plan.steps[i]?.id ?? '');
    if (at === undefined) {
      if (plan.steps[i]?.type === 'navigate' && expected === undefined) return legacyCheck(plan, first, policy, io);
      continue;
    }
    if (expected === undefined) {
      expected = at.url;
      document = at.origin_time;
    }
    if (at.url !== expected) break;
    base = i;
    if (plan.steps[i]?.type === 'navigate') break;
  }
  if (expected === undefined || base < 0) return legacyCheck(plan, first, policy, io);
  const page = await currentPage(io);
  const now = page?.href;
  // the same address is not enough: a reloaded (or re-opened) document lost what the steps typed into it
  const sameDocument = document === undefined || page?.origin_time === undefined || page.origin_time === document;
  if (now === expected && sameDocument) return undefined;
  const rerun: string[] = [];
  const skipped: string[] = [];
  // a wait right after a step that is not repeated waited for that step's effect: not repeated either
  let lastRepeated = true;
  for (let i = base + 1; i < first; i++) {
    const step = plan.steps[i] as Step;
    const prior = done.get(step.id);
    const byPerson = (prior?.result as { handed_over?: boolean } | null)?.handed_over === true;
    const notAgain = sentBy(entries, step.id).length > 0 || byPerson || prior?.status === 'skipped';
    if (notAgain || NOT_REPLAYED.has(step.type) || (step.type === 'wait' && !lastRepeated)) {
      skipped.push(step.id);
      if (notAgain) lastRepeated = false;
      continue;
    }
    if (decideStep(policy, step).action !== 'allow') return { conflict: step.id };
    rerun.push(step.id);
    if (step.type !== 'wait') lastRepeated = true;
  }
  return { url: expected, newTab: now === undefined, rerun, skipped, seen: now ?? null };
}

/** A plan journaled before the page's address was recorded: compare the site of its last navigation (the older check). */
async function legacyCheck(plan: Plan, first: number, policy: Policy, io: StepIO): Promise<PageCheck> {
  let nav = -1;
  for (let i = first - 1; i >= 0; i--) {
    if (plan.steps[i]?.type === 'navigate') {
      nav = i;
      break;
    }
  }
  const navStep = plan.steps[nav];
  if (navStep?.type !== 'navigate') return undefined;
  const now = (await currentPage(io))?.href;
  if (now?.startsWith(new URL(navStep.url).origin)) return undefined;
  const rerun: string[] = [];
  for (let i = nav + 1; i < first; i++) {
    const step = plan.steps[i] as Step;
    if (decideStep(policy, step).action !== 'allow') return { conflict: step.id };
    if (!NOT_REPLAYED.has(step.type)) rerun.push(step.id);
  }
  return { url: navStep.url, newTab: now === undefined, rerun, skipped: [], seen: now ?? null };
}

/** Loads the address again (GET) in the page; in a new tab when the page is gone. */
export async function reestablish(io: StepIO, check: { url: string }): Promise<void> {
  const ctx = {
    session_id: io.ctx.session_id,
    ...(io.ctx.plan_id ? { plan_id: io.ctx.plan_id } : {}),
    ...(io.ctx.signal ? { signal: io.ctx.signal } : {}),
  };
  try {
    await io.runtime.call('navigate_page', { type: 'url', url: check.url }, ctx);
  } catch (e) {
    const code = logError(e).code;
    if (code !== 'PAGE_NOT_FOUND' && code !== 'TARGET_CLOSED' && code !== 'CONTEXT_LOST') throw e;
    await io.runtime.call('new_page', { url: check.url }, ctx);
  }
}

/** STATE_CONFLICT: the page cannot be rebuilt without repeating a gated step. */
export function conflictError(stepId: string) {
  return logError(
    new StewardError(
      'STATE_CONFLICT',
      `The page was lost since the last run, and rebuilding it would repeat the approved step ${stepId}.`,
      {
        details: { step_id: stepId },
        suggestions: ['Open the page in the browser view where the task stopped, then resume; or start the task again.'],
      },
    ),
  );
}
