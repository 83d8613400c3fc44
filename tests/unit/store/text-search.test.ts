import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eventPage } from '../../../src/main/services/event-query.ts';
import { ftsSearch } from '../../../src/main/store/events.ts';
import { openStore, type Store } from '../../../src/main/store/index.ts';

const stores: Store[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

// short and long words, several sharing their first eight characters
const VOCAB = [
  'navigation',
  'navigational',
  'navigations',
  'navigate',
  'nav',
  'selector',
  'selectors',
  '배송지를',
  '배송지',
  '결제',
  'price',
  'prices',
];

/** Every page of a store query, newest first. */
function allMatches(s: Store, text: string): string[] {
  const out: string[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = s.queryEvents({ text, limit: 50, order: 'desc', ...(cursor ? { cursor } : {}) });
    out.push(...page.events.map((e) => e.message));
    if (!page.next) return out;
    cursor = page.next;
  }
}

/** The oracle: a message matches when each query word starts some word of the message. */
function expected(messages: string[], text: string): string[] {
  const q = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return messages
    .filter((m) => {
      const words = m.toLowerCase().split(/[^\p{L}\p{N}]+/u);
      return q.every((w) => words.some((x) => x.startsWith(w)));
    })
    .reverse();
}

function seeded(): { s: Store; messages: string[] } {
  const s = openStore(':memory:');
  stores.push(s);
  s.records.createSession({ id: 's1' });
  let seed = 7;
  const rnd = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  const messages = Array.from({ length: 400 }, (_, i) => `step ${i}: ${VOCAB[rnd(VOCAB.length)]} ${VOCAB[rnd(VOCAB.length)]}.`);
  s.events.appendMany(messages.map((message) => ({ session_id: 's1', type: 'step_started', message, data: {} })));
  return { s, messages };
}

describe('log text search', () => {
  it('finds the events whose words start with every query word, short or longer than the indexed prefixes', () => {
    const { s, messages } = seeded();
    for (const q of [
      'nav',
      'navigation',
      'navigations',
      'navigationa',
      'navigat',
      'selectors',
      'select price',
      '배송지',
      '배송지를',
      '결',
      'Prices',
    ]) {
      const want = expected(messages, q);
      expect(want.length, q).toBeGreaterThan(0);
      expect(allMatches(s, q), q).toEqual(want);
    }
    expect(allMatches(s, 'navigationalx')).toEqual([]);
  });

  it('gives the explorer the same matches, counted', () => {
    const { s, messages } = seeded();
    const page = eventPage(s, { text: 'navigations' }, 0, 1000);
    const want = expected(messages, 'navigations');
    expect(page.total).toBe(want.length);
    expect(page.events.map((e) => e.message)).toEqual([...want].reverse());
  });

  it('finds the same matches inside a session, whether its rows are read directly or through the index', () => {
    const { s, messages } = seeded();
    // another session around it; a large one (more events than a direct read takes) goes through the index
    s.records.createSession({ id: 'big' });
    const big = Array.from({ length: 5200 }, (_, i) => `big ${i}: ${VOCAB[i % VOCAB.length]} Café`);
    s.events.appendMany(big.map((message) => ({ session_id: 'big', type: 'step_started', message, data: {} })));
    s.events.append({ session_id: 's1', type: 'step_started', message: 'Déjà vu at the CAFÉ', data: {} });
    const inSession = (session: string, text: string) => {
      const out: string[] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = s.queryEvents({ text, session_id: session, limit: 50, order: 'desc', ...(cursor ? { cursor } : {}) });
        out.push(...page.events.map((e) => e.message));
        if (!page.next) return out;
        cursor = page.next;
      }
    };
    const fold = (m: string) =>
      m
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .normalize('NFC');
    for (const q of ['nav', 'navigations', 'select price', '배송지', '결', 'Prices', 'cafe', 'déjà']) {
      const want = expected([...messages, 'Déjà vu at the CAFÉ'].map(fold), fold(q));
      expect(inSession('s1', q).map(fold), q).toEqual(want);
      expect(inSession('big', q).map(fold), `big: ${q}`).toEqual(expected(big.map(fold), fold(q)));
    }
    expect(inSession('s1', 'cafe')).toEqual(['Déjà vu at the CAFÉ']);
    expect(inSession('big', 'cafe')).toHaveLength(5200);
  });

  it('turns long words into an indexed prefix plus a check in the message', () => {
    expect(ftsSearch('navigations 결제')).toEqual({ match: '"navigati"* AND "결제"*', contains: ['navigations'] });
    expect(ftsSearch('  ')).toBeNull();
  });

  it('keeps events written before the prefix index searchable after the upgrade', () => {
    const dir = mkdtempSync(join(tmpdir(), 'steward-fts-'));
    dirs.push(dir);
    const path = join(dir, 'steward.db');
    const old = openStore(path);
    old.records.createSession({ id: 's1' });
    // the index as the previous schema made it: no prefix indexes
    old.db.raw.exec(`
      DROP TRIGGER events_fts_ai; DROP TRIGGER events_fts_ad; DROP TABLE events_fts;
      CREATE VIRTUAL TABLE events_fts USING fts5(message, content='events', content_rowid='seq', tokenize='unicode61', detail='none', columnsize=0);
      CREATE TRIGGER events_fts_ai AFTER INSERT ON events BEGIN INSERT INTO events_fts(rowid, message) VALUES (new.seq, new.message); END;
      CREATE TRIGGER events_fts_ad AFTER DELETE ON events BEGIN
        INSERT INTO events_fts(events_fts, rowid, message) VALUES ('delete', old.seq, old.message); END;
      DELETE FROM schema_migrations WHERE version >= 6;`);
    old.events.append({ session_id: 's1', type: 'step_started', message: 'navigational search done', data: {} });
    old.close();
    const s = openStore(path);
    stores.push(s);
    const sql = s.db.get<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'events_fts'")?.sql ?? '';
    expect(sql).toContain('prefix=');
    expect(allMatches(s, 'navigational')).toEqual(['navigational search done']);
    expect(allMatches(s, 'sea')).toEqual(['navigational search done']);
  });
});
