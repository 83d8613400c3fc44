import type { ErrorClass, ErrorValue } from '../../../shared/errors.ts';
import type { EngineEvent, EngineEventType, EventLevel } from '../../../shared/events.ts';
import type { VerificationRule } from '../../../shared/plan.ts';
import type { ToolRuntime } from '../../tools/runtime.ts';
import type { CallContext } from '../../tools/types.ts';
import type { QuietView } from './reuse.ts';

/** The types the executor's parts share (the plan runner, its actions, its gate, its page reading). */

/** What a step acts through: the tool runtime (never around it), the call context, where files go. */
export interface StepIO {
  runtime: ToolRuntime;
  ctx: CallContext;
  artifactsDir: string;
  /** What the page showed before the last fill or select, kept only when that action set nothing in motion. */
  quiet?: QuietView;
}

export interface StepOutcome {
  result: Record<string, unknown>;
  /** The page may have changed: take a screenshot after the step. */
  changesPage: boolean;
}

/** Emits one engine event for the plan (committed before it returns). */
export type Emit = (type: EngineEventType, message: string, data?: Record<string, unknown>, level?: EventLevel) => EngineEvent;

export type PlanStatus = 'completed' | 'failed' | 'cancelled' | 'rejected' | 'awaiting_approval' | 'handed_over' | 'invalid';

export interface PlanOutcome {
  status: PlanStatus;
  plan_id: string;
  results: Record<string, Record<string, unknown>>;
  verification?: Verification;
  error?: ErrorValue & { class: ErrorClass };
  /** The step the plan stopped at (failure, approval, hand-over, rejection). */
  step_id?: string;
  approval_id?: string;
}

/**
 * Points in an acting step where a fault can be injected (tests and the fault bench stop the
 * process there): the intent is journaled but nothing acted; the action returned but nothing
 * after it is journaled; the action is journaled as done but the step not committed (the
 * screenshot runs here); the step is committed.
 */
export const FAULT_POINTS = ['before-action', 'after-action', 'after-action-before-commit', 'after-commit'] as const;
export type FaultPoint = (typeof FAULT_POINTS)[number];

/** One rule a finished plan failed, with what was expected and what was seen. */
export interface VerificationIssue {
  rule: VerificationRule['rule'];
  error_class: 'validation_failed';
  message: string;
  expected: unknown;
  seen: unknown;
  step_id?: string;
  slot?: string;
}

export interface Verification {
  ok: boolean;
  checked: number;
  issues: VerificationIssue[];
}
