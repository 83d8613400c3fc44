import { randomUUID } from 'node:crypto';
import { StewardError } from '../../shared/errors.ts';
import type { Plan } from '../../shared/plan.ts';
import { redact } from '../tools/redact/index.ts';
import { type Db, json, parseJson } from './db.ts';

/** The conversation side of the domain model: sessions, turns, intents, slots, plans, summaries, verifications. */

/** A sessions row as SQLite returns it (imported is 0 or 1). */
type SessionRow = Omit<Session, 'imported'> & { imported: number };

export interface Session {
  id: string;
  created_at: string;
  updated_at: string;
  goal: string;
  status: string;
  pack: string | null;
  intent: string | null;
  imported: boolean;
}

export interface Turn {
  id: string;
  session_id: string;
  idx: number;
  started_at: string;
  finished_at: string | null;
  user_text: string;
  reply_text: string | null;
  route: string | null;
}

const now = () => new Date().toISOString();

export class SessionRecords {
  readonly #db: Db;
  readonly #onPackChange: (id: string) => void;
  constructor(db: Db, onPackChange: (id: string) => void) {
    this.#db = db;
    this.#onPackChange = onPackChange;
  }

  createSession(s: { id?: string; goal?: string; pack?: string; intent?: string; status?: string; imported?: boolean } = {}): Session {
    const id = s.id ?? randomUUID();
    const t = now();
    this.#db.run(
      'INSERT INTO sessions (id, created_at, updated_at, goal, status, pack, intent, imported) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [id, t, t, redact(s.goal ?? ''), s.status ?? 'active', s.pack ?? null, s.intent ?? null, s.imported ? 1 : 0],
    );
    return this.requireSession(id);
  }

  getSession(id: string): Session | undefined {
    const r = this.#db.get<SessionRow>('SELECT * FROM sessions WHERE id = ?', [id]);
    return r ? { ...r, imported: r.imported === 1 } : undefined;
  }

  requireSession(id: string): Session {
    const s = this.getSession(id);
    if (!s)
      throw new StewardError('CONTEXT_NOT_FOUND', `No session ${id}`, {
        details: { session_id: id },
        suggestions: ['List the sessions and pick an id.'],
      });
    return s;
  }

  updateSession(id: string, patch: Partial<Pick<Session, 'goal' | 'status' | 'pack' | 'intent'>>): Session {
    const cur = this.requireSession(id);
    const next = { ...cur, ...patch };
    this.#db.run('UPDATE sessions SET goal = ?, status = ?, pack = ?, intent = ?, updated_at = ? WHERE id = ?', [
      redact(next.goal),
      next.status,
      next.pack,
      next.intent,
      now(),
      id,
    ]);
    if (patch.pack !== undefined) this.#onPackChange(id);
    return this.requireSession(id);
  }

  listSessions(opts: { limit?: number; before?: string; status?: string } = {}): Session[] {
    const rows = this.#db.all<SessionRow>(
      `SELECT * FROM sessions WHERE (? IS NULL OR created_at < ?) AND (? IS NULL OR status = ?) ORDER BY created_at DESC, id DESC LIMIT ?`,
      [opts.before ?? null, opts.before ?? null, opts.status ?? null, opts.status ?? null, opts.limit ?? 50],
    );
    return rows.map((r) => ({ ...r, imported: r.imported === 1 }));
  }

  startTurn(sessionId: string, userText: string, opts: { id?: string; route?: string } = {}): Turn {
    const id = opts.id ?? randomUUID();
    // what the person typed is on disk (fsynced) before the engine answers it
    this.#db.durable(() =>
      this.#db.tx(() => {
        const idx = (this.#db.get<{ n: number }>('SELECT COUNT(*) AS n FROM turns WHERE session_id = ?', [sessionId])?.n ?? 0) + 1;
        this.#db.run('INSERT INTO turns (id, session_id, idx, started_at, user_text, route) VALUES (?, ?, ?, ?, ?, ?)', [
          id,
          sessionId,
          idx,
          now(),
          redact(userText),
          opts.route ?? null,
        ]);
      }),
    );
    return this.#db.get<Turn>('SELECT * FROM turns WHERE id = ?', [id]) as Turn;
  }

  finishTurn(turnId: string, replyText: string): void {
    this.#db.run('UPDATE turns SET finished_at = ?, reply_text = ? WHERE id = ?', [now(), redact(replyText), turnId]);
  }

  turns(sessionId: string): Turn[] {
    return this.#db.all<Turn>('SELECT * FROM turns WHERE session_id = ? ORDER BY idx', [sessionId]);
  }

  recordIntent(sessionId: string, i: { intent_type: string; confidence: number; raw_text: string; turn_id?: string }): void {
    this.#db.run('INSERT INTO intents (session_id, turn_id, intent_type, confidence, raw_text, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
      sessionId,
      i.turn_id ?? null,
      i.intent_type,
      i.confidence,
      redact(i.raw_text),
      now(),
    ]);
  }

  intents(
    sessionId: string,
  ): Array<{ intent_type: string; confidence: number; raw_text: string; turn_id: string | null; created_at: string }> {
    return this.#db.all('SELECT intent_type, confidence, raw_text, turn_id, created_at FROM intents WHERE session_id = ? ORDER BY id', [
      sessionId,
    ]);
  }

  setSlot(sessionId: string, key: string, value: unknown, status = 'filled'): void {
    this.#db.run(
      `INSERT INTO slots (session_id, key, value_json, status, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (session_id, key) DO UPDATE SET value_json = excluded.value_json, status = excluded.status, updated_at = excluded.updated_at`,
      [sessionId, key, json(redact(value)), status, now()],
    );
  }

  slots(sessionId: string): Record<string, { value: unknown; status: string }> {
    const out: Record<string, { value: unknown; status: string }> = {};
    for (const r of this.#db.all<{ key: string; value_json: string; status: string }>(
      'SELECT key, value_json, status FROM slots WHERE session_id = ? ORDER BY key',
      [sessionId],
    )) {
      out[r.key] = { value: parseJson(r.value_json, null), status: r.status };
    }
    return out;
  }

  savePlan(sessionId: string, plan: Plan, status = 'created'): void {
    const t = now();
    this.#db.run(
      `INSERT INTO plans (id, session_id, intent, steps_json, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET steps_json = excluded.steps_json, status = excluded.status, updated_at = excluded.updated_at`,
      // stored redacted like everything else (an OTP or phone typed by a step never lands on disk);
      // resuming uses the caller's plan, whose step hashes bind the approvals
      [plan.plan_id, sessionId, plan.intent, json(redact(plan)), status, t, t],
    );
  }

  getPlan(planId: string): { plan: Plan; status: string; session_id: string } | undefined {
    const r = this.#db.get<{ steps_json: string; status: string; session_id: string }>(
      'SELECT steps_json, status, session_id FROM plans WHERE id = ?',
      [planId],
    );
    const plan = r ? parseJson<Plan | null>(r.steps_json, null) : null;
    return r && plan ? { plan, status: r.status, session_id: r.session_id } : undefined;
  }

  plans(sessionId: string): Array<{ plan: Plan; status: string }> {
    return this.#db
      .all<{ steps_json: string; status: string }>('SELECT steps_json, status FROM plans WHERE session_id = ? ORDER BY created_at, rowid', [
        sessionId,
      ])
      .flatMap((r) => {
        const plan = parseJson<Plan | null>(r.steps_json, null);
        return plan ? [{ plan, status: r.status }] : [];
      });
  }

  setPlanStatus(planId: string, status: string): void {
    this.#db.run('UPDATE plans SET status = ?, updated_at = ? WHERE id = ?', [status, now(), planId]);
  }

  addVerification(sessionId: string, v: { plan_id?: string; ok: boolean; issues: unknown[] }): void {
    this.#db.run('INSERT INTO verifications (session_id, plan_id, ok, issues_json, created_at) VALUES (?, ?, ?, ?, ?)', [
      sessionId,
      v.plan_id ?? null,
      v.ok ? 1 : 0,
      json(redact(v.issues)),
      now(),
    ]);
  }

  verifications(sessionId: string): Array<{ plan_id: string | null; ok: boolean; issues: unknown[]; created_at: string }> {
    return this.#db
      .all<{ plan_id: string | null; ok: number; issues_json: string; created_at: string }>(
        'SELECT plan_id, ok, issues_json, created_at FROM verifications WHERE session_id = ? ORDER BY id',
        [sessionId],
      )
      .map((r) => ({ plan_id: r.plan_id, ok: r.ok === 1, issues: parseJson(r.issues_json, []), created_at: r.created_at }));
  }

  addSummary(sessionId: string, s: { text: string; recommendations?: unknown[]; turn_id?: string }): void {
    this.#db.run('INSERT INTO summaries (session_id, turn_id, text, recommendations_json, created_at) VALUES (?, ?, ?, ?, ?)', [
      sessionId,
      s.turn_id ?? null,
      redact(s.text),
      json(redact(s.recommendations ?? [])),
      now(),
    ]);
  }

  summaries(sessionId: string): Array<{ text: string; recommendations: unknown[]; turn_id: string | null; created_at: string }> {
    return this.#db
      .all<{ text: string; recommendations_json: string; turn_id: string | null; created_at: string }>(
        'SELECT text, recommendations_json, turn_id, created_at FROM summaries WHERE session_id = ? ORDER BY id',
        [sessionId],
      )
      .map((r) => ({ text: r.text, recommendations: parseJson(r.recommendations_json, []), turn_id: r.turn_id, created_at: r.created_at }));
  }

  /** XState persisted snapshots (one per machine per session), so a conversation resumes after a restart. */
  saveMachineSnapshot(sessionId: string, machine: string, snapshot: unknown): void {
    this.#db.run(
      `INSERT INTO machine_snapshots (session_id, machine, snapshot_json, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (session_id, machine) DO UPDATE SET snapshot_json = excluded.snapshot_json, updated_at = excluded.updated_at`,
      [sessionId, machine, json(snapshot), now()],
    );
  }

  loadMachineSnapshot<T = unknown>(sessionId: string, machine: string): T | undefined {
    const r = this.#db.get<{ snapshot_json: string }>('SELECT snapshot_json FROM machine_snapshots WHERE session_id = ? AND machine = ?', [
      sessionId,
      machine,
    ]);
    return r ? parseJson<T>(r.snapshot_json, undefined as T) : undefined;
  }
}
