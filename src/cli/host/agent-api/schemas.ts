/**
 * The agent API's inputs and outputs: understanding, planning, running, checking and approving
 * one plan over HTTP. Inputs are parsed strictly (an unknown key is an error, not ignored), so a
 * typo in a field name is answered with the field's path instead of being silently dropped.
 */
import { z } from 'zod';

export const IntentInput = z.strictObject({
  text: z.string().trim().min(1).max(1000),
  /** IANA time zone for dates such as "내일" (default: the host's). */
  tz: z.string().min(1).max(64).optional(),
  locale: z.enum(['ko', 'en']).optional(),
});
export type IntentInput = z.infer<typeof IntentInput>;

export const IntentOutput = z.object({
  intent: z.string(),
  confidence: z.number().min(0).max(1),
  slots: z.record(z.string(), z.unknown()),
  locale: z.enum(['ko', 'en']),
});

export const PlanInput = z.strictObject({
  intent: z.string().min(1).max(64),
  slots: z.record(z.string(), z.unknown()).default({}),
  /** A plan the caller writes itself (validated like every plan); without it the intent's pack builds the steps. */
  steps: z.array(z.record(z.string(), z.unknown())).min(1).max(200).optional(),
});
export type PlanInput = z.infer<typeof PlanInput>;

const PlanId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:~-]+$/, 'plan ids are letters, digits and _ . : ~ -');

export const ExecuteInput = z.strictObject({ plan_id: PlanId });
export const VerifyInput = z.strictObject({ plan_id: PlanId });

export const APPROVE_ACTIONS = ['approve', 'reject', 'done'] as const;
export const ApproveInput = z.strictObject({
  plan_id: PlanId,
  /** approve: run the step; reject: refuse it (the plan ends); done: the person finished a handed-over step. */
  action: z.enum(APPROVE_ACTIONS),
  /** The pending approval to answer (from /execute's output); the plan's only pending one when omitted. */
  approval_id: z.string().min(1).max(128).optional(),
  reason: z.string().max(500).optional(),
});
export type ApproveInput = z.infer<typeof ApproveInput>;

/** One line of what happened during a run (the engine's events for the plan's session). */
export interface LogLine {
  at: string;
  type: string;
  level: string;
  message: string;
  step_id?: string;
}

export interface PendingApproval {
  approval_id: string;
  step_id: string;
  kind: string;
  mode: string;
  summary: string;
}

export interface ExecuteOutput {
  status: string;
  plan_id: string;
  logs: LogLine[];
  results: Record<string, Record<string, unknown>>;
  approval?: PendingApproval;
  error?: unknown;
}
