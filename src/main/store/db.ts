import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { StewardError } from '../../shared/errors.ts';
import { migrate } from './migrations.ts';
import { ensurePrivateFile, PRIVATE_DIR_MODE } from './private-dir.ts';
import { wordsMatch } from './word-match.ts';

/**
 * How hard a commit is pushed to disk. All three survive `kill -9` of the engine: in WAL mode a
 * committed transaction is in the WAL file (the OS page cache) before `COMMIT` returns.
 * - `full` fsyncs the WAL on every commit: every commit survives power loss and OS crashes.
 * - `barriers` (the default) fsyncs the WAL at the commits made through `durable()` — the ones
 *   that record what the engine is about to do outside itself (a step's intent before it acts,
 *   a request it sent, a person's decision). The WAL is one file written in order, so that fsync
 *   carries every earlier commit to disk with it. On power loss only the commits after the last
 *   barrier can go, and those are what the crash-recovery path already handles (a step found
 *   started is judged from its journal and the page). One fsync per acting step instead of one
 *   per row.
 * - `normal` fsyncs only at checkpoints (may lose the last commits on power loss).
 */
export type Durability = 'full' | 'barriers' | 'normal';

export interface OpenOptions {
  durability?: Durability;
  readOnly?: boolean;
}

export type Row = Record<string, unknown>;

/** A thin wrapper over node:sqlite with cached statements and a transaction helper. */
export class Db {
  readonly raw: DatabaseSync;
  readonly path: string;
  readonly ftsAvailable: boolean;
  #cache = new Map<string, ReturnType<DatabaseSync['prepare']>>();
  #depth = 0;
  readonly #barriers: boolean;
  /** A durable write ran inside the open transaction: its commit is fsynced. */
  #syncAtCommit = false;

  constructor(path: string, opts: OpenOptions = {}) {
    this.path = path;
    if (path !== ':memory:' && !opts.readOnly) {
      // owner-only from the start: SQLite gives its -wal and -shm files the database file's mode
      mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
      ensurePrivateFile(path);
    }
    try {
      this.raw = new DatabaseSync(path, { readOnly: opts.readOnly ?? false, timeout: 5000, enableForeignKeyConstraints: true });
    } catch (e) {
      throw new StewardError('FILE_ACCESS', `Cannot open the database at ${path}: ${(e as Error).message}`, {
        details: { path },
        cause: e,
      });
    }
    if (path !== ':memory:' && !opts.readOnly) this.raw.exec('PRAGMA journal_mode = WAL');
    const durability = opts.durability ?? 'barriers';
    this.#barriers = durability === 'barriers';
    this.raw.exec(`PRAGMA synchronous = ${durability === 'full' ? 'FULL' : 'NORMAL'}`);
    this.raw.exec('PRAGMA foreign_keys = ON');
    this.raw.exec('PRAGMA temp_store = MEMORY');
    this.ftsAvailable = detectFts5(this.raw);
    // the index's word rule, for text searches that read a session's few rows directly
    this.raw.function('words_match', { deterministic: true }, (message, query) => wordsMatch(message, query));
    if (!opts.readOnly) migrate(this, { fts: this.ftsAvailable });
  }

  stmt(sql: string) {
    let s = this.#cache.get(sql);
    if (!s) {
      s = this.raw.prepare(sql);
      this.#cache.set(sql, s);
    }
    return s;
  }

  run(sql: string, params: Record<string, SQLInputValue> | SQLInputValue[] = []) {
    return Array.isArray(params) ? this.stmt(sql).run(...params) : this.stmt(sql).run(params);
  }

  get<T = Row>(sql: string, params: Record<string, SQLInputValue> | SQLInputValue[] = []): T | undefined {
    return (Array.isArray(params) ? this.stmt(sql).get(...params) : this.stmt(sql).get(params)) as T | undefined;
  }

  all<T = Row>(sql: string, params: Record<string, SQLInputValue> | SQLInputValue[] = []): T[] {
    return (Array.isArray(params) ? this.stmt(sql).all(...params) : this.stmt(sql).all(params)) as T[];
  }

  /** Runs `fn` in one transaction (nested calls join the outer one). Commits before returning. */
  tx<T>(fn: () => T): T {
    if (this.#depth > 0) return fn();
    this.raw.exec('BEGIN IMMEDIATE');
    this.#depth++;
    try {
      const out = fn();
      if (this.#syncAtCommit) this.#synced(() => this.raw.exec('COMMIT'));
      else this.raw.exec('COMMIT');
      return out;
    } catch (e) {
      this.raw.exec('ROLLBACK');
      throw e;
    } finally {
      this.#depth--;
      this.#syncAtCommit = false;
    }
  }

  /**
   * Runs writes whose commit must be on disk when this returns (fsynced, with every commit
   * before it), whatever the store's durability; inside a transaction, that transaction's
   * commit is. Under `full` every commit already is.
   */
  durable<T>(fn: () => T): T {
    if (!this.#barriers) return fn();
    if (this.#depth > 0) {
      this.#syncAtCommit = true;
      return fn();
    }
    return this.#synced(fn);
  }

  #synced<T>(fn: () => T): T {
    this.raw.exec('PRAGMA synchronous = FULL');
    try {
      return fn();
    } finally {
      this.raw.exec('PRAGMA synchronous = NORMAL');
    }
  }

  pragma(name: string): unknown {
    const row = this.raw.prepare(`PRAGMA ${name}`).get();
    return row ? Object.values(row)[0] : undefined;
  }

  close(): void {
    this.#cache.clear();
    if (this.raw.isOpen) this.raw.close();
  }
}

/** FTS5 is compiled into Node's bundled SQLite; check anyway and fall back to LIKE without it. */
function detectFts5(db: DatabaseSync): boolean {
  try {
    db.exec('CREATE VIRTUAL TABLE temp.__fts5_probe USING fts5(x); DROP TABLE temp.__fts5_probe;');
    return true;
  } catch {
    return false;
  }
}

export function json(value: unknown): string {
  return JSON.stringify(value ?? null);
}

export function parseJson<T = unknown>(text: unknown, fallback: T): T {
  if (typeof text !== 'string') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
