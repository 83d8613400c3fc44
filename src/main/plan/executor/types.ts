import type { ErrorClass, ErrorValue } from '../../../shared/errors.ts';
import type { EngineEvent, EngineEventType, EventLevel } from '../../../shared/events.ts';
import type { Step, VerificationRule } from '../../../shared/plan.ts';
import type { ToolRuntime } from '../../tools/runtime.ts';
import type { CallContext } from '../../tools/types.ts';
import type { SnapshotNode } from '../target-resolver.ts';
import type { QuietView } from './reuse.ts';

/** The types the executor's parts share (the plan runner, its actions, its gate, its page reading). */

/** What a step acts through: the tool runtime (never around it), the call context, where files go. */
export interface StepIO {
  runtime: ToolRuntime;
  ctx: CallContext;
  artifactsDir: string;
  /** What the page showed before the last fill or select, kept only when that action set nothing in motion. */
  quiet?: QuietView;
  /** The step after the one running (what the reads during its action's hold read for, see `ahead.ts`). */
  next?: Step;
  /** Reads made during the last acting call's hold (see `ahead.ts`). */
  ahead?: Ahead;
}

/** How the page looked: its address, which document (time origin), how many requests its scripts had made, a hash of its text. */
export interface PageProbe {
  href: string;
  origin_time: number;
  requests: number;
  text_hash: number;
}

/** Reads made while the gate's hold checked that a step's action set nothing in motion (see `ahead.ts`). */
export interface Ahead {
  /** The index of the step whose action they follow. */
  after: number;
  withText: boolean;
  probe: Promise<PageProbe | undefined>;
  nodes?: Promise<SnapshotNode[] | undefined>;
  /** The hold ended 'nothing-in-motion'. */
  kept: boolean;
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
