/**
 * Faults part of `npm run bench`: kill -9 of the engine at random points of a plan whose steps
 * change server state (two "Add" POSTs and an approved "Submit application" POST), resuming
 * each time until the plan completes. Some kills land at random times after the plan started,
 * the others at a random fault point of a random acting step (the executor's fault hook); after
 * some kills every tab is closed as well (a lost browser). The oracle is the fixture server's
 * request log and the store:
 *  - integrity failures (SQLite integrity_check after every kill),
 *  - acknowledged events lost (an event id printed by the engine that is not in the store),
 *  - state-changing requests sent twice (a POST body the server received more than once),
 *  - false refusals to resume (a resume that ended failed although the world allowed going on).
 * BENCH_FAULT_KILLS (default 36) sets how many kills at least.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserDriver } from '../src/main/browser/driver.ts';
import { FAULT_POINTS } from '../src/main/plan/executor/types.ts';
import { openStore } from '../src/main/store/index.ts';
import { ToolRuntime } from '../src/main/tools/runtime.ts';
import type { StepInput } from '../src/shared/plan.ts';
import { type FaultSite, startFaultSite } from '../tests/integration/engine/fault-site.ts';
import { type ChildRun, launchSharedChromium, runEngineChild } from '../tests/integration/engine/kill-harness.ts';
import { plan } from '../tests/integration/engine/site-plans.ts';
import { type Metrics, metric } from './report.ts';

const KILLS = Number(process.env.BENCH_FAULT_KILLS ?? 36);
const SESSION = 'faults';
const VERBOSE = process.env.BENCH_FAULT_VERBOSE === '1';
const say = (line: string) => VERBOSE && console.error(line);

function steps(url: string): StepInput[] {
  return [
    { id: 'open', type: 'navigate', url: `${url}/list` },
    { id: 'item1', type: 'fill', target: { label: 'Item' }, value: 'apple' },
    { id: 'add1', type: 'click', target: { role: 'button', name: 'Add' } },
    { id: 'shown1', type: 'wait', text: '1 items' },
    { id: 'item2', type: 'fill', target: { label: 'Item' }, value: 'pear' },
    { id: 'add2', type: 'click', target: { role: 'button', name: 'Add' } },
    { id: 'shown2', type: 'wait', text: '2 items' },
    { id: 'apply', type: 'navigate', url: `${url}/apply` },
    { id: 'name', type: 'fill', target: { label: 'Full name' }, value: 'Kim Minji' },
    {
      id: 'submit',
      type: 'click',
      target: { role: 'button', name: 'Submit application' },
      approval: { kind: 'submission', mode: 'execute', completion: { text: 'Application received' } },
    },
    { id: 'received', type: 'wait', text: 'Application received #1' },
  ];
}
const ACTING = ['open', 'item1', 'add1', 'item2', 'add2', 'apply', 'name', 'submit'];
/** The steps that change server state: half of the fault-point kills aim at them. */
const SENDING = ['add1', 'add2', 'submit'];
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;

interface Tally {
  trials: number;
  kills: number;
  pointKills: number;
  lostBrowser: number;
  midStep: number;
  resumes: number;
  integrity: number;
  lostEvents: number;
  sentTwice: number;
  falseRefusals: number;
  asked: number;
  completed: number;
}

/** The person: approves a pending approval; for a hand-over in doubt, looks at the server log and does the step only if it did not happen. */
async function person(db: string, site: FaultSite, ws: string, t: Tally): Promise<void> {
  const store = openStore(db);
  try {
    const runtime = new ToolRuntime({ store });
    for (const a of store.runs.approvals(SESSION).filter((x) => x.status === 'pending' || x.status === 'granted')) {
      if (a.mode === 'execute' && a.status === 'pending') runtime.gate.approve(a.id, 'person');
      else if (a.mode === 'hand_over') {
        if (a.status === 'pending') {
          runtime.gate.approve(a.id, 'person');
          t.asked++;
        }
        const body = a.step_id === 'add1' ? 'apple' : a.step_id === 'add2' ? 'pear' : 'Kim Minji';
        const path = a.step_id === 'submit' ? '/api/apply' : '/api/add';
        if (!site.posts(path).some((r) => r.body === body)) await clickInBrowser(ws, a.step_id === 'submit' ? 'submit' : 'add');
        runtime.gate.markDone(a.id, 'person');
      }
    }
  } finally {
    store.close();
  }
}

async function clickInBrowser(ws: string, id: string): Promise<void> {
  const d = await BrowserDriver.connect(ws);
  try {
    await d.selectedPage().send('Runtime.evaluate', { expression: `document.getElementById(${JSON.stringify(id)})?.click()` });
    await new Promise((r) => setTimeout(r, 300));
  } finally {
    await d.close();
  }
}

async function loseBrowser(ws: string): Promise<void> {
  const d = await BrowserDriver.connect(ws);
  try {
    await d.newPage('about:blank');
    for (const p of d.pages()) if (!p.url().startsWith('about:')) await d.closePage(p.id);
  } finally {
    await d.close();
  }
}

/** Checks the store after a run: integrity and the acknowledged events; after a kill, whether it landed inside a step. */
function audit(db: string, sessionId: string, acked: string[], t: Tally, killed: boolean): void {
  const store = openStore(db);
  try {
    if (store.integrityCheck() !== 'ok') t.integrity++;
    if (killed && store.runs.executions(`${sessionId}-${t.trials}`).some((e) => e.status === 'started')) t.midStep++;
    const ids = new Set(store.events.forSession(sessionId).map((e) => e.id));
    t.lostEvents += acked.filter((id) => !ids.has(id)).length;
  } finally {
    store.close();
  }
}

export async function run(): Promise<Metrics> {
  const site = await startFaultSite();
  const { browser, ws } = await launchSharedChromium();
  const dir = mkdtempSync(join(tmpdir(), 'steward-faults-bench-'));
  const t: Tally = {
    trials: 0,
    kills: 0,
    pointKills: 0,
    lostBrowser: 0,
    midStep: 0,
    resumes: 0,
    integrity: 0,
    lostEvents: 0,
    sentTwice: 0,
    falseRefusals: 0,
    asked: 0,
    completed: 0,
  };
  try {
    // how long one undisturbed run takes (kills are spread over it)
    let span = 2500;
    while (t.kills < KILLS) {
      site.reset();
      const id = SESSION;
      const trialDir = mkdtempSync(join(dir, 'trial-'));
      const planFile = join(trialDir, 'plan.json');
      writeFileSync(planFile, JSON.stringify(plan('Apply', steps(site.url), [], `${id}-${t.trials}`)));
      const db = join(trialDir, 'steward.db');
      const args = [db, ws, planFile, id, join(trialDir, 'artifacts')];
      const acked: string[] = [];
      let killsHere = 0;
      const wanted = 1 + Math.floor(Math.random() * 3);
      let finished = false;
      for (let round = 0; round < 20; round++) {
        const kill = killsHere < wanted && t.kills < KILLS;
        const usePoint = kill && Math.random() < 0.4;
        const r: ChildRun = await runEngineChild(args, {
          approvals: 'return',
          ...(kill && usePoint ? { fault: `${pick(FAULT_POINTS)}:${pick(Math.random() < 0.5 ? SENDING : ACTING)}` } : {}),
          ...(kill && !usePoint ? { killAfterFirstAckMs: Math.floor(Math.random() * span) } : {}),
        });
        if (round > 0) t.resumes++;
        // kills at random times are spread over how long an undisturbed stretch of the plan runs
        if (!r.killed && r.ackSpanMs) span = Math.max(span * 0.5, r.ackSpanMs);
        say(
          `trial ${t.trials} round ${round}: ${kill ? (r.fault ?? 'timed kill') : 'no kill'} → ${r.done ?? (r.killed ? 'killed' : '?')} [server: ${site.log
            .filter((x) => x.method === 'POST')
            .map((x) => x.body)
            .join(', ')}]`,
        );
        acked.push(...r.acked);
        audit(db, id, acked, t, r.killed && !r.done);
        if (r.killed && !r.done) {
          t.kills++;
          killsHere++;
          if (r.fault) t.pointKills++;
          if (Math.random() < 0.2) {
            t.lostBrowser++;
            await loseBrowser(ws);
          }
          continue;
        }
        const status = r.done?.split(' ')[0];
        if (status === 'completed') {
          t.completed++;
          finished = true;
          break;
        }
        if (status === 'awaiting_approval' || status === 'handed_over') {
          await person(db, site, ws, t);
          continue;
        }
        // the world allowed going on (nothing here conflicts): any other end is a false refusal
        t.falseRefusals++;
        finished = true;
        console.error(`trial ${t.trials}: resume ended ${r.done}`);
        if (VERBOSE) {
          const store = openStore(db);
          for (const e of store.events.forSession(id).slice(-40)) console.error(`  ${e.type} ${e.message}`);
          store.close();
        }
        break;
      }
      if (!finished) {
        // ran out of rounds without an end: counted as a refusal to resume (it never got through)
        t.falseRefusals++;
        console.error(`trial ${t.trials}: no end after 20 runs (${db})`);
        if (VERBOSE) {
          const store = openStore(db);
          for (const a of store.runs.approvals(SESSION)) console.error(`  approval ${a.step_id} ${a.mode} ${a.status} ${a.action}`);
          for (const e of store.runs.executions(`${SESSION}-${t.trials}`)) console.error(`  execution ${e.step_id} ${e.status}`);
          store.close();
        }
      }
      for (const [path, bodies] of [
        ['/api/add', ['apple', 'pear']],
        ['/api/apply', ['Kim Minji']],
      ] as const) {
        for (const b of bodies) t.sentTwice += Math.max(0, site.posts(path).filter((x) => x.body === b).length - 1);
      }
      t.trials++;
    }
  } finally {
    await browser.session.close();
    await site.close();
    if (!process.env.BENCH_FAULT_KEEP) rmSync(dir, { recursive: true, force: true });
  }
  return {
    kills: metric(
      t.kills,
      'kills',
      null,
      `${t.pointKills} at a fault point, the rest at a random time; ${t.lostBrowser} followed by closing every tab`,
    ),
    kills_inside_a_step: metric(t.midStep, 'kills', null, 'after the kill the store showed a step started and not committed'),
    trials: metric(t.trials, 'plans'),
    plans_completed: metric(t.completed, 'plans'),
    resumes: metric(t.resumes, 'runs'),
    integrity_failures: metric(t.integrity, 'count'),
    acknowledged_events_lost: metric(t.lostEvents, 'events'),
    state_changing_requests_sent_twice: metric(t.sentTwice, 'requests'),
    false_refusals_to_resume: metric(t.falseRefusals, 'count'),
    asked_the_person_in_doubt: metric(t.asked, 'count'),
  };
}
