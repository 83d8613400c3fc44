import type { DatabaseSync, SQLInputValue } from 'node:sqlite';

/** What a migration needs of the database (the store's Db has it; no import back to it). */
export interface MigrationDb {
  readonly raw: DatabaseSync;
  get<T>(sql: string, params?: SQLInputValue[]): T | undefined;
  run(sql: string, params?: SQLInputValue[]): unknown;
  tx<T>(fn: () => T): T;
}

/**
 * Word-prefix lengths the text index keeps. A prefix query of one of these lengths reads one
 * stored list in rowid order (and stops at a page); any other length makes FTS5 merge the lists
 * of every matching word first, which at a million events costs tens of milliseconds.
 */
export const FTS_PREFIX_LENGTHS = [1, 2, 3, 4, 5, 6, 7, 8] as const;

/**
 * Versioned migrations. Each runs once, in order, in its own transaction, and is recorded in
 * `schema_migrations`. Never edit a shipped migration; add a new one.
 */
export interface Migration {
  version: number;
  name: string;
  up: (db: MigrationDb, opts: { fts: boolean }) => void;
}

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'domain model + turns, events, tool calls, artifacts, machine snapshots',
    up: (db) =>
      db.raw.exec(`
        CREATE TABLE sessions (
          id TEXT PRIMARY KEY, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
          goal TEXT NOT NULL DEFAULT '', status TEXT NOT NULL DEFAULT 'active',
          pack TEXT, intent TEXT, imported INTEGER NOT NULL DEFAULT 0);
        CREATE TABLE turns (
          id TEXT PRIMARY KEY, session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
          idx INTEGER NOT NULL, started_at TEXT NOT NULL, finished_at TEXT,
          user_text TEXT NOT NULL DEFAULT '', reply_text TEXT, route TEXT);
        CREATE INDEX turns_session ON turns(session_id, idx);
        CREATE TABLE intents (
          id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
          turn_id TEXT, intent_type TEXT NOT NULL, confidence REAL NOT NULL, raw_text TEXT NOT NULL, created_at TEXT NOT NULL);
        CREATE INDEX intents_session ON intents(session_id);
        CREATE TABLE slots (
          session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE, key TEXT NOT NULL,
          value_json TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'filled', updated_at TEXT NOT NULL,
          PRIMARY KEY (session_id, key));
        CREATE TABLE plans (
          id TEXT PRIMARY KEY, session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
          intent TEXT NOT NULL, steps_json TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'created',
          created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
        CREATE INDEX plans_session ON plans(session_id);
        CREATE TABLE executions (
          id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
          plan_id TEXT NOT NULL, step_id TEXT NOT NULL, step_index INTEGER NOT NULL, action TEXT NOT NULL,
          status TEXT NOT NULL, attempt INTEGER NOT NULL DEFAULT 1, result_json TEXT, logs_json TEXT NOT NULL DEFAULT '[]',
          started_at TEXT NOT NULL, finished_at TEXT,
          UNIQUE (plan_id, step_id));
        CREATE INDEX executions_session ON executions(session_id, plan_id, step_index);
        CREATE TABLE verifications (
          id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
          plan_id TEXT, ok INTEGER NOT NULL, issues_json TEXT NOT NULL, created_at TEXT NOT NULL);
        CREATE TABLE approvals (
          id TEXT PRIMARY KEY, session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
          plan_id TEXT NOT NULL, step_id TEXT NOT NULL, step_hash TEXT NOT NULL,
          action TEXT NOT NULL, mode TEXT NOT NULL, status TEXT NOT NULL, what_json TEXT NOT NULL,
          requested_at TEXT NOT NULL, decided_at TEXT, decided_by TEXT, reason TEXT, approved_at TEXT, completed_at TEXT);
        CREATE INDEX approvals_step ON approvals(plan_id, step_id, step_hash, status);
        CREATE INDEX approvals_session ON approvals(session_id);
        CREATE TABLE summaries (
          id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
          turn_id TEXT, text TEXT NOT NULL, recommendations_json TEXT NOT NULL DEFAULT '[]', created_at TEXT NOT NULL);
        CREATE TABLE events (
          seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, session_id TEXT NOT NULL,
          turn_id TEXT, ts TEXT NOT NULL, ts_ms INTEGER NOT NULL, type TEXT NOT NULL, level TEXT NOT NULL,
          message TEXT NOT NULL, data_json TEXT NOT NULL, error_code TEXT, pack TEXT, step_id TEXT);
        CREATE INDEX events_session ON events(session_id, seq);
        CREATE INDEX events_turn ON events(turn_id, seq) WHERE turn_id IS NOT NULL;
        CREATE INDEX events_type ON events(type, seq);
        CREATE INDEX events_error ON events(error_code, seq) WHERE error_code IS NOT NULL;
        CREATE INDEX events_pack ON events(pack, seq) WHERE pack IS NOT NULL;
        CREATE INDEX events_time ON events(ts_ms, seq);
        CREATE TABLE tool_calls (
          id TEXT PRIMARY KEY, session_id TEXT NOT NULL, turn_id TEXT, plan_id TEXT, step_id TEXT,
          tool TEXT NOT NULL, source TEXT NOT NULL, input_json TEXT NOT NULL, status TEXT NOT NULL,
          attempt INTEGER NOT NULL DEFAULT 1, output_json TEXT, error_code TEXT, error_json TEXT,
          approval_id TEXT, started_at TEXT NOT NULL, finished_at TEXT, duration_ms REAL);
        CREATE INDEX tool_calls_session ON tool_calls(session_id, started_at);
        CREATE INDEX tool_calls_step ON tool_calls(plan_id, step_id);
        CREATE TABLE artifacts (
          id TEXT PRIMARY KEY, session_id TEXT NOT NULL, plan_id TEXT, step_id TEXT, kind TEXT NOT NULL,
          mime TEXT NOT NULL, path TEXT, bytes INTEGER, sha256 TEXT, content BLOB, created_at TEXT NOT NULL);
        CREATE INDEX artifacts_session ON artifacts(session_id, created_at);
        CREATE TABLE machine_snapshots (
          session_id TEXT NOT NULL, machine TEXT NOT NULL, snapshot_json TEXT NOT NULL, updated_at TEXT NOT NULL,
          PRIMARY KEY (session_id, machine));
      `),
  },
  {
    version: 2,
    name: 'full-text search over event messages (FTS5, external content)',
    up: (db, { fts }) => {
      if (!fts) return; // LIKE fallback in queries; see events.ts
      db.raw.exec(`
        CREATE VIRTUAL TABLE events_fts USING fts5(message, content='events', content_rowid='seq', tokenize='unicode61');
        CREATE TRIGGER events_fts_ai AFTER INSERT ON events BEGIN
          INSERT INTO events_fts(rowid, message) VALUES (new.seq, new.message); END;
        CREATE TRIGGER events_fts_ad AFTER DELETE ON events BEGIN
          INSERT INTO events_fts(events_fts, rowid, message) VALUES ('delete', old.seq, old.message); END;
      `);
    },
  },
  {
    version: 3,
    name: 'leaner FTS index (detail=none: word and prefix search, no phrases) and an index on event level',
    up: (db, { fts }) => {
      db.raw.exec('CREATE INDEX events_level ON events(level, seq)');
      if (!fts) return;
      db.raw.exec(`
        DROP TRIGGER events_fts_ai;
        DROP TRIGGER events_fts_ad;
        DROP TABLE events_fts;
        CREATE VIRTUAL TABLE events_fts USING fts5(message, content='events', content_rowid='seq', tokenize='unicode61', detail='none', columnsize=0);
        INSERT INTO events_fts(events_fts) VALUES ('rebuild');
        CREATE TRIGGER events_fts_ai AFTER INSERT ON events BEGIN
          INSERT INTO events_fts(rowid, message) VALUES (new.seq, new.message); END;
        CREATE TRIGGER events_fts_ad AFTER DELETE ON events BEGIN
          INSERT INTO events_fts(events_fts, rowid, message) VALUES ('delete', old.seq, old.message); END;
      `);
    },
  },
  {
    version: 4,
    name: 'step journal: what an acting step set out to do, the requests it set off and where the page was, before its commit',
    up: (db) =>
      db.raw.exec(`
        CREATE TABLE step_journal (
          id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
          plan_id TEXT NOT NULL, step_id TEXT NOT NULL, attempt INTEGER NOT NULL, kind TEXT NOT NULL,
          method TEXT, url TEXT, data_json TEXT NOT NULL DEFAULT '{}', at TEXT NOT NULL);
        CREATE INDEX step_journal_step ON step_journal(plan_id, step_id, id);
      `),
  },
  {
    version: 5,
    name: 'agent traces: the verified steps of an errand on a site, by origin and task shape, replayed next time',
    up: (db) =>
      db.raw.exec(`
        CREATE TABLE agent_traces (
          origin TEXT NOT NULL, shape TEXT NOT NULL, steps_json TEXT NOT NULL,
          uses INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
          PRIMARY KEY (origin, shape));
      `),
  },
  {
    version: 6,
    name: 'prefix indexes for text search (word prefixes of 1–8 characters), so a search streams newest-first and stops at a page',
    up: (db, { fts }) => {
      if (!fts) return;
      db.raw.exec(`
        DROP TRIGGER events_fts_ai;
        DROP TRIGGER events_fts_ad;
        DROP TABLE events_fts;
        CREATE VIRTUAL TABLE events_fts USING fts5(message, content='events', content_rowid='seq', tokenize='unicode61',
          detail='none', columnsize=0, prefix='${FTS_PREFIX_LENGTHS.join(' ')}');
        INSERT INTO events_fts(events_fts) VALUES ('rebuild');
        CREATE TRIGGER events_fts_ai AFTER INSERT ON events BEGIN
          INSERT INTO events_fts(rowid, message) VALUES (new.seq, new.message); END;
        CREATE TRIGGER events_fts_ad AFTER DELETE ON events BEGIN
          INSERT INTO events_fts(events_fts, rowid, message) VALUES ('delete', old.seq, old.message); END;
      `);
    },
  },
  {
    version: 7,
    name: 'hand-offs: a request a tool could not carry out, passed to support staff with the conversation attached',
    up: (db) =>
      db.raw.exec(`
        CREATE TABLE IF NOT EXISTS handoffs (
          id TEXT PRIMARY KEY, session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
          turn_id TEXT, created_at TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'open',
          tool TEXT NOT NULL, error_code TEXT NOT NULL, error_message TEXT NOT NULL,
          request_json TEXT NOT NULL, conversation_json TEXT NOT NULL, closed_at TEXT, closed_by TEXT);
        CREATE INDEX IF NOT EXISTS handoffs_status ON handoffs(status, created_at);
        CREATE INDEX IF NOT EXISTS handoffs_session ON handoffs(session_id);
      `),
  },
];

export function migrate(db: MigrationDb, opts: { fts: boolean }): number {
  db.raw.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  const row = db.get<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations');
  const current = row?.v ?? 0;
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue;
    db.tx(() => {
      m.up(db, opts);
      db.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [m.version, m.name, new Date().toISOString()]);
    });
  }
  return MIGRATIONS.at(-1)?.version ?? 0;
}
