import { StewardError } from '../../../shared/errors.ts';
import type { ApprovalGate } from '../approval-gate.ts';
import type { Audit } from '../audit.ts';
import type { Policy } from '../policy.ts';
import type { StepBinding } from '../step-hash.ts';
import type { CallContext } from '../types.ts';
import { describeRequests } from './classify.ts';
import type { ActingCall, Effect, EffectGuard } from './effect.ts';

/**
 * An action the policy let through turned out (on the page, or at the network) to change server
 * state: the step becomes an approval request for its exact content (the step hash), showing
 * what would be sent, and the call ends with APPROVAL_REQUIRED (or APPROVAL_DENIED when the
 * person already refused this content). Nothing of it reached the server: the page was judged
 * before acting, or the request was failed in the browser.
 */
export function effectRefusal(
  deps: { gate: ApprovalGate; audit: Audit; policy: Policy },
  tool: string,
  input: Record<string, unknown>,
  ctx: CallContext,
  binding: StepBinding,
  effect: Effect,
  opts: { fresh?: boolean } = {},
): StewardError {
  const mode = deps.policy.default_mode[effect.kind] ?? 'execute';
  const sent = describeRequests(effect.requests) || 'something the gate could not read from the page';
  const summary = `${ctx.step?.description ?? ctx.step?.id ?? tool}: ${effect.reason} (${effect.kind})`;
  const approval = deps.gate.request(
    ctx.session_id,
    binding,
    {
      kind: effect.kind,
      mode,
      summary,
      step: ctx.step ?? { tool, input },
      requests: effect.requests.map(({ method, url, type, fields }) => ({ method, url, type, fields })),
    },
    ctx.turn_id,
    opts,
  );
  deps.audit.emit({
    session_id: ctx.session_id,
    ...(ctx.turn_id ? { turn_id: ctx.turn_id } : {}),
    type: 'POLICY_DECISION',
    level: 'warn',
    message: `${tool}: approval needed — ${effect.reason}`,
    data: {
      tool,
      rule: `effect.${effect.source}`,
      decision: { action: 'approval', kind: effect.kind, mode },
      effect,
      approval_id: approval.id,
      ...(ctx.step ? { step_id: ctx.step.id } : {}),
      ...(ctx.plan_id ? { plan_id: ctx.plan_id } : {}),
    },
  });
  const denied = approval.status === 'denied';
  return new StewardError(
    denied ? 'APPROVAL_DENIED' : 'APPROVAL_REQUIRED',
    denied
      ? `${tool} was not run: the person refused this step (${effect.kind}); it would send ${sent}.`
      : `${tool} was stopped before anything reached the server: it would send ${sent} (${effect.kind}).`,
    {
      details: { ...binding, kind: effect.kind, mode, approval_id: approval.id, effect },
      suggestions: denied
        ? ['Change the plan or end the task.']
        : ['Ask the person to approve this exact step (the approval request shows what would be sent), then run it again.'],
    },
  );
}

/** A call whose state-changing requests were held: it ends with the approval request, and is not retried. */
export class HeldByEffect extends Error {
  readonly error: StewardError;
  constructor(error: StewardError) {
    super(error.message);
    this.error = error;
  }
}

/** Errors of the element itself: the tool would meet them too, so the call ends with them (it does not run). */
const ELEMENT_ERRORS = new Set(['STALE_UID', 'ELEMENT_NOT_FOUND', 'PAGE_NOT_FOUND', 'TARGET_CLOSED', 'PAGE_CRASHED', 'VALIDATION_ERROR']);

/**
 * The judge before acting, failing closed: an error of the element is thrown (the call does not
 * run); any other error means the effect is unknown, and an unknown effect asks the person.
 */
export async function judgeFailClosed(guard: EffectGuard, call: ActingCall): Promise<Effect | undefined> {
  try {
    return await guard.judge(call);
  } catch (e) {
    if (e instanceof StewardError && ELEMENT_ERRORS.has(e.code)) throw e;
    const why = e instanceof Error ? e.message : String(e);
    return {
      kind: 'submission',
      source: 'page',
      reason: `what ${call.tool} would do could not be read from the page (${why.slice(0, 200)}), so the gate asks rather than guess`,
      requests: [],
    };
  }
}
