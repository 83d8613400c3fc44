import { randomUUID } from 'node:crypto';
import type { SQLInputValue } from 'node:sqlite';
import { StewardError } from '../../shared/errors.ts';
import { EngineEvent, type EngineEventInput, EventFilter, type EventPage, eventErrorCode } from '../../shared/events.ts';
import { issuePath } from '../../shared/plan.ts';
import { redact, redactText } from '../tools/redact/index.ts';
import { type Db, json, parseJson } from './db.ts';
import { FTS_PREFIX_LENGTHS } from './migrations.ts';
import { splitWords } from './word-match.ts';

/**
 * A text search inside a session or turn spanning at most this many events reads those rows and
 * checks their words directly (words_match): a common word's index list is long, and seeking in it
 * costs more than reading a few hundred rows.
 */
const SCAN_SPAN = 5000;

/** What callers pass: id and ts are filled in when absent. */
export type NewEvent = Omit<EngineEventInput, 'id' | 'ts' | 'level' | 'seq'> & {
  id?: string;
  ts?: string;
  level?: EngineEventInput['level'];
};

interface EventRow {
  seq: number;
  id: string;
  session_id: string;
  turn_id: string | null;
  ts: string;
  type: string;
  level: string;
  message: string;
  data_json: string;
}

/** Inserts one event row; its values in order come from eventRow. */
export const INSERT_EVENT = `INSERT INTO events (id, session_id, turn_id, ts, ts_ms, type, level, message, data_json, error_code, pack, step_id)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** The values of an event's row for INSERT_EVENT (error code, pack and step id copied out of data to filter on). */
export function eventRow(e: EngineEvent): SQLInputValue[] {
  const data = e.data;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return [
    e.id,
    e.session_id,
    e.turn_id ?? null,
    e.ts,
    Date.parse(e.ts),
    e.type,
    e.level,
    e.message,
    json(data),
    eventErrorCode(e) ?? null,
    str(data.pack),
    str(data.step_id),
  ];
}

export class EventLog {
  readonly #db: Db;
  readonly #packs = new Map<string, string | null>();
  constructor(db: Db) {
    this.#db = db;
  }

  /** The session's pack, so every event can be filtered by pack. */
  #packOf(sessionId: string): string | null {
    if (!this.#packs.has(sessionId)) {
      const row = this.#db.get<{ pack: string | null }>('SELECT pack FROM sessions WHERE id = ?', [sessionId]);
      if (!row) return null; // unknown yet: do not cache
      this.#packs.set(sessionId, row.pack);
    }
    return this.#packs.get(sessionId) ?? null;
  }

  /** Call when a session's pack changes. */
  forgetPack(sessionId: string): void {
    this.#packs.delete(sessionId);
  }

  /**
   * Validates, redacts and commits one event; returns it with its commit `seq`.
   * When this returns, the event is in the WAL: a kill -9 after it cannot lose it.
   */
  append(input: NewEvent): EngineEvent {
    const parsed = EngineEvent.safeParse({ level: 'info', ts: new Date().toISOString(), id: randomUUID(), ...input });
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      throw new StewardError('VALIDATION_ERROR', `Invalid event at ${issuePath(i?.path ?? [])}: ${i?.message}`, {
        details: { path: issuePath(i?.path ?? []) },
      });
    }
    const e = { ...parsed.data, message: redactText(parsed.data.message), data: redact(parsed.data.data) };
    if (e.data.pack === undefined) {
      const pack = this.#packOf(e.session_id);
      if (pack) e.data = { ...e.data, pack };
    }
    const r = this.#db.run(INSERT_EVENT, eventRow(e));
    return { ...e, seq: Number(r.lastInsertRowid) };
  }

  /** Many events in one transaction (import, bench). */
  appendMany(inputs: NewEvent[]): number {
    return this.#db.tx(() => {
      for (const input of inputs) this.append(input);
      return inputs.length;
    });
  }

  /** The log explorer's query: any combination of filters, keyset paging on commit order. */
  query(filterInput: EventFilter = {}): EventPage {
    const parsed = EventFilter.safeParse(filterInput);
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      throw new StewardError('VALIDATION_ERROR', `Invalid filter at ${issuePath(i?.path ?? [])}: ${i?.message}`, {
        details: { path: issuePath(i?.path ?? []) },
      });
    }
    const f = parsed.data;
    const where: string[] = [];
    const params: SQLInputValue[] = [];
    let from = 'events e';
    const add = (sql: string, ...values: SQLInputValue[]) => {
      where.push(sql);
      params.push(...values);
    };
    const late: Array<[string, SQLInputValue]> = [];
    if (f.text?.trim()) {
      const search = this.#db.ftsAvailable ? ftsSearch(f.text) : null;
      const match = search?.match;
      for (const word of search?.contains ?? []) add("e.message LIKE ? ESCAPE '\\'", containsPattern(word));
      if (match && (f.session_id || f.turn_id)) {
        // a session or turn spans a small range of seq: ask FTS only for matches inside that range
        const b = f.turn_id
          ? this.#db.get<{ lo: number | null; hi: number | null }>('SELECT MIN(seq) AS lo, MAX(seq) AS hi FROM events WHERE turn_id = ?', [
              f.turn_id,
            ])
          : this.#db.get<{ lo: number | null; hi: number | null }>(
              'SELECT MIN(seq) AS lo, MAX(seq) AS hi FROM events WHERE session_id = ?',
              [f.session_id as string],
            );
        const lo = b?.lo ?? 0;
        const hi = b?.hi ?? -1;
        if (hi - lo < SCAN_SPAN) late.push(['words_match(e.message, ?) = 1', splitWords(f.text).join(' ')]);
        else add('e.seq IN (SELECT rowid FROM events_fts WHERE events_fts MATCH ? AND rowid BETWEEN ? AND ?)', match, lo, hi);
      } else if (match) {
        from = 'events_fts JOIN events e ON e.seq = events_fts.rowid';
        add('events_fts MATCH ?', match);
      } else {
        for (const word of f.text.trim().split(/\s+/)) add("e.message LIKE ? ESCAPE '\\'", containsPattern(word));
      }
    }
    if (f.session_id) add('e.session_id = ?', f.session_id);
    if (f.turn_id) add('e.turn_id = ?', f.turn_id);
    if (f.types?.length) add(`e.type IN (${f.types.map(() => '?').join(',')})`, ...f.types);
    if (f.levels?.length) add(`e.level IN (${f.levels.map(() => '?').join(',')})`, ...f.levels);
    if (f.error_code) add('e.error_code = ?', f.error_code);
    if (f.pack) add('e.pack = ?', f.pack);
    if (f.step_id) add('e.step_id = ?', f.step_id);
    if (f.from) add('e.ts_ms >= ?', Date.parse(f.from));
    if (f.to) add('e.ts_ms <= ?', Date.parse(f.to));
    // last, so the indexed conditions narrow the rows first
    for (const [sql, value] of late) add(sql, value);
    // with full-text search, order and page on the FTS rowid (= seq) so FTS5 walks its doclist in order and stops early
    const key = from.startsWith('events_fts') ? 'events_fts.rowid' : 'e.seq';
    if (f.cursor) {
      const seq = Number.parseInt(f.cursor, 36);
      if (!Number.isFinite(seq)) throw new StewardError('VALIDATION_ERROR', 'Invalid cursor', { details: { path: 'cursor' } });
      add(f.order === 'asc' ? `${key} > ?` : `${key} < ?`, seq);
    }
    const sql = `SELECT e.seq, e.id, e.session_id, e.turn_id, e.ts, e.type, e.level, e.message, e.data_json FROM ${from}
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${key} ${f.order === 'asc' ? 'ASC' : 'DESC'} LIMIT ?`;
    params.push(f.limit + 1);
    const rows = this.#db.all<EventRow>(sql, params);
    const more = rows.length > f.limit;
    const page = rows.slice(0, f.limit).map(rowToEvent);
    const last = page.at(-1);
    return { events: page, next: more && last?.seq !== undefined ? last.seq.toString(36) : null };
  }

  /** All events of a session in commit order. */
  forSession(sessionId: string): EngineEvent[] {
    return this.#db.all<EventRow>('SELECT * FROM events WHERE session_id = ? ORDER BY seq', [sessionId]).map(rowToEvent);
  }

  count(sessionId?: string): number {
    const row = sessionId
      ? this.#db.get<{ n: number }>('SELECT COUNT(*) AS n FROM events WHERE session_id = ?', [sessionId])
      : this.#db.get<{ n: number }>('SELECT COUNT(*) AS n FROM events');
    return row?.n ?? 0;
  }

  /** Distinct error classes and packs seen, for the explorer's filter menus. */
  facets(): { types: string[]; error_codes: string[]; packs: string[] } {
    const col = (sql: string) => this.#db.all<{ v: string }>(sql).map((r) => r.v);
    return {
      types: col('SELECT DISTINCT type AS v FROM events ORDER BY v'),
      error_codes: col('SELECT DISTINCT error_code AS v FROM events WHERE error_code IS NOT NULL ORDER BY v'),
      packs: col('SELECT DISTINCT pack AS v FROM events WHERE pack IS NOT NULL ORDER BY v'),
    };
  }
}

/** A text search as FTS5 runs it: the MATCH expression, and the words the caller must also find with LIKE. */
export interface FtsSearch {
  match: string;
  /** Words longer than the longest indexed prefix: matched on that prefix, then checked in the message. */
  contains: string[];
}

/**
 * User words → an FTS5 query: each word a quoted prefix term, all required. A word no longer
 * than an indexed prefix length reads its prefix index (one list, walked newest-first); a longer
 * word is looked up by its first indexed-length characters and checked with LIKE, so no query
 * makes FTS5 merge every matching word's list before the first row.
 */
export function ftsSearch(text: string): FtsSearch | null {
  // one token per term (the index keeps no positions, so no phrases): split where the tokenizer splits
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (!words.length) return null;
  const longest = FTS_PREFIX_LENGTHS[FTS_PREFIX_LENGTHS.length - 1] as number;
  const contains: string[] = [];
  const terms = words.map((w) => {
    const chars = [...w];
    if (chars.length <= longest) return `"${w}"*`;
    contains.push(w);
    return `"${chars.slice(0, longest).join('')}"*`;
  });
  return { match: [...new Set(terms)].join(' AND '), contains };
}

/** A LIKE pattern that finds `word` anywhere in a message (ESCAPE '\\'). */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, '\\$&')}%`;
}

function rowToEvent(r: EventRow): EngineEvent {
  return {
    seq: r.seq,
    id: r.id,
    session_id: r.session_id,
    ...(r.turn_id ? { turn_id: r.turn_id } : {}),
    ts: r.ts,
    type: r.type as EngineEvent['type'],
    level: r.level as EngineEvent['level'],
    message: r.message,
    data: parseJson<Record<string, unknown>>(r.data_json, {}),
  };
}
