/**
 * `cdt agent lab`: the same question through the three routes (named by their old names too),
 * each route with its own shop MCP process, compared turn by turn; every bundle the report shows
 * is checked against the events stored under its turn_id in the SQLite file.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, describe, expect, it } from 'vitest';
import type { LabComparison, LabRouteTurn } from '../../../src/main/conversation/lab/run.ts';

const NODE = 'node_modules/.bin/node';
const dir = mkdtempSync(join(tmpdir(), 'steward-lab-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cdt(...args: string[]) {
  const r = spawnSync(NODE, ['src/cli/cdt.ts', 'agent', 'lab', ...args], { encoding: 'utf8', timeout: 120_000 });
  return {
    status: r.status,
    json: JSON.parse(r.stdout) as { ok: boolean; data: LabComparison; error: { code: string; suggestions: string[] } },
  };
}

describe('cdt agent lab', () => {
  it('compares legacy, mk2 (domain_agent) and v3 (orchestrator) turn by turn, each bundle being the stored events of its turn_id', () => {
    const store = join(dir, 'lab.db');
    const { status, json } = cdt(
      '환불해 주세요',
      '--then',
      '010-2222-3333',
      '--routes',
      'legacy,mk2,v3',
      '--mcp',
      `${NODE} tests/fixtures/shop-mcp/stdio.ts`,
      '--store',
      store,
    );
    expect(status).toBe(0);
    expect(json.ok).toBe(true);
    const report = json.data;
    expect(report.routes).toEqual(['legacy', 'domain_agent', 'orchestrator']);
    expect(report.turns).toHaveLength(2);

    const db = new DatabaseSync(store, { readOnly: true });
    try {
      const ids = new Set<string>();
      for (const turn of report.turns) {
        for (const route of report.routes) {
          const t = turn.routes[route] as LabRouteTurn;
          ids.add(t.turnId);
          const stored = db.prepare('SELECT type, session_id FROM events WHERE turn_id = ? ORDER BY seq').all(t.turnId) as Array<{
            type: string;
            session_id: string;
          }>;
          expect(stored.map((e) => e.type)).toEqual(t.bundle.map((e) => e.type));
          expect(new Set(stored.map((e) => e.session_id))).toEqual(new Set([report.sessions[route]]));
        }
      }
      expect(ids.size).toBe(6); // every route's turn has its own turn_id

      // what each route did, from the store: only the two conversational routes sent an OTP, each through its own server
      const called = (route: 'legacy' | 'domain_agent' | 'orchestrator') =>
        (
          db.prepare('SELECT tool, status FROM tool_calls WHERE session_id = ?').all(report.sessions[route] ?? '') as Array<{
            tool: string;
            status: string;
          }>
        ).map((c) => `${c.tool}:${c.status}`);
      expect(called('legacy')).toEqual([]);
      expect(called('domain_agent')).toEqual(['send_otp:ok']);
      expect(called('orchestrator')).toEqual(['send_otp:ok']);
    } finally {
      db.close();
    }
    const [first, second] = report.turns as [LabComparison['turns'][number], LabComparison['turns'][number]];
    expect(first.routes.legacy?.reply).toContain('phone, otp, order_id');
    expect(first.routes.orchestrator?.flowState).toBe('await_identity');
    expect(first.differences).toEqual(expect.arrayContaining(['orchestrator.flowState: "await_identity" ≠ legacy null']));
    expect(second.routes.domain_agent?.tools).toEqual(['send_otp']);
    expect(second.routes.orchestrator?.expecting).toBe('otp');
    // the machine's own events are what set the orchestrator apart from the pack alone
    expect(second.differences.some((d) => d.startsWith('orchestrator.events only here') && d.includes('user_message'))).toBe(true);
  }, 150_000);

  it('an unknown route is a usage error naming the routes and the old names', () => {
    const { status, json } = cdt('hello', '--routes', 'v4');
    expect(status).not.toBe(0);
    expect(json.ok).toBe(false);
    expect(json.error.code).toBe('USAGE_ERROR');
    expect(json.error.suggestions.join(' ')).toContain('legacy, domain_agent, orchestrator (or mk2, v3)');
  }, 60_000);
});
