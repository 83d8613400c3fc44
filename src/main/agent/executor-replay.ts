import type { Plan } from '../../shared/plan.ts';
import { decideStep, type Policy } from '../tools/policy.ts';
import { type StepIO, snapshot } from './executor-actions.ts';

/**
 * Resuming with a browser that lost the page (the app restarted with a fresh browser, the tab
 * was closed): the page no longer shows the site the plan was on. The steps since the last
 * navigation are run again to rebuild the page — but never when one of them was gated
 * (a payment, submission or account change is not repeated to restore a page).
 */
export type PageCheck = { replayFrom: number } | { conflict: string } | undefined;

export async function checkPageOnResume(plan: Plan, first: number, policy: Policy, io: StepIO): Promise<PageCheck> {
  if (first <= 0) return undefined;
  let nav = -1;
  for (let i = first - 1; i >= 0; i--) {
    if (plan.steps[i]?.type === 'navigate') {
      nav = i;
      break;
    }
  }
  const navStep = plan.steps[nav];
  if (navStep?.type !== 'navigate') return undefined;
  let url = '';
  try {
    url = (await snapshot({ ...io, ctx: { ...io.ctx, maxAttempts: 1 } })).url;
  } catch {
    url = '';
  }
  if (url?.startsWith(new URL(navStep.url).origin)) return undefined;
  for (let i = nav; i < first; i++) {
    const step = plan.steps[i];
    if (step && decideStep(policy, step).action !== 'allow') return { conflict: step.id };
  }
  return { replayFrom: nav };
}
