import { randomUUID } from 'node:crypto';
import type { ErrorValue } from '../../../shared/errors.ts';
import type { ApprovalMode } from '../../../shared/plan.ts';
import { redact } from '../../tools/redact/index.ts';
import { type Db, json, parseJson } from '../db.ts';
import {
  type Approval,
  type ApprovalStored,
  type Artifact,
  type Execution,
  type ExecutionStatus,
  type ExecutionStored,
  type ToolCallRow,
  toApproval,
  toExecution,
} from './rows.ts';

/** The acting side of the domain model: step executions (the resume checkpoint), approvals, tool calls, artifacts. */

const now = () => new Date().toISOString();

export class RunRecords {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  // ── executions ───────────────────────────────────────────────────────────
  /** Marks a step as started (or started again: attempt + 1). Committed before the step acts. */
  stepStarted(e: { session_id: string; plan_id: string; step_id: string; step_index: number; action: string }): number {
    this.#db.run(
      `INSERT INTO executions (session_id, plan_id, step_id, step_index, action, status, attempt, started_at)
       VALUES (?, ?, ?, ?, ?, 'started', 1, ?)
       ON CONFLICT (plan_id, step_id) DO UPDATE SET status = 'started', attempt = attempt + 1, started_at = excluded.started_at,
         finished_at = NULL`,
      [e.session_id, e.plan_id, e.step_id, e.step_index, e.action, now()],
    );
    return this.execution(e.plan_id, e.step_id)?.attempt ?? 1;
  }

  stepFinished(planId: string, stepId: string, status: ExecutionStatus, result?: unknown, logs?: string[]): void {
    this.#db.run(
      'UPDATE executions SET status = ?, result_json = ?, logs_json = COALESCE(?, logs_json), finished_at = ? WHERE plan_id = ? AND step_id = ?',
      [status, result === undefined ? null : json(redact(result)), logs ? json(redact(logs)) : null, now(), planId, stepId],
    );
  }

  /** Sets a status without finishing (awaiting_approval, handed_over), inserting the row when needed. */
  stepStatus(
    e: { session_id: string; plan_id: string; step_id: string; step_index: number; action: string },
    status: ExecutionStatus,
  ): void {
    this.#db.run(
      `INSERT INTO executions (session_id, plan_id, step_id, step_index, action, status, attempt, started_at)
       VALUES (?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT (plan_id, step_id) DO UPDATE SET status = excluded.status`,
      [e.session_id, e.plan_id, e.step_id, e.step_index, e.action, status, now()],
    );
  }

  execution(planId: string, stepId: string): Execution | undefined {
    const r = this.#db.get<ExecutionStored>('SELECT * FROM executions WHERE plan_id = ? AND step_id = ?', [planId, stepId]);
    return r ? toExecution(r) : undefined;
  }

  executions(planId: string): Execution[] {
    return this.#db.all<ExecutionStored>('SELECT * FROM executions WHERE plan_id = ? ORDER BY step_index', [planId]).map(toExecution);
  }

  // ── approvals ────────────────────────────────────────────────────────────
  /** A pending approval for this exact step content; reuses an open request for the same hash. */
  requestApproval(a: {
    session_id: string;
    plan_id: string;
    step_id: string;
    step_hash: string;
    action: string;
    mode: ApprovalMode;
    what: Record<string, unknown>;
  }): Approval {
    // a question to the person, their decision and its use are on disk (fsynced) when these return
    return this.#db.durable(() =>
      this.#db.tx(() => {
        const open = this.#db.get<{ id: string }>(
          "SELECT id FROM approvals WHERE plan_id = ? AND step_id = ? AND step_hash = ? AND status IN ('pending','granted') ORDER BY requested_at DESC LIMIT 1",
          [a.plan_id, a.step_id, a.step_hash],
        );
        if (open) return this.approval(open.id) as Approval;
        const id = randomUUID();
        this.#db.run(
          `INSERT INTO approvals (id, session_id, plan_id, step_id, step_hash, action, mode, status, what_json, requested_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
          [id, a.session_id, a.plan_id, a.step_id, a.step_hash, a.action, a.mode, json(redact(a.what)), now()],
        );
        return this.approval(id) as Approval;
      }),
    );
  }

  /** Records the person's decision (who, when, why). Only a pending approval can be decided. */
  decideApproval(id: string, d: { granted: boolean; by: string; reason?: string }): Approval | undefined {
    const t = now();
    const r = this.#db.durable(() =>
      this.#db.run(
        "UPDATE approvals SET status = ?, decided_at = ?, decided_by = ?, reason = ?, approved_at = ? WHERE id = ? AND status = 'pending'",
        [d.granted ? 'granted' : 'denied', t, d.by, d.reason ?? null, d.granted ? t : null, id],
      ),
    );
    return Number(r.changes) === 1 ? this.approval(id) : undefined;
  }

  /** Marks approvals of a step whose content changed as invalidated; returns how many. */
  invalidateOtherHashes(planId: string, stepId: string, currentHash: string): number {
    const r = this.#db.run(
      "UPDATE approvals SET status = 'invalidated', decided_at = COALESCE(decided_at, ?) WHERE plan_id = ? AND step_id = ? AND step_hash <> ? AND status IN ('pending','granted')",
      [now(), planId, stepId, currentHash],
    );
    return Number(r.changes);
  }

  /** A hand-over finished: the person (or the page's completion predicate) says it is done. */
  completeHandOver(id: string, by: string): Approval | undefined {
    const t = now();
    const r = this.#db.durable(() =>
      this.#db.run(
        "UPDATE approvals SET status = 'completed', completed_at = ?, decided_by = COALESCE(decided_by, ?), decided_at = COALESCE(decided_at, ?) WHERE id = ? AND status IN ('pending','granted')",
        [t, by, t, id],
      ),
    );
    return Number(r.changes) === 1 ? this.approval(id) : undefined;
  }

  completeApproval(id: string): void {
    this.#db.durable(() =>
      this.#db.run("UPDATE approvals SET status = 'completed', completed_at = ? WHERE id = ? AND status = 'granted'", [now(), id]),
    );
  }

  approval(id: string): Approval | undefined {
    const r = this.#db.get<ApprovalStored>('SELECT * FROM approvals WHERE id = ?', [id]);
    return r ? toApproval(r) : undefined;
  }

  /** The newest approval of a step with this exact hash, in any status. */
  approvalFor(planId: string, stepId: string, stepHash: string): Approval | undefined {
    const r = this.#db.get<ApprovalStored>(
      'SELECT * FROM approvals WHERE plan_id = ? AND step_id = ? AND step_hash = ? ORDER BY requested_at DESC, rowid DESC LIMIT 1',
      [planId, stepId, stepHash],
    );
    return r ? toApproval(r) : undefined;
  }

  approvals(sessionId: string): Approval[] {
    return this.#db
      .all<ApprovalStored>('SELECT * FROM approvals WHERE session_id = ? ORDER BY requested_at, rowid', [sessionId])
      .map(toApproval);
  }

  // ── tool calls ───────────────────────────────────────────────────────────
  toolCallStarted(c: {
    session_id: string;
    tool: string;
    source: string;
    input: unknown;
    attempt: number;
    turn_id?: string;
    plan_id?: string;
    step_id?: string;
    approval_id?: string;
  }): string {
    const id = randomUUID();
    this.#db.run(
      `INSERT INTO tool_calls (id, session_id, turn_id, plan_id, step_id, tool, source, input_json, status, attempt, approval_id, started_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'started', ?, ?, ?)`,
      [
        id,
        c.session_id,
        c.turn_id ?? null,
        c.plan_id ?? null,
        c.step_id ?? null,
        c.tool,
        c.source,
        json(redact(c.input)),
        c.attempt,
        c.approval_id ?? null,
        now(),
      ],
    );
    return id;
  }

  toolCallFinished(id: string, r: { status: 'ok' | 'error' | 'skipped'; output?: unknown; error?: ErrorValue; duration_ms: number }): void {
    this.#db.run(
      'UPDATE tool_calls SET status = ?, output_json = ?, error_code = ?, error_json = ?, finished_at = ?, duration_ms = ? WHERE id = ?',
      [
        r.status,
        r.output === undefined ? null : json(redact(r.output)),
        r.error?.code ?? null,
        r.error ? json(redact(r.error)) : null,
        now(),
        r.duration_ms,
        id,
      ],
    );
  }

  toolCalls(sessionId: string): ToolCallRow[] {
    return this.#db
      .all<ToolCallStored>('SELECT * FROM tool_calls WHERE session_id = ? ORDER BY started_at, rowid', [sessionId])
      .map(({ input_json, output_json, error_json, error_code: _c, ...r }) => ({
        ...r,
        input: parseJson(input_json, null),
        output: parseJson(output_json, null),
        error: parseJson<ErrorValue | null>(error_json, null),
      }));
  }

  // ── artifacts ────────────────────────────────────────────────────────────
  addArtifact(a: Omit<Artifact, 'id' | 'created_at'> & { id?: string; content?: Uint8Array; created_at?: string }): Artifact {
    const id = a.id ?? randomUUID();
    this.#db.run(
      'INSERT INTO artifacts (id, session_id, plan_id, step_id, kind, mime, path, bytes, sha256, content, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [id, a.session_id, a.plan_id, a.step_id, a.kind, a.mime, a.path, a.bytes, a.sha256, a.content ?? null, a.created_at ?? now()],
    );
    return this.artifacts(a.session_id).find((x) => x.id === id) as Artifact;
  }

  artifacts(sessionId: string): Artifact[] {
    return this.#db.all<Artifact>(
      'SELECT id, session_id, plan_id, step_id, kind, mime, path, bytes, sha256, created_at FROM artifacts WHERE session_id = ? ORDER BY created_at, rowid',
      [sessionId],
    );
  }

  /** Stored bytes of an imported artifact (files of live sessions stay on disk). */
  artifactContent(id: string): Uint8Array | undefined {
    const r = this.#db.get<{ content: Uint8Array | null }>('SELECT content FROM artifacts WHERE id = ?', [id]);
    return r?.content ?? undefined;
  }
}

/** Rows as SQLite returns them: JSON columns as text. */
type ToolCallStored = Omit<ToolCallRow, 'input' | 'output' | 'error'> & {
  input_json: string | null;
  output_json: string | null;
  error_json: string | null;
  error_code: string | null;
};
