import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BrowserDriver } from '../../../src/main/browser/driver.ts';
import type { LaunchedBrowser } from '../../../src/main/browser/transport/launch.ts';
import { openStore } from '../../../src/main/store/index.ts';
import { ToolRuntime } from '../../../src/main/tools/runtime.ts';
import type { StepInput } from '../../../src/shared/plan.ts';
import { type FaultSite, startFaultSite } from './fault-site.ts';
import { launchSharedChromium, runApproving, runEngineChild } from './kill-harness.ts';
import { plan } from './site-plans.ts';

/**
 * Kills the engine process at chosen points of acting steps (a fault hook in the executor sends
 * SIGKILL there), disturbs the browser the way a person or a crash would, and resumes. The oracle
 * is the fixture server's request log and what the page shows.
 */
let site: FaultSite;
let browser: LaunchedBrowser;
let ws: string;
let dir: string;
let n = 0;

beforeAll(async () => {
  site = await startFaultSite();
  ({ browser, ws } = await launchSharedChromium());
  dir = mkdtempSync(join(tmpdir(), 'steward-faults-'));
});
afterAll(async () => {
  await browser?.session.close();
  await site?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => site.reset());

const listSteps = (url: string): StepInput[] => [
  { id: 'open', type: 'navigate', url: `${url}/list` },
  { id: 'item1', type: 'fill', target: { label: 'Item' }, value: 'apple' },
  { id: 'add1', type: 'click', target: { role: 'button', name: 'Add' } },
  { id: 'shown1', type: 'wait', text: '1 items' },
  { id: 'item2', type: 'fill', target: { label: 'Item' }, value: 'pear' },
  { id: 'add2', type: 'click', target: { role: 'button', name: 'Add' } },
  { id: 'shown2', type: 'assert', text: '2 items' },
];

function setup(steps: StepInput[]) {
  const id = `faults-${++n}`;
  const planFile = join(dir, `${id}.json`);
  writeFileSync(planFile, JSON.stringify(plan('Test', steps, [], id)));
  const db = join(dir, `${id}.db`);
  const args = [db, ws, planFile, id, join(dir, 'artifacts')];
  // the engine runs (and is killed at `fault`); a request the gate holds for approval is approved by the person
  return { id, db, args, run: (fault?: string) => runApproving(args, id, fault ? { fault } : {}) };
}

/** What the server received: POST bodies to /api/add, in order. */
const added = () => site.posts('/api/add').map((r) => r.body);

async function withDriver<T>(fn: (d: BrowserDriver) => Promise<T>): Promise<T> {
  const d = await BrowserDriver.connect(ws);
  try {
    return await fn(d);
  } finally {
    await d.close();
  }
}

describe('a kill between an action and its commit', () => {
  it.each([['after-action-before-commit:add1'], ['after-action:add2']])(
    'does not send an Add again on resume (%s)',
    async (fault) => {
      const { id, db, run } = setup(listSteps(site.url));
      const first = await run(fault);
      expect(first.fault).toBe(fault.replace(':', ' '));
      expect(first.killed).toBe(true);
      const again = await run();
      expect(again.done).toMatch(/^completed/);
      // the oracle: each Add reached the server exactly once, and the page shows two items
      expect(added()).toEqual(['apple', 'pear']);
      const store = openStore(db);
      try {
        expect(store.integrityCheck()).toBe('ok');
        const recovered = store.events.forSession(id).filter((e) => e.type === 'step_succeeded' && e.data.recovered === true);
        expect(recovered.map((e) => e.data.step_id)).toEqual([fault.split(':')[1]]);
      } finally {
        store.close();
      }
    },
    120_000,
  );

  it('asks the person, and does not click again, when the page that would tell is gone', async () => {
    const { id, db, args, run } = setup(listSteps(site.url));
    expect((await run('before-action:add1')).killed).toBe(true);
    await withDriver(async (d) => {
      await d.newPage('about:blank');
      for (const p of d.pages()) if (!p.url().startsWith('about:')) await d.closePage(p.id);
    });
    const asked = await runEngineChild(args, { approvals: 'return' });
    expect(asked.done).toMatch(/^awaiting_approval/);
    expect(added()).toEqual([]);
    // the person looks: nothing reached the server, so they click Add themselves and say done
    await withDriver(async (d) => {
      await d.selectPage(d.pages().find((p) => p.url().includes('/list'))?.id as string);
      await d.selectedPage().send('Runtime.evaluate', { expression: "document.getElementById('add').click()" });
    });
    await expect.poll(added).toEqual(['apple']);
    const store = openStore(db);
    try {
      const runtime = new ToolRuntime({ store });
      const question = store.runs.approvals(id).find((a) => a.step_id === 'add1' && a.mode === 'hand_over');
      expect(question?.status).toBe('pending');
      runtime.gate.approve(question?.id as string, 'person');
      runtime.gate.markDone(question?.id as string, 'person');
    } finally {
      store.close();
    }
    const again = await run();
    expect(again.done).toMatch(/^completed/);
    expect(added()).toEqual(['apple', 'pear']);
  }, 120_000);

  it.each([
    ['after-commit:add2', ['apple', 'pear']],
    // the fill of "pear" had acted but not committed: the rebuilt page lost it, so it is typed again before Add
    ['after-action-before-commit:item2', ['apple']],
  ])(
    'rebuilds a lost browser without re-clicking the Adds that reached the server (%s)',
    async (fault, before) => {
      const { run } = setup(listSteps(site.url));
      const first = await run(fault);
      expect(first.killed).toBe(true);
      expect(added()).toEqual(before);
      // the browser loses the page: every tab closed, a fresh one open on nothing
      await withDriver(async (d) => {
        await d.newPage('about:blank');
        for (const p of d.pages()) if (!p.url().startsWith('about:')) await d.closePage(p.id);
      });
      const again = await run();
      expect(again.done).toMatch(/^completed/);
      expect(added()).toEqual(['apple', 'pear']);
    },
    120_000,
  );
});

describe('resuming after the page moved', () => {
  const applySteps = (url: string): StepInput[] => [
    { id: 'open', type: 'navigate', url: `${url}/apply` },
    { id: 'name', type: 'fill', target: { label: 'Full name' }, value: 'Kim Minji' },
    { id: 'check', type: 'assert', target: { label: 'Full name' }, value: 'Kim Minji' },
    { id: 'seen', type: 'assert', text: 'Visa application' },
  ];

  it('opens a new tab when the tab was closed', async () => {
    const { run } = setup(applySteps(site.url));
    expect((await run('after-commit:name')).killed).toBe(true);
    await withDriver(async (d) => {
      for (const p of d.pages()) await d.closePage(p.id);
    });
    const again = await run();
    expect(again.done).toMatch(/^completed/);
    const pages = await withDriver(async (d) => d.pages().map((p) => p.url()));
    expect(pages).toContain(`${site.url}/apply`);
  }, 120_000);

  it('notices a reloaded page at the same address (what was typed into it is gone) and types it again', async () => {
    const { run } = setup(listSteps(site.url));
    expect((await run('after-commit:item2')).killed).toBe(true);
    await withDriver(async (d) => {
      await d.selectPage(d.pages().find((p) => p.url().includes('/list'))?.id as string);
      await d.selectedPage().send('Page.reload', {});
    });
    await expect.poll(() => site.log.filter((r) => r.path === '/list').length).toBe(2);
    const again = await run();
    expect(again.done).toMatch(/^completed/);
    expect(added()).toEqual(['apple', 'pear']);
  }, 120_000);

  it('compares the full address, not only the site, after a same-site navigation', async () => {
    const { run } = setup(applySteps(site.url));
    expect((await run('after-commit:name')).killed).toBe(true);
    await withDriver(async (d) => {
      const page = d.pages().find((p) => p.url().includes('/apply'));
      expect(page).toBeDefined();
      await d.selectPage(page?.id as string);
      await d.selectedPage().send('Page.navigate', { url: `${site.url}/elsewhere` });
    });
    const again = await run();
    expect(again.done).toMatch(/^completed/);
    expect(site.log.filter((r) => r.path === '/apply').length).toBe(2);
  }, 120_000);
});
