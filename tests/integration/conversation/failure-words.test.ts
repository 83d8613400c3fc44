/**
 * A failure reaches the person in their own language and in the page's own words: what the page
 * says (its alert) and what they can do. The technical detail — the error code, an element uid,
 * a timeout in milliseconds, the thrown message — goes to the log only. Driven through the
 * session facade over a real Chromium and real pages: a search page that never shows results
 * (its wait times out), the visa form whose nationality list lacks the profile's country, and an
 * engine fault (a tool that throws as a bug would) while a real page is open.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserDriver } from '../../../src/main/browser/driver.ts';
import { createSession } from '../../../src/main/conversation/session.ts';
import type { TurnResult } from '../../../src/main/conversation/turn/types.ts';
import { loadPacks } from '../../../src/main/packs/index.ts';
import type { PackRegistry } from '../../../src/main/packs/registry.ts';
import { openStore, type Store } from '../../../src/main/store/index.ts';
import { browserRuntimeTools } from '../../../src/main/tools/browser-source.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import type { RuntimeTool } from '../../../src/main/tools/types.ts';
import { type FixtureSites, startFixtureSites } from '../../fixtures/sites/server.ts';
import { PROFILE } from './browse-harness.ts';
import { NOW } from './harness.ts';

/** A flight search page that is down: it says so in an alert and never lists flights. */
const DOWN_PAGE = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>Flights</title></head>
<body><main><h1>항공권 검색 Flight search</h1>
<div role="alert">시스템 점검 중이라 지금은 검색할 수 없습니다. Search is closed for maintenance until 06:00.</div>
</main></body></html>`;

/** Words that belong to the log, never to the person. */
const DEVELOPER_WORDS = [
  /TIMEOUT/,
  /ELEMENT_NOT_FOUND/,
  /INTERNAL/,
  /\b\d+_[0-9a-z]+\b/,
  /\d{4,} ?ms\b/,
  /snapshot/i,
  /\buid\b/i,
  /TypeError/,
];

function expectPersonWords(reply: string): void {
  for (const w of DEVELOPER_WORDS) expect(reply, `"${reply}" has developer words ${w}`).not.toMatch(w);
}

let sites: FixtureSites;
let down: Server;
let downUrl: string;
let driver: BrowserDriver;
let packs: PackRegistry;
let artifacts: string;
beforeAll(async () => {
  sites = await startFixtureSites({ apiDelayMs: 0 });
  down = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(DOWN_PAGE);
  });
  await new Promise<void>((r) => down.listen(0, '127.0.0.1', r));
  const a = down.address();
  downUrl = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  driver = await BrowserDriver.launch({ headless: true });
  packs = await loadPacks();
  artifacts = mkdtempSync(join(tmpdir(), 'steward-failure-words-'));
}, 120_000);
afterAll(async () => {
  await driver?.close();
  await sites?.close();
  await new Promise((r) => down?.close(r));
  if (artifacts) rmSync(artifacts, { recursive: true, force: true });
});

interface Chat {
  store: Store;
  say(text: string): Promise<TurnResult>;
  /** Every event's data the session wrote, as text (what support staff read). */
  log(): string;
  close(): void;
}

function chat(opts: { sites: Record<string, string>; profile?: Record<string, string>; broken?: string }): Chat {
  const store = openStore(':memory:');
  const runtime = new ToolRuntime({ store, timeoutMs: 30_000 });
  const tools: RuntimeTool[] = browserRuntimeTools({ driver, artifactsDir: artifacts });
  runtime.register(
    ...tools.map((t) =>
      t.name === opts.broken
        ? {
            ...t,
            run: async () => {
              // a fault inside the engine, as a bug would throw it
              throw new TypeError("Cannot read properties of undefined (reading 'frameId')");
            },
          }
        : t,
    ),
  );
  const conv = createSession({
    store,
    runtime,
    packs,
    sites: opts.sites,
    understanding: 'offline',
    now: () => NOW,
    tz: 'Asia/Seoul',
    profiles: { default: opts.profile ?? PROFILE },
  });
  return {
    store,
    say: (text) => conv.send(text),
    log: () => JSON.stringify(store.queryEvents({ session_id: conv.sessionId, limit: 1000 }).events),
    close: () => {
      conv.close();
      store.close();
    },
  };
}

describe('a wait that times out: the person reads what the page says', () => {
  it.each([
    ['ko', '12월 20일 인천에서 나리타 가는 직항 찾아줘', /다시|나중/],
    ['en', 'find me a direct flight ICN to NRT on 20 Dec', /again|later/i],
  ])(
    '%s',
    async (_locale, text, next) => {
      const c = chat({ sites: { flights: downUrl } });
      try {
        const r = await c.say(text);
        expect(r.stage).toBe('FAILED');
        expect(r.reply).toContain('시스템 점검 중이라 지금은 검색할 수 없습니다');
        expect(r.reply).toMatch(next);
        expectPersonWords(r.reply);
        // the detail is kept for the log explorer
        expect(r.failure?.code).toBe('TIMEOUT');
        expect(c.log()).toContain('TIMEOUT');
        expect(c.log()).toMatch(/Waited \d+ ms/);
      } finally {
        c.close();
      }
    },
    90_000,
  );
});

describe('a list without the wanted option: the person reads the choices the page offers', () => {
  it.each([
    ['ko', '비자 신청서 내 프로필로 채워줘', /국적|목록/],
    ['en', 'fill in the visa application with my profile', /nationality|list/i],
  ])(
    '%s',
    async (_locale, text, says) => {
      const c = chat({ sites: { form: sites.urls.form }, profile: { ...PROFILE, nationality: 'Atlantis' } });
      try {
        const r = await c.say(text);
        expect(r.stage).toBe('FAILED');
        expect(r.reply).toContain('Atlantis');
        expect(r.reply).toMatch(says);
        expect(r.reply).toContain('대한민국 Republic of Korea');
        expectPersonWords(r.reply);
        expect(c.log()).toContain('ELEMENT_NOT_FOUND');
        expect(c.log()).toMatch(/\d+_[0-9a-z]+ has no option/);
      } finally {
        c.close();
      }
    },
    90_000,
  );
});

describe('a fault inside the engine: the person is told plainly, the log keeps the fault', () => {
  it.each([
    ['ko', '12월 20일 인천에서 나리타 가는 직항 찾아줘', /문제|오류/, /다시/],
    ['en', 'find me a direct flight ICN to NRT on 20 Dec', /problem|went wrong/i, /again/i],
  ])(
    '%s',
    async (_locale, text, says, next) => {
      const c = chat({ sites: { flights: sites.urls.flights }, broken: 'navigate_page' });
      try {
        const r = await c.say(text);
        expect(r.stage).toBe('FAILED');
        expect(r.reply).toMatch(says);
        expect(r.reply).toMatch(next);
        expect(r.reply).not.toContain('frameId');
        expectPersonWords(r.reply);
        expect(r.failure?.code).toBe('INTERNAL');
        expect(c.log()).toContain('frameId');
      } finally {
        c.close();
      }
    },
    90_000,
  );
});
