/** The rows of the acting side of the domain model, as stored and as read back. */
import type { ErrorValue } from '../../../shared/errors.ts';
import type { ApprovalKind, ApprovalMode } from '../../../shared/plan.ts';
import { parseJson } from '../db.ts';

export type ExecutionStatus = 'started' | 'succeeded' | 'failed' | 'skipped' | 'awaiting_approval' | 'handed_over' | 'denied';

export interface Execution {
  session_id: string;
  plan_id: string;
  step_id: string;
  step_index: number;
  action: string;
  status: ExecutionStatus;
  attempt: number;
  result: unknown;
  logs: string[];
  started_at: string;
  finished_at: string | null;
}

export type ApprovalStatus = 'pending' | 'granted' | 'denied' | 'invalidated' | 'completed';

export interface Approval {
  id: string;
  session_id: string;
  plan_id: string;
  step_id: string;
  step_hash: string;
  action: ApprovalKind | string;
  mode: ApprovalMode;
  status: ApprovalStatus;
  what: Record<string, unknown>;
  requested_at: string;
  decided_at: string | null;
  decided_by: string | null;
  reason: string | null;
  approved_at: string | null;
  completed_at: string | null;
}

export interface ToolCallRow {
  id: string;
  session_id: string;
  turn_id: string | null;
  plan_id: string | null;
  step_id: string | null;
  tool: string;
  source: string;
  input: unknown;
  status: 'started' | 'ok' | 'error' | 'skipped';
  attempt: number;
  output: unknown;
  error: ErrorValue | null;
  approval_id: string | null;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
}

export interface Artifact {
  id: string;
  session_id: string;
  plan_id: string | null;
  step_id: string | null;
  kind: string;
  mime: string;
  path: string | null;
  bytes: number | null;
  sha256: string | null;
  created_at: string;
}

export type ExecutionStored = Omit<Execution, 'result' | 'logs'> & { id: string; result_json: string | null; logs_json: string | null };
export type ApprovalStored = Omit<Approval, 'what'> & { what_json: string | null };

export function toExecution(r: ExecutionStored): Execution {
  const { result_json, logs_json, id: _id, ...rest } = r;
  return { ...rest, result: parseJson(result_json, null), logs: parseJson(logs_json, []) };
}

export function toApproval(r: ApprovalStored): Approval {
  const { what_json, ...rest } = r;
  return { ...rest, what: parseJson(what_json, {}) };
}
