import { z } from 'zod';

/**
 * Every event the log explorer shows: plan/step events from the executor, approval events
 * from the gate, tool-call events from the runtime, turn events and the audit events of the
 * conversation (SLOT_EXTRACTED, PRE_TOOL_DECISION, POLICY_DECISION, …).
 * Each event is committed to the store before the next step begins.
 */

export const EXECUTION_EVENT_TYPES = [
  'plan_started',
  'plan_completed',
  'plan_failed',
  'plan_cancelled',
  'plan_paused',
  'plan_resumed',
  'plan_rejected',
  'step_started',
  'step_succeeded',
  'step_failed',
  'step_skipped',
  'step_retried',
  'approval_requested',
  'approval_granted',
  'approval_denied',
  'approval_invalidated',
  'hand_over_started',
  'hand_over_completed',
  'verification_passed',
  'verification_failed',
  'artifact_saved',
  'tool_call_started',
  'tool_call_finished',
] as const;

export const CONVERSATION_EVENT_TYPES = [
  'turn_started',
  'turn_finished',
  'user_message',
  'assistant_message',
  'state_transition',
  'command_dropped',
] as const;

/** The conversation's audit events (TOOL_*: every tool, MCP or browser, goes through one runtime). */
export const AUDIT_EVENT_TYPES = [
  'SLOT_EXTRACTED',
  'PRE_TOOL_DECISION',
  'POLICY_STATIC_CONFLICT',
  'ORDER_CHOICES_PRESENTED',
  'POLICY_DECISION',
  'TOOL_CALL_SKIPPED',
  'TOOL_FAILED',
  'CONTEXT_CONTAMINATION_DETECTED',
  'FINAL_ANSWER_READY',
] as const;

export const ENGINE_EVENT_TYPES = [...EXECUTION_EVENT_TYPES, ...CONVERSATION_EVENT_TYPES, ...AUDIT_EVENT_TYPES] as const;
export const EngineEventType = z.enum(ENGINE_EVENT_TYPES);
export type EngineEventType = z.infer<typeof EngineEventType>;

export const EventLevel = z.enum(['debug', 'info', 'warn', 'error']);
export type EventLevel = z.infer<typeof EventLevel>;

export const EngineEvent = z.object({
  id: z.string().min(1),
  session_id: z.string().min(1),
  turn_id: z.string().optional(),
  /** ISO-8601 time the event happened. */
  ts: z.iso.datetime({ offset: true }),
  type: EngineEventType,
  level: EventLevel,
  /** One line a support person can read (already redacted). */
  message: z.string(),
  /**
   * Structured detail (already redacted). Conventional keys the store indexes:
   * `step_id`, `plan_id`, `pack`, `tool`, `error: {code, message, suggestions}`.
   */
  data: z.record(z.string(), z.unknown()).default({}),
  /** Commit order, assigned by the store; absent before the event is stored. */
  seq: z.number().int().optional(),
});
export type EngineEvent = z.infer<typeof EngineEvent>;
export type EngineEventInput = z.input<typeof EngineEvent>;

/** The error class of an event (its `data.error.code`), if any. */
export function eventErrorCode(e: Pick<EngineEvent, 'data'>): string | undefined {
  const err = e.data.error;
  if (err && typeof err === 'object' && 'code' in err && typeof (err as { code: unknown }).code === 'string') {
    return (err as { code: string }).code;
  }
  return undefined;
}

/** Filter of the log explorer; every field optional, combined with AND. */
export const EventFilter = z.object({
  session_id: z.string().optional(),
  turn_id: z.string().optional(),
  types: z.array(EngineEventType).optional(),
  levels: z.array(EventLevel).optional(),
  error_code: z.string().optional(),
  pack: z.string().optional(),
  step_id: z.string().optional(),
  /** Inclusive ISO time bounds. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** Full-text search over messages (words; prefix with `*`). */
  text: z.string().optional(),
  /** Keyset paging: the `next` cursor of the previous page. */
  cursor: z.string().optional(),
  limit: z.number().int().min(1).max(1000).default(100),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type EventFilter = z.input<typeof EventFilter>;

export interface EventPage {
  events: EngineEvent[];
  /** Pass as `cursor` to get the next page; null at the end. */
  next: string | null;
}
