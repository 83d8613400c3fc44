import { redact, redactText } from '../tools/redact/index.ts';
import { type Db, json, parseJson } from './db.ts';

/**
 * The journal of acting steps, written before each step commits: the intent (what the step set
 * out to do and how the page looked), every state-changing request the step set off (as the
 * browser reported it), and `acted` once the action returned (with the page's address). After a
 * crash the executor reads it to tell "never started" from "already sent" — never from a guess.
 */
export type JournalKind = 'intent' | 'request' | 'acted';

export interface JournalEntry {
  id: number;
  session_id: string;
  plan_id: string;
  step_id: string;
  attempt: number;
  kind: JournalKind;
  method: string | null;
  url: string | null;
  data: Record<string, unknown>;
  at: string;
}

export type NewJournalEntry = Pick<JournalEntry, 'session_id' | 'plan_id' | 'step_id' | 'attempt' | 'kind'> &
  Partial<Pick<JournalEntry, 'method' | 'url' | 'data'>>;

export class StepJournal {
  readonly #db: Db;
  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Appends one entry, committed when this returns. An intent (written just before the step
   * acts) and a request the step sent are on disk, fsynced with everything before them, even
   * across a power loss; `acted` is not forced: without it the step is judged from its intent
   * and the page, as after a crash just before it was written.
   */
  write(e: NewJournalEntry): void {
    if (e.kind === 'acted') this.#insert(e);
    else this.#db.durable(() => this.#insert(e));
  }

  #insert(e: NewJournalEntry): void {
    this.#db.run(
      'INSERT INTO step_journal (session_id, plan_id, step_id, attempt, kind, method, url, data_json, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [
        e.session_id,
        e.plan_id,
        e.step_id,
        e.attempt,
        e.kind,
        e.method ?? null,
        e.url === undefined || e.url === null ? null : redactText(e.url),
        json(redact(e.data ?? {})),
        new Date().toISOString(),
      ],
    );
  }

  /** The entries of a plan (or of one step), oldest first. */
  entries(planId: string, stepId?: string): JournalEntry[] {
    const rows =
      stepId === undefined
        ? this.#db.all<Record<string, unknown>>('SELECT * FROM step_journal WHERE plan_id = ? ORDER BY id', [planId])
        : this.#db.all<Record<string, unknown>>('SELECT * FROM step_journal WHERE plan_id = ? AND step_id = ? ORDER BY id', [
            planId,
            stepId,
          ]);
    return rows.map(({ data_json, ...r }) => ({ ...(r as Omit<JournalEntry, 'data'>), data: parseJson(data_json, {}) }));
  }
}
