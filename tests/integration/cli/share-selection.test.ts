/**
 * A share group shares the browser, not the selection: each member's calls without --page act on
 * the page that member opened or selected, whatever the other members opened since. The oracle is
 * the page itself (its title, set by the page's own script from its URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaticServer, serveFolder } from '../../helpers/static-server.ts';
import { cdt, FIXTURES, makeHome, startInteractiveAgent, stopDaemon } from './helpers.ts';

const home = makeHome();
let site: StaticServer;

beforeAll(async () => {
  site = await serveFolder(FIXTURES);
});
afterAll(async () => {
  await stopDaemon(home);
  await site?.close();
}, 60_000);

const title = ['runtime', 'eval', '--function', '() => document.title', '--share-group', 'team'];

describe('--share-group selection', () => {
  it('each member keeps its own selected page while the others open and select theirs', async () => {
    const [a, b, c] = [0, 1, 2].map(() => startInteractiveAgent(home));
    if (!a || !b || !c) throw new Error('agents');
    const open = (agent: typeof a, who: string) =>
      agent.run(['page', 'open', '--url', `${site.url}/agent.html?agent=${who}`, '--share-group', 'team']);
    expect((await open(a, 'alpha')).ok).toBe(true);
    expect((await open(b, 'bravo')).ok).toBe(true);
    // The browser's last opened page is bravo's; alpha's member still acts on alpha.
    expect((await a.run(title)).data.result).toBe('agent alpha');
    expect((await b.run(title)).data.result).toBe('agent bravo');

    // Interleaved, many times: each answer is its own member's page.
    for (let i = 0; i < 5; i++) {
      const [ra, rb] = await Promise.all([a.run(title), b.run(title)]);
      expect([ra.data.result, rb.data.result]).toEqual(['agent alpha', 'agent bravo']);
    }

    // A member that selects another page switches only its own selection.
    const pages = (await c.run(['page', 'list', '--share-group', 'team'])).data.pages as Array<{ id: string; title: string }>;
    const alphaPage = pages.find((p) => p.title === 'agent alpha');
    expect(alphaPage).toBeDefined();
    expect((await c.run(['page', 'use', '--page', String(alphaPage?.id), '--share-group', 'team'])).ok).toBe(true);
    expect((await c.run(title)).data.result).toBe('agent alpha');
    expect((await b.run(title)).data.result).toBe('agent bravo');
    // page list marks each member's own selection.
    const listed = (await b.run(['page', 'list', '--share-group', 'team'])).data.pages as Array<{ title: string; selected: boolean }>;
    expect(listed.filter((p) => p.selected).map((p) => p.title)).toEqual(['agent bravo']);

    // All three drive one browser.
    const all = await cdt(home, ['session', 'status', '--all']);
    const team = all.json.data.contexts.filter((x: { label: string }) => x.label === 'share-group=team');
    expect(team).toHaveLength(1);
    expect(team[0].owners).toHaveLength(3);
  }, 120_000);
});
