import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TurnResult } from '../../../src/main/conversation/turn/types.ts';
import type { ConversationView } from '../../../src/shared/ipc/index.ts';
import { type BrowseChat, type BrowseWorld, startBrowseWorld, worldServices } from './browse-harness.ts';

// Pause / resume / cancel of a running browse plan (C1's PlanControl through D2's plan runner),
// on the real engine, a real Chromium and the flights fixture site.

let world: BrowseWorld;
beforeAll(async () => {
  world = await startBrowseWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

const SEARCH = '12월 20일 인천에서 나리타 가는 직항 찾아줘';

/** Starts the flight search and pauses the plan as its first step starts (it finishes; the next one waits). */
function searchPausedAtFirstStep(c: BrowseChat): Promise<TurnResult> {
  let asked = false;
  const off = c.conv.onEvent((e) => {
    if (e.type === 'step_started' && !asked) {
      asked = true;
      off();
      expect(c.conv.pause()).toBe(true);
    }
  });
  return c.say(SEARCH);
}

describe('pause, resume and cancel of a running plan (session runner)', () => {
  it('nothing to pause or resume when no plan runs', () => {
    const c = world.chat();
    try {
      expect(c.conv.pause()).toBe(false);
      expect(c.conv.resume()).toBe(false);
      expect(c.conv.plan()).toEqual({ running: false, paused: false });
    } finally {
      c.close();
    }
  });

  it('a paused plan starts no further step until resumed, then completes', async () => {
    const c = world.chat();
    try {
      const turn = searchPausedAtFirstStep(c);
      await vi.waitFor(() => expect(c.ofType('step_succeeded')).toHaveLength(1), { timeout: 60_000, interval: 50 });
      expect(c.ofType('plan_paused')).toHaveLength(1);
      expect(c.conv.plan()).toEqual({ running: true, paused: true });
      // hold a moment: while paused the plan must not move on (no second step)
      await new Promise((r) => setTimeout(r, 400));
      expect(c.ofType('step_started')).toHaveLength(1);
      expect(c.conv.resume()).toBe(true);
      const r = await turn;
      expect(r).toMatchObject({ stage: 'DONE', outcome: 'done' });
      expect(c.ofType('plan_resumed')).toHaveLength(1);
      expect(c.ofType('step_started').length).toBeGreaterThan(1);
      const types = c.events.map((e) => e.type);
      expect(types.indexOf('plan_paused')).toBeLessThan(types.indexOf('plan_resumed'));
      expect(types.lastIndexOf('step_started')).toBeGreaterThan(types.indexOf('plan_resumed'));
      expect(c.conv.plan()).toEqual({ running: false, paused: false });
    } finally {
      c.close();
    }
  }, 120_000);

  it('cancel stops a paused plan at once, without waiting for its turn to end', async () => {
    const c = world.chat();
    try {
      const turn = searchPausedAtFirstStep(c);
      await vi.waitFor(() => expect(c.ofType('plan_paused')).toHaveLength(1), { timeout: 60_000, interval: 50 });
      // the search turn is blocked while paused: if cancel waited for it, this would never resolve
      const cancelled = await c.conv.cancel();
      const r = await turn;
      expect(r.outcome).toBe('cancelled');
      expect(cancelled.stage).toBe('DONE');
      expect(c.ofType('plan_cancelled')).toHaveLength(1);
      expect(c.ofType('step_started')).toHaveLength(1);
      expect(c.ofType('plan_completed')).toHaveLength(0);
      expect(c.conv.plan().running).toBe(false);
    } finally {
      c.close();
    }
  }, 120_000);
});

describe('pause and resume over the IPC handlers (engine services)', () => {
  it('app.info offers pause; conversation.pause/resume move the live plan view paused → running → done', async () => {
    const services = worldServices(world, 'steward-pause-');
    const h = services.handlers;
    const statuses: string[] = [];
    try {
      expect((await h['app.info']({})).engine.pause).toBe(true);
      const v = await h['conversation.start']({ locale: 'ko' });
      await expect(h['conversation.pause']({ conversationId: v.conversationId })).rejects.toMatchObject({ code: 'STATE_CONFLICT' });
      let pausing: Promise<unknown> | undefined;
      services.hub.subscribe((event, payload) => {
        if (event !== 'conversation.changed') return;
        const plan = (payload as ConversationView).plan;
        if (plan && statuses.at(-1) !== plan.status) statuses.push(plan.status);
        if (!pausing && plan?.steps.some((s) => s.status === 'running'))
          pausing = h['conversation.pause']({ conversationId: v.conversationId });
      });
      await h['conversation.send']({ conversationId: v.conversationId, text: SEARCH });
      await vi.waitFor(
        () => expect(h['conversation.get']({ conversationId: v.conversationId })).resolves.toMatchObject({ plan: { status: 'paused' } }),
        {
          timeout: 60_000,
          interval: 50,
        },
      );
      await expect(pausing).resolves.toEqual({ ok: true });
      await expect(h['conversation.resume']({ conversationId: v.conversationId })).resolves.toEqual({ ok: true });
      await vi.waitFor(async () => expect((await h['conversation.get']({ conversationId: v.conversationId })).stage).toBe('DONE'), {
        timeout: 60_000,
        interval: 50,
      });
      const done = await h['conversation.get']({ conversationId: v.conversationId });
      expect(done.plan?.status).toBe('done');
      expect(statuses).toEqual(['running', 'paused', 'running', 'done']);
    } finally {
      await services.close();
    }
  }, 120_000);
});
