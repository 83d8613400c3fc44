import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBrowserTool } from '../../../src/main/browser/tools/index.ts';
import { PlanControl, runPlan } from '../../../src/main/plan/executor/index.ts';
import type { EngineEvent } from '../../../src/shared/events.ts';
import { type FixtureSites, startFixtureSites } from '../../fixtures/sites/server.ts';
import { type Engine, startEngine } from './engine-harness.ts';
import { flightPlan } from './site-plans.ts';

let sites: FixtureSites;
let engine: Engine;
beforeAll(async () => {
  sites = await startFixtureSites({ apiDelayMs: 30 });
  engine = await startEngine();
});
afterAll(async () => {
  await engine?.close();
  await sites?.close();
});

describe('pause, resume and cancel', () => {
  it('a paused plan starts no step until it is resumed, then completes', async () => {
    const control = new PlanControl();
    const events: EngineEvent[] = [];
    let pausedAt = -1;
    const out = runPlan(flightPlan(sites.urls.flights), {
      runtime: engine.runtime,
      sessionId: 'ctl-1',
      control,
      screenshots: false,
      onEvent: (e) => {
        events.push(e);
        if (e.type === 'step_succeeded' && e.data.step_id === 'from') {
          control.pause();
          pausedAt = events.length;
          // resume once the engine is idle: nothing may start while paused
          setTimeout(() => {
            expect(events.slice(pausedAt).filter((x) => x.type === 'step_started')).toHaveLength(0);
            control.resume();
          }, 500);
        }
      },
    });
    const result = await out;
    expect(result.status).toBe('completed');
    const types = events.map((e) => e.type);
    expect(types.indexOf('plan_paused')).toBeLessThan(types.indexOf('plan_resumed'));
    expect(
      events
        .slice(
          pausedAt,
          events.findIndex((e) => e.type === 'plan_resumed'),
        )
        .some((e) => e.type === 'step_started'),
    ).toBe(false);
  });

  it('cancel stops the plan cleanly and running it again resumes where it stopped', async () => {
    const control = new PlanControl();
    const p = flightPlan(sites.urls.flights);
    const out = await runPlan(p, {
      runtime: engine.runtime,
      sessionId: 'ctl-2',
      control,
      screenshots: false,
      onEvent: (e) => {
        if (e.type === 'step_succeeded' && e.data.step_id === 'to') control.cancel('the person changed their mind');
      },
    });
    expect(out.status).toBe('cancelled');
    const events = engine.store.events.forSession('ctl-2');
    expect(events.some((e) => e.type === 'plan_cancelled' && e.message.includes('changed their mind'))).toBe(true);
    expect(
      engine.store.runs
        .executions(p.plan_id)
        .filter((e) => e.status === 'succeeded')
        .map((e) => e.step_id),
    ).toEqual(['open', 'from', 'to']);
    const again = await runPlan(p, { runtime: engine.runtime, sessionId: 'ctl-2', screenshots: false });
    expect(again.status).toBe('completed');
    const resumed = engine.store.events.forSession('ctl-2').find((e) => e.type === 'plan_resumed');
    expect(resumed?.data.from_step).toBe('date');
  });

  it('an invalid plan is rejected before anything runs, naming the field', async () => {
    const bad = { ...flightPlan(sites.urls.flights), steps: [{ id: 'x', type: 'click', target: {} }] };
    const out = await runPlan(bad, { runtime: engine.runtime, sessionId: 'ctl-3' });
    expect(out.status).toBe('invalid');
    expect(out.error?.details).toMatchObject({ path: 'steps.0.target' });
    expect(engine.store.runs.toolCalls('ctl-3')).toHaveLength(0);
  });
});

describe('resume after the browser lost the page', () => {
  it('loads the last address the plan reached again (the search results), repeats nothing before it, then continues', async () => {
    const control = new PlanControl();
    const p = flightPlan(sites.urls.flights);
    const first = await runPlan(p, {
      runtime: engine.runtime,
      sessionId: 'ctl-4',
      control,
      screenshots: false,
      onEvent: (e) => {
        if (e.type === 'step_succeeded' && e.data.step_id === 'search') control.cancel('engine stopped');
      },
    });
    expect(first.status).toBe('cancelled');
    // a fresh browser: the tab shows nothing of the site any more
    await runBrowserTool({ driver: engine.driver, artifactsDir: engine.artifactsDir, timeoutMs: 10_000 }, 'navigate_page', {
      type: 'url',
      url: 'about:blank',
    });
    const again = await runPlan(p, { runtime: engine.runtime, sessionId: 'ctl-4', screenshots: false });
    expect(again.status, JSON.stringify(again.error)).toBe('completed');
    const replay = engine.store.events.forSession('ctl-4').find((e) => e.type === 'plan_resumed' && Array.isArray(e.data.replay));
    // the search's own result page (a GET address) is loaded again: nothing is typed or clicked twice
    expect(String(replay?.data.url)).toContain('/results?');
    expect(replay?.data.seen).toBe('about:blank');
    expect(replay?.data.replay).toEqual([]);
    expect(engine.store.runs.execution(p.plan_id, 'from')?.attempt).toBe(1);
    expect(engine.store.runs.execution(p.plan_id, 'search')?.attempt).toBe(1);
  });
});
