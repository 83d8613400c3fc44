import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import { MIGRATIONS } from '../../../src/main/store/migrations.ts';
import type { Plan } from '../../../src/shared/plan.ts';

const stores: Store[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function mem(): Store {
  const s = openStore(':memory:');
  stores.push(s);
  return s;
}
function tmp(): string {
  const d = mkdtempSync(join(tmpdir(), 'steward-store-'));
  dirs.push(d);
  return d;
}

describe('store', () => {
  it('opens a file in WAL, fsyncs at barriers, runs every migration once, and passes integrity_check', () => {
    const path = join(tmp(), 'steward.db');
    const s = openStore(path);
    expect(s.db.pragma('journal_mode')).toBe('wal');
    // NORMAL between barriers (a commit is in the WAL when it returns); FULL for a durable write's commit
    expect(s.db.pragma('synchronous')).toBe(1);
    expect(s.db.durable(() => s.db.pragma('synchronous'))).toBe(2);
    expect(s.db.pragma('synchronous')).toBe(1);
    expect(s.fts).toBe(true);
    s.close();
    const again = openStore(path);
    stores.push(again);
    const versions = again.db.all<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version').map((r) => r.version);
    expect(versions).toEqual(MIGRATIONS.map((m) => m.version));
    expect(again.integrityCheck()).toBe('ok');
  });

  it('fsyncs the journal intent, requests and decisions; everything else rides on the next barrier', () => {
    const s = openStore(join(tmp(), 'steward.db'));
    stores.push(s);
    const synced: string[] = [];
    const exec = s.db.raw.exec.bind(s.db.raw);
    let full = false;
    s.db.raw.exec = (sql: string) => {
      if (/synchronous = FULL/.test(sql)) full = true;
      if (/synchronous = NORMAL/.test(sql)) full = false;
      return exec(sql);
    };
    const stmt = s.db.stmt.bind(s.db);
    s.db.stmt = (sql: string) => {
      const table = /^\s*(?:INSERT INTO|UPDATE) (\w+)/.exec(sql)?.[1];
      if (table && full) synced.push(table);
      return stmt(sql);
    };
    s.records.createSession({ id: 's1' });
    s.records.startTurn('s1', 'pay my bill');
    const rec = { session_id: 's1', plan_id: 'p1', step_id: 'a', attempt: 1 };
    s.journal.write({ ...rec, kind: 'intent' });
    s.journal.write({ ...rec, kind: 'request', method: 'POST', url: 'https://example.com/pay' });
    s.journal.write({ ...rec, kind: 'acted' });
    s.events.append({ session_id: 's1', ts: new Date().toISOString(), type: 'step_succeeded', level: 'info', message: 'a done', data: {} });
    expect(synced).toEqual(['turns', 'step_journal', 'step_journal']);
    expect(s.db.pragma('synchronous')).toBe(1);
    // under 'full' every commit is fsynced, durable or not
    const f = openStore(join(tmp(), 'full.db'), { durability: 'full' });
    stores.push(f);
    expect(f.db.pragma('synchronous')).toBe(2);
    expect(f.db.durable(() => f.db.pragma('synchronous'))).toBe(2);
    expect(f.db.pragma('synchronous')).toBe(2);
  });

  it('filters events by session, turn, type, error class, pack, time and text, with keyset paging', () => {
    const s = mem();
    s.records.createSession({ id: 's1', goal: 'flights', pack: 'flight_search' });
    s.records.createSession({ id: 's2', goal: 'shop' });
    const turn = s.records.startTurn('s1', 'ICN to NRT');
    for (let i = 0; i < 25; i++) {
      s.events.append({
        session_id: i % 2 ? 's1' : 's2',
        ...(i % 2 ? { turn_id: turn.id } : {}),
        ts: new Date(Date.UTC(2026, 10, 22, 1, 0, i)).toISOString(),
        type: i % 5 === 0 ? 'step_failed' : 'step_succeeded',
        level: i % 5 === 0 ? 'error' : 'info',
        message: i % 5 === 0 ? `Step ${i} 결제버튼 selector missing` : `Step ${i} navigated to the results`,
        data: { step_id: `st${i}`, ...(i % 5 === 0 ? { error: { code: 'ELEMENT_NOT_FOUND' } } : {}) },
      });
    }
    expect(s.queryEvents({ session_id: 's1', limit: 1000 }).events).toHaveLength(12);
    expect(s.queryEvents({ turn_id: turn.id }).events.every((e) => e.session_id === 's1')).toBe(true);
    expect(s.queryEvents({ types: ['step_failed'] }).events).toHaveLength(5);
    expect(s.queryEvents({ error_code: 'ELEMENT_NOT_FOUND' }).events.map((e) => e.data.step_id)).toEqual([
      'st0',
      'st5',
      'st10',
      'st15',
      'st20',
    ]);
    expect(s.queryEvents({ pack: 'flight_search' }).events).toHaveLength(12);
    expect(s.queryEvents({ from: '2026-11-22T01:00:10Z', to: '2026-11-22T01:00:14Z' }).events).toHaveLength(5);
    expect(s.queryEvents({ text: '결제' }).events).toHaveLength(5);
    expect(s.queryEvents({ text: 'navig results' }).events).toHaveLength(20);
    expect(s.queryEvents({ text: 'selector', session_id: 's1' }).events.map((e) => e.data.step_id)).toEqual(['st5', 'st15']);
    // keyset paging walks every event exactly once, both directions
    for (const order of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = s.queryEvents({ limit: 7, order, ...(cursor ? { cursor } : {}) });
        seen.push(...page.events.map((e) => e.id));
        cursor = page.next ?? undefined;
      } while (cursor);
      expect(new Set(seen).size).toBe(25);
    }
    expect(() => s.queryEvents({ limit: 0 })).toThrow(/limit/);
    expect(s.events.facets().error_codes).toEqual(['ELEMENT_NOT_FOUND']);
  });

  it('redacts secrets before they are stored', () => {
    const s = mem();
    s.records.createSession({ id: 's' });
    const e = s.events.append({
      session_id: 's',
      type: 'tool_call_started',
      message: 'fill phone 010-1234-5678, card 4111 1111 1111 1111, mail kim.minsu@example.com',
      data: { password: 'hunter2', input: { value: '900101-1234567' } },
    });
    const stored = s.events.forSession('s')[0];
    expect(stored?.message).not.toContain('1234-5678');
    expect(stored?.message).toContain('k***@example.com');
    expect(stored?.message).toContain('****-1111');
    expect(JSON.stringify(stored?.data)).not.toMatch(/hunter2|1234567/);
    expect(stored?.seq).toBe(e.seq);
  });

  it('binds approvals to a step hash and records who decided', () => {
    const s = mem();
    s.records.createSession({ id: 's' });
    const a = s.runs.requestApproval({
      session_id: 's',
      plan_id: 'p',
      step_id: 'pay',
      step_hash: 'h1',
      action: 'payment',
      mode: 'execute',
      what: { summary: 'Pay' },
    });
    expect(
      s.runs.requestApproval({
        session_id: 's',
        plan_id: 'p',
        step_id: 'pay',
        step_hash: 'h1',
        action: 'payment',
        mode: 'execute',
        what: {},
      }).id,
    ).toBe(a.id);
    const d = s.runs.decideApproval(a.id, { granted: true, by: 'kim' });
    expect(d?.status).toBe('granted');
    expect(d?.decided_by).toBe('kim');
    expect(s.runs.decideApproval(a.id, { granted: false, by: 'lee' })).toBeUndefined();
    expect(s.runs.invalidateOtherHashes('p', 'pay', 'h2')).toBe(1);
    expect(s.runs.approvalFor('p', 'pay', 'h1')?.status).toBe('invalidated');
  });

  it('exports a session as a bundle with screenshots and imports it for viewing', () => {
    const dir = tmp();
    const s = mem();
    s.records.createSession({ id: 's', goal: 'compare AirPods', pack: 'shopping' });
    const t = s.records.startTurn('s', 'compare AirPods Pro 2');
    s.records.setSlot('s', 'product_name', 'AirPods Pro 2');
    s.records.recordIntent('s', { intent_type: 'ShoppingCompare', confidence: 0.9, raw_text: 'compare', turn_id: t.id });
    const plan = {
      plan_id: 'p',
      intent: 'ShoppingCompare',
      created_at: new Date().toISOString(),
      steps: [],
      verify: [],
    } as unknown as Plan;
    s.records.savePlan('s', plan, 'completed');
    s.runs.stepStarted({ session_id: 's', plan_id: 'p', step_id: 'a', step_index: 0, action: 'navigate' });
    s.runs.stepFinished('p', 'a', 'succeeded', { url: 'x' });
    const shot = join(dir, 'a.png');
    writeFileSync(shot, Buffer.from([137, 80, 78, 71]));
    s.runs.addArtifact({
      session_id: 's',
      plan_id: 'p',
      step_id: 'a',
      kind: 'screenshot',
      mime: 'image/png',
      path: shot,
      bytes: 4,
      sha256: null,
    });
    s.events.append({ session_id: 's', turn_id: t.id, type: 'step_succeeded', message: 'navigated', data: { step_id: 'a' } });
    const bundle = JSON.parse(JSON.stringify(s.exportSessionBundle('s')));
    expect(bundle.artifacts[0].content_base64).toBe(Buffer.from([137, 80, 78, 71]).toString('base64'));

    const viewer = mem();
    const r = viewer.importSessionBundle(bundle);
    expect(r).toEqual({ session_id: 's', events: 1, artifacts: 1 });
    expect(viewer.records.getSession('s')?.imported).toBe(true);
    expect(viewer.records.slots('s').product_name?.value).toBe('AirPods Pro 2');
    expect(viewer.runs.executions('p')[0]?.status).toBe('succeeded');
    expect(viewer.queryEvents({ session_id: 's', text: 'navigated' }).events).toHaveLength(1);
    const art = viewer.runs.artifacts('s')[0];
    expect(Buffer.from(viewer.runs.artifactContent(art?.id ?? '') ?? []).toString('hex')).toBe('89504e47');
    // a second import collides unless renamed
    expect(() => viewer.importSessionBundle(bundle)).toThrow(/already exists/);
    const renamed = viewer.importSessionBundle(bundle, { rename: true });
    expect(renamed.session_id).not.toBe('s');
    expect(viewer.queryEvents({ session_id: renamed.session_id }).events).toHaveLength(1);
    expect(() => viewer.importSessionBundle({ format: 'nope' })).toThrow(/format/);
  });
});
