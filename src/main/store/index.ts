import type { EventFilter, EventPage } from '../../shared/events.ts';
import { exportSessionBundle, importSessionBundle, type SessionBundle } from './bundle.ts';
import { Db, type OpenOptions } from './db.ts';
import { EventLog } from './events.ts';
import { HandOffs } from './handoffs.ts';
import { RunRecords } from './runs/index.ts';
import { SessionRecords } from './sessions.ts';
import { StepJournal } from './step-journal.ts';

export type { SessionBundle } from './bundle.ts';
export type { Durability } from './db.ts';
export type { NewEvent } from './events.ts';
export type { HandOff } from './handoffs.ts';
export type { Approval, ApprovalStatus, Artifact, Execution, ExecutionStatus, ToolCallRow } from './runs/rows.ts';
export type { Session, Turn } from './sessions.ts';
export type { JournalEntry, JournalKind } from './step-journal.ts';

/**
 * The engine's store: one SQLite file (node:sqlite, WAL), versioned migrations, FTS5 over
 * event messages. Repositories: `records` (sessions, turns, intents, slots, plans, verifications,
 * summaries, machine snapshots), `runs` (executions, approvals, tool calls, artifacts), `events`.
 */
export interface Store {
  readonly db: Db;
  readonly records: SessionRecords;
  readonly runs: RunRecords;
  /** What acting steps set out to do and set off, before they commit (the crash-recovery record). */
  readonly journal: StepJournal;
  /** Requests passed to support staff when no tool could carry them out. */
  readonly handoffs: HandOffs;
  readonly events: EventLog;
  /** Whether full-text search uses FTS5 (true with Node's bundled SQLite) or the LIKE fallback. */
  readonly fts: boolean;
  queryEvents(filter?: EventFilter): EventPage;
  exportSessionBundle(sessionId: string): SessionBundle;
  importSessionBundle(
    bundle: unknown,
    opts?: { asSessionId?: string; rename?: boolean },
  ): { session_id: string; events: number; artifacts: number };
  integrityCheck(): string;
  close(): void;
}

export function openStore(path: string, opts: OpenOptions = {}): Store {
  const db = new Db(path, opts);
  const events = new EventLog(db);
  const records = new SessionRecords(db, (id) => events.forgetPack(id));
  const runs = new RunRecords(db);
  return {
    db,
    records,
    runs,
    journal: new StepJournal(db),
    handoffs: new HandOffs(db),
    events,
    fts: db.ftsAvailable,
    queryEvents: (filter) => events.query(filter),
    exportSessionBundle: (id) => exportSessionBundle(db, records, events, id),
    importSessionBundle: (bundle, o) => importSessionBundle(db, records, bundle, o),
    integrityCheck: () => String(db.pragma('integrity_check')),
    close: () => db.close(),
  };
}
