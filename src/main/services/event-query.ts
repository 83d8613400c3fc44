import type { SQLInputValue } from 'node:sqlite';
import type { EventFilter, LogEvent } from '../../shared/ipc/index.ts';
import { containsPattern, ftsSearch } from '../store/events.ts';
import type { Store } from '../store/index.ts';

interface Row {
  id: string;
  session_id: string;
  turn_id: string | null;
  ts_ms: number;
  type: string;
  level: string;
  message: string;
  data_json: string;
}

/** The WHERE clause of a log-explorer filter over the store's events table (indexed columns only). */
export function eventWhere(store: Store, f: EventFilter): { from: string; where: string; params: SQLInputValue[] } {
  const where: string[] = [];
  const params: SQLInputValue[] = [];
  let from = 'events e';
  const add = (sql: string, ...values: SQLInputValue[]) => {
    where.push(sql);
    params.push(...values);
  };
  const search = f.text?.trim() && store.fts ? ftsSearch(f.text) : null;
  if (search) {
    from = 'events_fts JOIN events e ON e.seq = events_fts.rowid';
    add('events_fts MATCH ?', search.match);
    for (const word of search.contains) add("e.message LIKE ? ESCAPE '\\'", containsPattern(word));
  } else if (f.text?.trim()) {
    for (const word of f.text.trim().split(/\s+/)) add("e.message LIKE ? ESCAPE '\\'", containsPattern(word));
  }
  if (f.sessionId) add('e.session_id = ?', f.sessionId);
  if (f.types?.length) add(`e.type IN (${f.types.map(() => '?').join(',')})`, ...f.types);
  if (f.errorClass) add('e.error_code = ?', f.errorClass);
  if (f.pack) add('e.pack = ?', f.pack);
  if (f.from !== undefined) add('e.ts_ms >= ?', f.from);
  if (f.to !== undefined) add('e.ts_ms <= ?', f.to);
  return { from, where: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
}

/**
 * Random access into the events of a filter (count + offset page in commit order): the
 * virtualised list asks for whichever page the person scrolls to, not only the next one.
 */
export function eventPage(store: Store, f: EventFilter, offset: number, limit: number): { total: number; events: LogEvent[] } {
  const { from, where, params } = eventWhere(store, f);
  const total = store.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${from} ${where}`, params)?.n ?? 0;
  const rows = store.db.all<Row>(
    `SELECT e.id, e.session_id, e.turn_id, e.ts_ms, e.type, e.level, e.message, e.data_json FROM ${from} ${where} ORDER BY e.seq LIMIT ? OFFSET ?`,
    [...params, limit, offset],
  );
  return { total, events: rows.map(toLogEvent) };
}

export function toLogEvent(r: Row): LogEvent {
  let data: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(r.data_json) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) data = parsed as Record<string, unknown>;
  } catch {
    data = {};
  }
  return {
    id: r.id,
    sessionId: r.session_id,
    ...(r.turn_id ? { turnId: r.turn_id } : {}),
    ts: r.ts_ms,
    type: r.type,
    level: r.level,
    message: r.message,
    data,
  };
}

/** Sessions that have at least one event matching the filter (for the sessions list). */
export function sessionIdsMatching(store: Store, f: EventFilter, limit: number): string[] {
  const { from, where, params } = eventWhere(store, f);
  return store.db
    .all<{ id: string }>(
      `SELECT e.session_id AS id, MAX(e.seq) AS last FROM ${from} ${where} GROUP BY e.session_id ORDER BY last DESC LIMIT ?`,
      [...params, limit],
    )
    .map((r) => r.id);
}
