/**
 * What `cdt plan run` prints: one envelope whose `data` is the run report — status, per-step
 * results, the approvals asked for (read back from the store, so the report says what was
 * recorded, not what the CLI meant to record) — and the exit code for it.
 *
 * Status → exit code (the cdt scheme, `cdt errors`): completed → 0 (`ok: true`); rejected →
 * APPROVAL_DENIED (5); awaiting_approval → APPROVAL_REQUIRED (5); failed → the exit code of the
 * error that stopped it (e.g. ELEMENT_NOT_FOUND 3, TIMEOUT 4, VERIFICATION_FAILED 5, CDP_DISCONNECTED 10).
 * Every status other than completed prints `ok: false` with `error` AND the same `data` report.
 */
import type { PlanOutcome } from '../../main/plan/executor/index.ts';
import type { Approval, Store } from '../../main/store/index.ts';
import { type ErrorCode, ErrorCode as ErrorCodeSchema, type ErrorValue, exitCodeFor, StewardError } from '../../shared/errors.ts';
import type { Plan } from '../../shared/plan.ts';
import type { ErrorEnvelope, OkEnvelope } from '../envelope.ts';
import type { ApproveMode } from './approver.ts';
import type { PlanSource } from './source.ts';

export type RunStatus = 'completed' | 'rejected' | 'failed' | 'awaiting_approval';

export interface StepReport {
  id: string;
  type: string;
  status: string;
  attempt?: number;
  result?: unknown;
  error?: unknown;
}

export interface ApprovalReport {
  id: string;
  step_id: string;
  kind: string;
  mode: string;
  status: string;
  summary: string | null;
  decided_by: string | null;
  reason: string | null;
  requested_at: string;
  decided_at: string | null;
  /** What the engine showed the person beyond the summary (e.g. the request it held), as stored. */
  what: Record<string, unknown>;
}

export interface RunReport {
  status: RunStatus;
  plan_id: string;
  source_plan_id: string;
  intent: string;
  source: PlanSource['origin'];
  session_id: string;
  store: string;
  approve: ApproveMode;
  approve_defaulted: boolean;
  browser: { launched: true; headless: boolean } | { endpoint: string };
  stopped_at: string | null;
  steps: StepReport[];
  approvals: ApprovalReport[];
  verification: unknown;
  error: (Partial<ErrorValue> & Record<string, unknown>) | null;
}

export function approvalReport(a: Approval): ApprovalReport {
  const { summary, step: _step, ...rest } = a.what as { summary?: unknown; step?: unknown };
  return {
    id: a.id,
    step_id: a.step_id,
    kind: a.action,
    mode: a.mode,
    status: a.status,
    summary: typeof summary === 'string' ? summary : null,
    decided_by: a.decided_by,
    reason: a.reason,
    requested_at: a.requested_at,
    decided_at: a.decided_at,
    what: rest,
  };
}

export function stepReports(plan: Plan, store: Store): StepReport[] {
  const runs = new Map(store.runs.executions(plan.plan_id).map((e) => [e.step_id, e]));
  return plan.steps.map((s) => {
    const e = runs.get(s.id);
    if (!e) return { id: s.id, type: s.type, status: 'not_run' };
    const r = e.result as { error?: unknown } | null;
    return {
      id: s.id,
      type: s.type,
      status: e.status,
      attempt: e.attempt,
      ...(e.status === 'failed' && r?.error ? { error: r.error } : e.result !== null && e.result !== undefined ? { result: e.result } : {}),
    };
  });
}

/** The outcome of runPlan, in the four statuses this command reports. */
export function statusOf(outcome: PlanOutcome, unanswered: boolean): RunStatus {
  if (unanswered) return 'awaiting_approval';
  if (outcome.status === 'completed' || outcome.status === 'rejected' || outcome.status === 'awaiting_approval') return outcome.status;
  if (outcome.status === 'handed_over') return 'awaiting_approval';
  return 'failed';
}

function codeOf(report: RunReport): ErrorCode {
  if (report.status === 'rejected') return 'APPROVAL_DENIED';
  if (report.status === 'awaiting_approval') return 'APPROVAL_REQUIRED';
  const parsed = ErrorCodeSchema.safeParse(report.error?.code);
  return parsed.success ? parsed.data : 'STATE_CONFLICT';
}

export function exitCodeOfReport(report: RunReport): number {
  return report.status === 'completed' ? 0 : exitCodeFor(codeOf(report));
}

const MESSAGES: Record<Exclude<RunStatus, 'completed'>, (r: RunReport) => string> = {
  rejected: (r) => `The plan stopped at ${r.stopped_at ?? 'a gated step'}: the approval was refused, so nothing was sent for it.`,
  awaiting_approval: (r) => `The plan stopped at ${r.stopped_at ?? 'a gated step'}: it waits for an approval nobody gave in this run.`,
  failed: (r) => `The plan failed at ${r.stopped_at ?? 'verification'}: ${String(r.error?.message ?? 'see data.error')}`,
};

function suggestionsOf(report: RunReport): string[] {
  if (report.status === 'rejected') {
    return [
      report.approve === 'never'
        ? 'Run it again with --approve ask to answer on the terminal, or --approve all in a script that may grant every approval.'
        : 'Change the plan, or run it again and approve the step.',
    ];
  }
  if (report.status === 'awaiting_approval') {
    return [
      'Run it again in a terminal with --approve ask (with --headed to finish a hand-over in the browser yourself).',
      'Open the session in the log explorer to see what the step would have done.',
    ];
  }
  const own = Array.isArray(report.error?.suggestions) ? (report.error.suggestions as string[]) : [];
  return own.length ? own : ['Open the session in the log explorer to see the failing step and its error.'];
}

export function envelopeOf(
  report: RunReport,
  meta: { requestId: string; durationMs: number },
): OkEnvelope | (ErrorEnvelope & { data: RunReport }) {
  if (report.status === 'completed') return { ok: true, data: report, meta };
  const code = codeOf(report);
  const err = new StewardError(code, MESSAGES[report.status](report), {
    details: { status: report.status, plan_id: report.plan_id, session_id: report.session_id, step_id: report.stopped_at },
    suggestions: suggestionsOf(report),
  }).toValue();
  return {
    ok: false,
    error: { code: err.code, message: err.message, details: err.details, suggestions: err.suggestions },
    data: report,
    meta: { retryable: err.retryable, ...meta },
  };
}

/** Human lines for --output text. */
export function textLines(report: RunReport): string[] {
  return [
    `${report.status} — plan ${report.plan_id} (${report.intent}), session ${report.session_id}`,
    ...report.steps.map((s) => `  ${s.status.padEnd(18)} ${s.id} (${s.type})`),
    ...report.approvals.map(
      (a) =>
        `  approval ${a.status.padEnd(10)} ${a.step_id} ${a.kind}${a.decided_by ? ` by ${a.decided_by}` : ''}${a.reason ? ` — ${a.reason}` : ''}`,
    ),
  ];
}
