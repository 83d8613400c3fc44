import { createHash } from 'node:crypto';
import { canonicalJson, type Step } from '../../shared/plan.ts';

/**
 * The identity an approval is bound to: the plan, the step id and a hash of the step's whole
 * content (type, target, value, approval mode, …). Any edit to the step changes the hash, so
 * an approval given for the old content no longer applies.
 */
export interface StepBinding {
  plan_id: string;
  step_id: string;
  step_hash: string;
}

export function stepHash(planId: string, step: Step): string {
  return createHash('sha256')
    .update(canonicalJson({ plan_id: planId, step }))
    .digest('hex');
}

export function bindStep(planId: string, step: Step): StepBinding {
  return { plan_id: planId, step_id: step.id, step_hash: stepHash(planId, step) };
}

/** A direct tool call (no plan step), e.g. an MCP `update_order_shipping_address` of the order-change flow. */
export function bindCall(sessionId: string, tool: string, input: Record<string, unknown>): StepBinding {
  return {
    plan_id: `direct:${sessionId}`,
    step_id: tool,
    step_hash: createHash('sha256').update(canonicalJson({ tool, input })).digest('hex'),
  };
}
