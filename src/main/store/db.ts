import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { StewardError } from '../../shared/errors.ts';
import { migrate } from './migrations.ts';
import { ensurePrivateFile, PRIVATE_DIR_MODE } from './private-dir.ts';
import { wordsMatch } from './word-match.ts';

/**
 * How hard a commit is pushed to disk. Both survive `kill -9` of the engine: in WAL mode a
 * committed transaction is in the WAL file (the OS page cache) before `COMMIT` returns.
 * `full` also fsyncs the WAL on every commit, so it survives power loss and OS crashes;
 * `normal` fsyncs only at checkpoints (faster, may lose the last commits on power loss).
 */
export type Durability = 'full' | 'normal';

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
    this.raw.exec(`PRAGMA synchronous = ${opts.durability === 'normal' ? 'NORMAL' : 'FULL'}`);
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
      this.raw.exec('COMMIT');
      return out;
    } catch (e) {
      this.raw.exec('ROLLBACK');
      throw e;
    } finally {
      this.#depth--;
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
