/** Automatic isolation: one browser per context, reuse, 10 agents at once without leaks, and a shared group. */
import { totalmem } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaticServer, serveFolder } from '../../helpers/static-server.ts';
import { browsersUnder, cdt, FIXTURES, makeHome, startAgent, stopDaemon, waitFor } from './helpers.ts';

const home = makeHome();
// The default number of slots (from memory) fits ten agents on any machine with 5 GB or more.
const env: Record<string, string> = totalmem() >= 5 * 1024 ** 3 ? {} : { CDT_MAX_SLOTS: '12' };
let site: StaticServer;

beforeAll(async () => {
  site = await serveFolder(FIXTURES);
});
afterAll(async () => {
  await stopDaemon(home);
  await site?.close();
}, 60_000);

describe('context resolution through the CLI', () => {
  it('resolves CDT_CONTEXT_ID before --share-group before the calling process', async () => {
    const both = await cdt(home, ['session', 'status', '--share-group', 'g'], { ...env, CDT_CONTEXT_ID: 'a' });
    expect(both.json.data.context).toMatchObject({ resolvedBy: 'env', label: 'CDT_CONTEXT_ID=a' });
    const group = await cdt(home, ['session', 'status', '--share-group', 'g'], env);
    expect(group.json.data.context).toMatchObject({ resolvedBy: 'share-group', label: 'share-group=g' });
    const auto = await cdt(home, ['session', 'status'], env);
    expect(auto.json.data.context.resolvedBy).toBe('fingerprint');
    expect(auto.json.data.context.label).toContain(`[${process.pid}]`);
    expect(new Set([both, group, auto].map((r) => r.json.data.context.id)).size).toBe(3);
  });

  it('the same context reuses its browser; another context gets its own', async () => {
    const a1 = await cdt(home, ['page', 'open', '--url', `${site.url}/agent.html?agent=a`], { ...env, CDT_CONTEXT_ID: 'a' });
    expect(a1.code, a1.stdout + a1.stderr).toBe(0);
    const s1 = await cdt(home, ['session', 'status'], { ...env, CDT_CONTEXT_ID: 'a' });
    const a2 = await cdt(home, ['page', 'list'], { ...env, CDT_CONTEXT_ID: 'a' });
    const s2 = await cdt(home, ['session', 'status'], { ...env, CDT_CONTEXT_ID: 'a' });
    expect(s2.json.data.session.startedAt).toBe(s1.json.data.session.startedAt);
    expect(s2.json.data.session.profileDir).toBe(s1.json.data.session.profileDir);
    expect(a2.json.data.pages.some((p: { url: string }) => p.url.includes('agent=a'))).toBe(true);

    const b = await cdt(home, ['page', 'list'], { ...env, CDT_CONTEXT_ID: 'b' });
    expect(b.json.data.pages.some((p: { url: string }) => p.url.includes('agent=a'))).toBe(false);
    const sb = await cdt(home, ['session', 'status'], { ...env, CDT_CONTEXT_ID: 'b' });
    expect(sb.json.data.session.profileDir).not.toBe(s1.json.data.session.profileDir);
    for (const id of ['a', 'b'])
      expect((await cdt(home, ['session', 'stop'], { ...env, CDT_CONTEXT_ID: id })).json.data.stopped).toBe(true);
  });
});

describe('10 agents at once', () => {
  const agents = Array.from({ length: 10 }, (_, i) => `agent${i}`);

  it('each opens its page in its own browser, with no pages, console or network entries of the others', async () => {
    const opened = await Promise.all(
      agents.map((a) => cdt(home, ['page', 'open', '--url', `${site.url}/agent.html?agent=${a}`], { ...env, CDT_CONTEXT_ID: a })),
    );
    for (const r of opened) expect(r.code, r.stdout + r.stderr).toBe(0);
    const profiles = new Set<string>();
    for (const a of agents) {
      const others = agents.filter((o) => o !== a);
      const status = await cdt(home, ['session', 'status'], { ...env, CDT_CONTEXT_ID: a });
      profiles.add(status.json.data.session.profileDir);
      const pages = (await cdt(home, ['page', 'list'], { ...env, CDT_CONTEXT_ID: a })).json.data.pages as Array<{ url: string }>;
      expect(pages.some((p) => p.url.endsWith(`agent=${a}`))).toBe(true);
      expect(pages.filter((p) => others.some((o) => p.url.endsWith(`agent=${o}`)))).toEqual([]);
      const consoleText = (await cdt(home, ['console', 'list'], { ...env, CDT_CONTEXT_ID: a })).stdout;
      expect(consoleText).toContain(`console-from-${a}`);
      for (const o of others) expect(consoleText).not.toMatch(new RegExp(`console-from-${o}\\b`));
      const networkText = (await cdt(home, ['network', 'list'], { ...env, CDT_CONTEXT_ID: a })).stdout;
      expect(networkText).toContain(`ping-${a}.json`);
      for (const o of others) expect(networkText).not.toContain(`ping-${o}.json`);
    }
    expect(profiles.size).toBe(10);
    expect(browsersUnder(home).length).toBeGreaterThanOrEqual(10);
    await Promise.all(agents.map((a) => cdt(home, ['session', 'stop'], { ...env, CDT_CONTEXT_ID: a })));
  }, 240_000);
});

describe('--share-group', () => {
  it('three callers in one group see the same pages; a caller outside it does not', async () => {
    const first = startAgent(home, [['page', 'open', '--url', `${site.url}/agent.html?agent=shared`, '--share-group', 'qa']], env);
    expect(JSON.parse(await first.output).ok).toBe(true);
    const others = [0, 1].map(() => startAgent(home, [['page', 'list', '--share-group', 'qa']], env));
    for (const o of others) {
      const list = JSON.parse(await o.output);
      expect(list.data.pages.some((p: { url: string }) => p.url.endsWith('agent=shared'))).toBe(true);
    }
    const outside = await cdt(home, ['page', 'list', '--share-group', 'other'], env);
    expect(outside.json.data.pages.some((p: { url: string }) => p.url.endsWith('agent=shared'))).toBe(false);
    const all = await cdt(home, ['session', 'status', '--all'], env);
    const qa = all.json.data.contexts.find((c: { label: string }) => c.label === 'share-group=qa');
    expect(qa.owners).toHaveLength(3);
  }, 120_000);
});

describe('queues', () => {
  it('mutating commands of one context run in order; another context is not held up', async () => {
    const slow = '() => new Promise((r) => setTimeout(() => { window.__slowDone = true; r("slow done"); }, 15000))';
    for (const id of ['q1', 'q2']) expect((await cdt(home, ['page', 'list'], { ...env, CDT_CONTEXT_ID: id })).code).toBe(0);
    const first = cdt(home, ['runtime', 'eval', '--function', slow], { ...env, CDT_CONTEXT_ID: 'q1' });
    const queuedInQ1 = async () =>
      (await cdt(home, ['session', 'status'], { ...env, CDT_CONTEXT_ID: 'q1' })).json.data.session.queued as number;
    await waitFor('slow call holds q1', async () => (await queuedInQ1()) >= 1);
    const second = cdt(home, ['runtime', 'eval', '--function', '() => window.__slowDone === true'], { ...env, CDT_CONTEXT_ID: 'q1' });
    // Another context answers while q1 is still busy with the slow call.
    const other = await cdt(home, ['runtime', 'eval', '--function', '() => document.title'], { ...env, CDT_CONTEXT_ID: 'q2' });
    expect(other.code, other.stdout).toBe(0);
    expect(await queuedInQ1()).toBeGreaterThanOrEqual(1);
    // The later q1 call ran only after the slow one had finished.
    const [a, b] = await Promise.all([first, second]);
    expect(a.stdout).toContain('slow done');
    expect(b.json.data.result).toBe(true);
  }, 120_000);
});
