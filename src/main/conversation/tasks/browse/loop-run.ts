/**
 * A browse pack on a site it has no recipe for: the site is opened through the runtime, then
 * the agent loop (page model → offline decider → runtime → verification) puts the pack's values
 * into the site's own form, presses its button and reads the result records the page shows.
 *
 * The loop waits inside an action the gate holds; a conversation decides in a later turn. So a
 * run is kept here by id: `run` returns as soon as the loop needs the person (the gate's stored
 * approval request) or ends, and `resume` hands the stored decision to the waiting loop and
 * returns at the next stop. The outcome is the plan runner's, so the browse task settles both
 * kinds the same way.
 */

import { randomUUID } from 'node:crypto';
import { failureValue, StewardError, toErrorValue } from '../../../../shared/errors.ts';
import type { ApprovalKind } from '../../../../shared/plan.ts';
import type { Goal } from '../../../agent/loop/contract.ts';
import { runAgentTask } from '../../../agent/loop/task.ts';
import { fieldForSlot } from '../../../agent/offline/skills/field.ts';
import { PageObserver } from '../../../agent/page-model/observe.ts';
import type { Page } from '../../../browser/page.ts';
import type { ToolRuntime } from '../../../tools/runtime.ts';
import type { PlanRunOutcome, Rows } from '../../plan-runner.ts';
import { recordRows } from './records.ts';

/** One errand on one site: where, what to put in, and where the rows go (`<as>.loop`). */
export interface LoopErrand {
  url: string;
  /** the rows are reported under `<as>.loop`, as the pack's own site key */
  as: string;
  goal: Partial<Goal> & { locale: Goal['locale'] };
  /** read the page's result records after the loop (a search), or not (a form) */
  read: boolean;
  /** put in only the values the page has a field for (a profile on a form that asks for part of it) */
  onlyFields?: boolean;
}

/** The goal with only the slots some field of the page takes (each field once, in the slots' order). */
async function withFieldsOnPage(page: Page, goal: LoopErrand['goal']): Promise<LoopErrand['goal']> {
  const model = await new PageObserver(page).observe();
  const used = new Set<string>();
  const slots: Record<string, string> = {};
  for (const [k, v] of Object.entries(goal.slots ?? {})) {
    const f = fieldForSlot(model, k, used);
    if (!f || f.purpose !== k) continue;
    used.add(f.handle);
    slots[k] = v;
  }
  return { ...goal, slots };
}

interface Held {
  /** resolves the loop's pending approval question */
  answer?: (approved: boolean) => void;
  approvalId?: string;
  /** the next stop of the run (an approval asked, or the end) */
  stop: Promise<PlanRunOutcome>;
  signal: (o: PlanRunOutcome) => void;
}

/** Extracted entries under this prefix are what the last page showed (title, headings, messages), not result rows. */
export const PAGE_KEY = '_page.';

/** The id a loop run is known by (its plan id in the log and the session machine). */
export const newLoopId = () => `agent-${randomUUID().slice(0, 8)}`;

export interface LoopRunner {
  /** Opens the site and runs the loop until it needs the person or ends. */
  run(errand: LoopErrand, ctx: { sessionId: string; turnId: string }, planId?: string): Promise<PlanRunOutcome & { planId: string }>;
  has(planId: string): boolean;
  /** Opens a page of the site (a result's own link) in the browser view, through the runtime. */
  open(url: string, ctx: { sessionId: string; turnId: string }): Promise<void>;
  /** After the person decided the pending approval (recorded in the gate): continue to the next stop. */
  resume(planId: string): Promise<PlanRunOutcome>;
}

function deferred(): Pick<Held, 'stop' | 'signal'> {
  let signal: (o: PlanRunOutcome) => void = () => {};
  const stop = new Promise<PlanRunOutcome>((r) => {
    signal = r;
  });
  return { stop, signal };
}

export function loopRunner(runtime: ToolRuntime, page: () => Page, opts: { now?: () => Date } = {}): LoopRunner {
  const runs = new Map<string, Held>();
  const next = (held: Held) => {
    const d = deferred();
    held.stop = d.stop;
    held.signal = d.signal;
  };
  return {
    has: (id) => runs.has(id),
    async open(url, ctx) {
      await runtime.call('navigate_page', { type: 'url', url }, { session_id: ctx.sessionId, plan_id: newLoopId(), turn_id: ctx.turnId });
    },
    async run(errand, ctx, id) {
      const planId = id ?? newLoopId();
      const held: Held = deferred() as Held;
      runs.set(planId, held);
      const finish = (o: PlanRunOutcome) => {
        // a run that asked the person is kept until the turn that answers it reads its end
        if (!held.approvalId) runs.delete(planId);
        held.signal(o);
      };
      void (async () => {
        try {
          await runtime.call(
            'navigate_page',
            { type: 'url', url: errand.url },
            { session_id: ctx.sessionId, plan_id: planId, turn_id: ctx.turnId },
          );
          const goal = errand.onlyFields ? await withFieldsOnPage(page(), errand.goal) : errand.goal;
          const r = await runAgentTask({
            runtime,
            page: page(),
            session_id: ctx.sessionId,
            goal: { ...(opts.now ? { now: opts.now() } : {}), ...goal },
            budget: { steps: 30, ms: 120_000 },
            onApproval: async ({ session_id, binding, kind, summary, step }) => {
              const a = runtime.gate.request(
                session_id,
                binding,
                { kind: kind as ApprovalKind, mode: 'execute', summary, step },
                ctx.turnId,
              );
              const answer = new Promise<boolean>((resolve) => {
                held.answer = resolve;
              });
              held.approvalId = a.id;
              // closed without a turn (the task was cancelled, the approval refused elsewhere): the loop ends there
              const stopWatching = new AbortController();
              void runtime.gate
                .waitFor(a.id, (x) => x.status !== 'pending' && x.status !== 'granted', stopWatching.signal)
                .then(() => {
                  const closed = held.answer;
                  delete held.answer;
                  closed?.(false);
                })
                .catch(() => undefined);
              void answer.then(() => stopWatching.abort());
              const asked = held.signal;
              next(held);
              asked({
                status: 'awaiting_approval',
                approval: { approvalId: a.id, stepId: binding.step_id, summary, mode: 'execute', kind },
                extracted: {},
              });
              return answer;
            },
          });
          if (r.status === 'done') {
            const rows: Rows = errand.read ? recordRows(r.model) : [];
            const m = r.model;
            const seen = { url: m.url, title: m.title, headings: m.headings, messages: m.messages.map((x) => x.text) };
            finish({ status: 'completed', extracted: { [`${errand.as}.loop`]: rows, [`${PAGE_KEY}${errand.as}`]: [seen] } });
            return;
          }
          if (r.error?.code === 'APPROVAL_DENIED') {
            const reason = held.approvalId ? runtime.store.runs.approval(held.approvalId)?.reason : undefined;
            finish({ status: 'rejected', stepId: '', reason: reason ?? '', extracted: {} });
            return;
          }
          const q = r.question ? (errand.goal.locale === 'ko' ? r.question.ko : r.question.en) : undefined;
          finish({
            status: 'failed',
            // the loop's question is already in the person's words: it is what they read
            error: failureValue(
              r.error?.code ?? 'STATE_CONFLICT',
              r.error?.message ?? q ?? 'The page did not show the errand done.',
              { ...r.error?.details, ...(q ? { person_says: q } : {}) },
              r.error?.suggestions[0] ?? 'Finish it in the browser view, or say more precisely what to do.',
            ),
            extracted: {},
          });
        } catch (e) {
          finish({ status: 'failed', error: toErrorValue(e), extracted: {} });
        }
      })();
      return { ...(await held.stop), planId };
    },
    async resume(planId) {
      const held = runs.get(planId);
      // already decided (refused elsewhere): the run is on its way to its end
      if (held && !held.answer) {
        const end = await held.stop;
        runs.delete(planId);
        return end;
      }
      if (!held?.answer) {
        return {
          status: 'failed',
          error: new StewardError('STATE_CONFLICT', `no run ${planId} waits for a decision`, { suggestions: ['Ask again.'] }).toValue(),
          extracted: {},
        };
      }
      const status = held.approvalId ? runtime.store.runs.approval(held.approvalId)?.status : undefined;
      const answer = held.answer;
      delete held.answer;
      answer(status === 'granted');
      const end = await held.stop;
      // the next stop may be another question (the run stays) or its end
      if (end.status !== 'awaiting_approval') runs.delete(planId);
      return end;
    },
  };
}
