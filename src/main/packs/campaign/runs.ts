/**
 * Campaign runs in the engine's SQLite store: one row per run with its stage, status, error,
 * stage history and the run package, written at every stage so an interrupted run shows how
 * far it got. The pack owns its table (created on first use), so the store knows no domain.
 */
import { StewardError } from '../../../shared/errors.ts';
import type { Store } from '../../store/index.ts';
import { CampaignRun, type CampaignStage, type RunPackage } from './contracts/run-package.ts';

interface Row {
  id: string;
  session_id: string;
  stage: string;
  status: string;
  error_json: string | null;
  stages_json: string;
  package_json: string;
  created_at: string;
  updated_at: string;
}

export class CampaignRuns {
  readonly store: Store;

  constructor(store: Store) {
    this.store = store;
    store.db.raw.exec(`
      CREATE TABLE IF NOT EXISTS campaign_runs (
        id TEXT PRIMARY KEY, session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        stage TEXT NOT NULL, status TEXT NOT NULL, error_json TEXT, stages_json TEXT NOT NULL,
        package_json TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS campaign_runs_session ON campaign_runs(session_id, created_at);`);
  }

  /** Writes the run as it is now (insert or replace); the row is checked against the contract first. */
  save(run: CampaignRun): CampaignRun {
    const valid = CampaignRun.parse(run);
    if (!this.store.records.getSession(valid.session_id)) this.store.records.createSession({ id: valid.session_id, goal: 'campaign' });
    this.store.db.run(
      `INSERT INTO campaign_runs (id, session_id, stage, status, error_json, stages_json, package_json, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET stage = excluded.stage, status = excluded.status, error_json = excluded.error_json,
         stages_json = excluded.stages_json, package_json = excluded.package_json, updated_at = excluded.updated_at`,
      [
        valid.run_id,
        valid.session_id,
        valid.stage,
        valid.status,
        valid.error ? JSON.stringify(valid.error) : null,
        JSON.stringify(valid.stages),
        JSON.stringify(valid.package),
        valid.created_at,
        valid.updated_at,
      ],
    );
    return valid;
  }

  get(runId: string): CampaignRun | undefined {
    const r = this.store.db.get<Row>('SELECT * FROM campaign_runs WHERE id = ?', [runId]);
    return r ? fromRow(r) : undefined;
  }

  require(runId: string): CampaignRun {
    const run = this.get(runId);
    if (!run)
      throw new StewardError('CONTEXT_NOT_FOUND', `No campaign run "${runId}".`, {
        details: { run_id: runId },
        suggestions: ['List the runs (cdt campaign list) and use one of their ids.'],
      });
    return run;
  }

  /** Newest first; of one session when given. */
  list(sessionId?: string, limit = 50): Array<Pick<CampaignRun, 'run_id' | 'session_id' | 'stage' | 'status' | 'created_at'>> {
    const rows = sessionId
      ? this.store.db.all<Row>('SELECT * FROM campaign_runs WHERE session_id = ? ORDER BY created_at DESC LIMIT ?', [sessionId, limit])
      : this.store.db.all<Row>('SELECT * FROM campaign_runs ORDER BY created_at DESC LIMIT ?', [limit]);
    return rows.map((r) => ({
      run_id: r.id,
      session_id: r.session_id,
      stage: r.stage as CampaignStage,
      status: fromRow(r).status,
      created_at: r.created_at,
    }));
  }

  /** The exported file's content: the run package exactly as the contract defines it. */
  exportPackage(runId: string): RunPackage {
    return this.require(runId).package;
  }
}

function fromRow(r: Row): CampaignRun {
  return CampaignRun.parse({
    run_id: r.id,
    session_id: r.session_id,
    stage: r.stage,
    status: r.status,
    error: r.error_json ? JSON.parse(r.error_json) : null,
    stages: JSON.parse(r.stages_json),
    created_at: r.created_at,
    updated_at: r.updated_at,
    package: JSON.parse(r.package_json),
  });
}
