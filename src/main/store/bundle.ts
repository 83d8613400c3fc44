import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { StewardError } from '../../shared/errors.ts';
import { EngineEvent } from '../../shared/events.ts';
import { issuePath } from '../../shared/plan.ts';
import { type Db, json } from './db.ts';
import { type EventLog, eventRow, INSERT_EVENT } from './events.ts';
import type { SessionRecords } from './sessions.ts';

/**
 * One session as a self-contained JSON bundle (support staff attach it to a ticket, open it
 * in another Steward's log explorer): every row of the session plus screenshots as base64.
 */

export const BUNDLE_FORMAT = 'steward-session-bundle';

const Rows = z.array(z.record(z.string(), z.unknown()));
export const SessionBundle = z.object({
  format: z.literal(BUNDLE_FORMAT),
  version: z.literal(1),
  exported_at: z.string(),
  session: z.object({ id: z.string(), created_at: z.string(), goal: z.string(), status: z.string() }).loose(),
  turns: Rows,
  intents: Rows,
  slots: z.record(z.string(), z.object({ value: z.unknown(), status: z.string() })),
  plans: Rows,
  executions: Rows,
  verifications: Rows,
  approvals: Rows,
  summaries: Rows,
  tool_calls: Rows,
  events: z.array(EngineEvent),
  artifacts: z.array(z.object({ id: z.string(), kind: z.string(), mime: z.string(), content_base64: z.string().nullable() }).loose()),
});
export type SessionBundle = z.infer<typeof SessionBundle>;

const TABLE_COLUMNS: Record<string, string[]> = {
  turns: ['id', 'session_id', 'idx', 'started_at', 'finished_at', 'user_text', 'reply_text', 'route'],
  intents: ['session_id', 'turn_id', 'intent_type', 'confidence', 'raw_text', 'created_at'],
  plans: ['id', 'session_id', 'intent', 'steps_json', 'status', 'created_at', 'updated_at'],
  executions: [
    'session_id',
    'plan_id',
    'step_id',
    'step_index',
    'action',
    'status',
    'attempt',
    'result_json',
    'logs_json',
    'started_at',
    'finished_at',
  ],
  verifications: ['session_id', 'plan_id', 'ok', 'issues_json', 'created_at'],
  approvals: [
    'id',
    'session_id',
    'plan_id',
    'step_id',
    'step_hash',
    'action',
    'mode',
    'status',
    'what_json',
    'requested_at',
    'decided_at',
    'decided_by',
    'reason',
    'approved_at',
    'completed_at',
  ],
  summaries: ['session_id', 'turn_id', 'text', 'recommendations_json', 'created_at'],
  tool_calls: [
    'id',
    'session_id',
    'turn_id',
    'plan_id',
    'step_id',
    'tool',
    'source',
    'input_json',
    'status',
    'attempt',
    'output_json',
    'error_code',
    'error_json',
    'approval_id',
    'started_at',
    'finished_at',
    'duration_ms',
  ],
};

function rawRows(db: Db, table: string, sessionId: string): Record<string, unknown>[] {
  const cols = TABLE_COLUMNS[table] as string[];
  return db.all(`SELECT ${cols.join(', ')} FROM ${table} WHERE session_id = ? ORDER BY rowid`, [sessionId]);
}

export function exportSessionBundle(db: Db, records: SessionRecords, events: EventLog, sessionId: string): SessionBundle {
  const session = records.requireSession(sessionId);
  const artifacts = db
    .all<Record<string, unknown>>(
      'SELECT id, plan_id, step_id, kind, mime, path, bytes, sha256, content, created_at FROM artifacts WHERE session_id = ? ORDER BY rowid',
      [sessionId],
    )
    .map(({ content, ...a }) => {
      let bytes: Uint8Array | null = (content as Uint8Array | null) ?? null;
      if (!bytes && typeof a.path === 'string') {
        try {
          bytes = readFileSync(a.path);
        } catch {
          bytes = null; // the file was removed; the row still tells what existed
        }
      }
      return { ...(a as { id: string; kind: string; mime: string }), content_base64: bytes ? Buffer.from(bytes).toString('base64') : null };
    });
  return {
    format: BUNDLE_FORMAT,
    version: 1,
    exported_at: new Date().toISOString(),
    session: { ...session },
    turns: rawRows(db, 'turns', sessionId),
    intents: rawRows(db, 'intents', sessionId),
    slots: records.slots(sessionId),
    plans: rawRows(db, 'plans', sessionId),
    executions: rawRows(db, 'executions', sessionId),
    verifications: rawRows(db, 'verifications', sessionId),
    approvals: rawRows(db, 'approvals', sessionId),
    summaries: rawRows(db, 'summaries', sessionId),
    tool_calls: rawRows(db, 'tool_calls', sessionId),
    events: events.forSession(sessionId),
    artifacts,
  };
}

/**
 * Loads a bundle for viewing. The session is marked imported. With `asSessionId` (or when the
 * original id is taken and `rename` is set) every id is remapped so the bundle never collides.
 */
export function importSessionBundle(
  db: Db,
  records: SessionRecords,
  input: unknown,
  opts: { asSessionId?: string; rename?: boolean } = {},
): { session_id: string; events: number; artifacts: number } {
  const parsed = SessionBundle.safeParse(input);
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    const path = issuePath(i?.path ?? []);
    throw new StewardError('VALIDATION_ERROR', `Not a valid session bundle at ${path}: ${i?.message}`, {
      details: { path },
      suggestions: ['Export the bundle again from Steward and import that file.'],
    });
  }
  const b = parsed.data;
  const taken = Boolean(records.getSession(opts.asSessionId ?? b.session.id));
  if (taken && !opts.rename) {
    throw new StewardError('STATE_CONFLICT', `A session with id ${opts.asSessionId ?? b.session.id} already exists`, {
      details: { session_id: b.session.id },
      suggestions: ['Import with rename, or open the existing session.'],
    });
  }
  const sid = taken || opts.asSessionId ? (opts.asSessionId && !taken ? opts.asSessionId : `imported-${randomUUID()}`) : b.session.id;
  const remap = sid !== b.session.id;
  const newId = (id: unknown) => (remap && typeof id === 'string' ? `${sid}:${id}` : id);

  return db.tx(() => {
    db.run('INSERT INTO sessions (id, created_at, updated_at, goal, status, pack, intent, imported) VALUES (?, ?, ?, ?, ?, ?, ?, 1)', [
      sid,
      b.session.created_at,
      new Date().toISOString(),
      b.session.goal,
      b.session.status,
      (b.session.pack as string | null | undefined) ?? null,
      (b.session.intent as string | null | undefined) ?? null,
    ]);
    for (const table of Object.keys(TABLE_COLUMNS)) {
      const cols = TABLE_COLUMNS[table] as string[];
      const rows = b[table as keyof typeof TABLE_COLUMNS & keyof SessionBundle] as Record<string, unknown>[];
      for (const row of rows) {
        const values = cols.map((c) => {
          if (c === 'session_id') return sid;
          if (c === 'id' || c === 'plan_id' || c === 'approval_id') return newId(row[c]) as string | null;
          const v = row[c];
          return v === undefined ? null : typeof v === 'object' && v !== null ? json(v) : (v as string | number | null);
        });
        db.run(`INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`, values);
      }
    }
    for (const [key, s] of Object.entries(b.slots)) {
      db.run('INSERT INTO slots (session_id, key, value_json, status, updated_at) VALUES (?, ?, ?, ?, ?)', [
        sid,
        key,
        json(s.value),
        s.status,
        b.exported_at,
      ]);
    }
    for (const e of b.events) db.run(INSERT_EVENT, eventRow({ ...e, id: newId(e.id) as string, session_id: sid }));
    for (const a of b.artifacts) {
      const content = a.content_base64 === null ? null : Buffer.from(a.content_base64, 'base64');
      db.run(
        'INSERT INTO artifacts (id, session_id, plan_id, step_id, kind, mime, path, bytes, sha256, content, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        [
          newId(a.id) as string,
          sid,
          (newId(a.plan_id) as string | null) ?? null,
          (a.step_id as string | null) ?? null,
          a.kind,
          a.mime,
          null,
          content?.byteLength ?? null,
          (a.sha256 as string | null) ?? null,
          content,
          (a.created_at as string | undefined) ?? b.exported_at,
        ],
      );
    }
    return { session_id: sid, events: b.events.length, artifacts: b.artifacts.length };
  });
}
