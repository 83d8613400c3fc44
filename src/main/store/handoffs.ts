import { randomBytes } from 'node:crypto';
import { StewardError } from '../../shared/errors.ts';
import { redact } from '../tools/redact/index.ts';
import { type Db, json, parseJson } from './db.ts';

/**
 * Hand-offs: a request the engine could not carry out with any tool (the ticket service answered
 * with an error and no other server could take it), passed to support staff. Each keeps the
 * request, the error and the conversation as it stood, redacted like everything else, and an id
 * the person is told so they can refer to it.
 */
export interface HandOff {
  id: string;
  session_id: string;
  turn_id: string | null;
  created_at: string;
  status: 'open' | 'closed';
  tool: string;
  error: { code: string; message: string };
  request: Record<string, unknown>;
  conversation: Array<{ role: 'user' | 'assistant'; text: string; at: string }>;
  closed_at: string | null;
  closed_by: string | null;
}

interface Row {
  id: string;
  session_id: string;
  turn_id: string | null;
  created_at: string;
  status: 'open' | 'closed';
  tool: string;
  error_code: string;
  error_message: string;
  request_json: string;
  conversation_json: string;
  closed_at: string | null;
  closed_by: string | null;
}

const toHandOff = (r: Row): HandOff => ({
  id: r.id,
  session_id: r.session_id,
  turn_id: r.turn_id,
  created_at: r.created_at,
  status: r.status,
  tool: r.tool,
  error: { code: r.error_code, message: r.error_message },
  request: parseJson(r.request_json, {}),
  conversation: parseJson(r.conversation_json, []),
  closed_at: r.closed_at,
  closed_by: r.closed_by,
});

/** A short id a person can read out: HO- and eight letters or digits without look-alikes. */
function newId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `HO-${[...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

export class HandOffs {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /** Files a hand-off with the session's conversation so far (plus the turn in progress). */
  create(h: {
    session_id: string;
    turn_id?: string;
    tool: string;
    error: { code: string; message: string };
    request: Record<string, unknown>;
    current?: string;
  }): HandOff {
    const id = newId();
    const at = new Date().toISOString();
    const turns = this.#db.all<{ user_text: string; reply_text: string | null; started_at: string; finished_at: string | null }>(
      'SELECT user_text, reply_text, started_at, finished_at FROM turns WHERE session_id = ? ORDER BY idx',
      [h.session_id],
    );
    const conversation = turns.flatMap((t) => [
      ...(t.user_text ? [{ role: 'user' as const, text: t.user_text, at: t.started_at }] : []),
      ...(t.reply_text !== null ? [{ role: 'assistant' as const, text: t.reply_text, at: t.finished_at ?? t.started_at }] : []),
    ]);
    this.#db.run(
      `INSERT INTO handoffs (id, session_id, turn_id, created_at, status, tool, error_code, error_message, request_json, conversation_json)
       VALUES (?, ?, ?, ?, 'open', ?, ?, ?, ?, ?)`,
      [
        id,
        h.session_id,
        h.turn_id ?? null,
        at,
        h.tool,
        h.error.code,
        redact(h.error.message),
        json(redact(h.request)),
        json(redact(conversation)),
      ],
    );
    return this.require(id);
  }

  get(id: string): HandOff | undefined {
    const r = this.#db.get<Row>('SELECT * FROM handoffs WHERE id = ?', [id]);
    return r ? toHandOff(r) : undefined;
  }

  require(id: string): HandOff {
    const h = this.get(id);
    if (!h)
      throw new StewardError('CONTEXT_NOT_FOUND', `No hand-off ${id}`, {
        details: { handoff_id: id },
        suggestions: ['List the hand-offs and pick an id.'],
      });
    return h;
  }

  list(opts: { status?: 'open' | 'closed'; session_id?: string; limit?: number } = {}): HandOff[] {
    return this.#db
      .all<Row>(
        `SELECT * FROM handoffs WHERE (? IS NULL OR status = ?) AND (? IS NULL OR session_id = ?) ORDER BY created_at DESC, id LIMIT ?`,
        [opts.status ?? null, opts.status ?? null, opts.session_id ?? null, opts.session_id ?? null, opts.limit ?? 200],
      )
      .map(toHandOff);
  }

  /** Support staff closed it (handled outside the app). */
  close(id: string, by: string): HandOff {
    const h = this.require(id);
    if (h.status === 'closed') return h;
    this.#db.run("UPDATE handoffs SET status = 'closed', closed_at = ?, closed_by = ? WHERE id = ?", [new Date().toISOString(), by, id]);
    return this.require(id);
  }
}
