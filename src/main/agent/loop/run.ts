import { randomUUID } from 'node:crypto';
import { type ErrorValue, StewardError, toErrorValue } from '../../../shared/errors.ts';
import type { Page } from '../../browser/page.ts';
import type { ToolRuntime } from '../../tools/runtime.ts';
import { PageObserver } from '../page-model/observe.ts';
import type { PageModel } from '../page-model/types.ts';
import { type ActContext, type ApprovalHook, perform } from './act.ts';
import { type Decision, describeAction, type StepRecord } from './actions.ts';
import type { Decider, Goal } from './contract.ts';
import { restoreInputs } from './inputs.ts';
import { locatorOf } from './locator.ts';
import { requestCounter } from './sent.ts';
import { commitNotSent, filledInOpenDialog, refusedValue, unsentRequest } from './unsent.ts';
import { verify } from './verify.ts';

export interface AgentBudget {
  steps?: number;
  ms?: number;
}

export interface LoopOptions {
  runtime: ToolRuntime;
  page: Page;
  goal: Goal;
  decider: Decider;
  session_id: string;
  plan_id?: string;
  budget?: AgentBudget;
  onApproval?: ApprovalHook;
  signal?: AbortSignal;
  /** steps already taken (a replayed prefix); the loop continues from them */
  history?: StepRecord[];
  observer?: PageObserver;
}

export interface LoopResult {
  status: 'done' | 'failed' | 'needs_person';
  steps: StepRecord[];
  plan_id: string;
  error?: ErrorValue;
  question?: { ko: string; en: string };
  result?: Record<string, unknown>;
  model: PageModel;
}

/**
 * observe → decide → act (through the runtime) → verify → repeat, until the decider says the
 * goal holds on the page, the budget is spent, or the person is needed. Every step is an
 * event (what, why, result, decided or replayed); nothing is reported done that the page did
 * not show.
 */
export async function runLoop(o: LoopOptions): Promise<LoopResult> {
  const started = performance.now();
  const plan_id = o.plan_id ?? `agent-${randomUUID().slice(0, 8)}`;
  const observer = o.observer ?? new PageObserver(o.page);
  const maxSteps = o.budget?.steps ?? 25;
  const maxMs = o.budget?.ms ?? 120_000;
  const emit = (
    type: Parameters<ToolRuntime['audit']['emit']>[0]['type'],
    message: string,
    data: Record<string, unknown>,
    level: 'info' | 'warn' | 'error' = 'info',
  ) => o.runtime.audit.emit({ session_id: o.session_id, type, level, message, data: { plan_id, agent: true, ...data } });
  const steps: StepRecord[] = [...(o.history ?? [])];
  emit('plan_started', `Agent: ${o.goal.request ?? JSON.stringify(o.goal.slots ?? {})}`, {
    decider: o.decider.name,
    url: o.page.url(),
    budget: { steps: maxSteps, ms: maxMs },
    ...(o.goal.slots ? { slots: o.goal.slots } : {}),
  });
  const requests = await requestCounter(o.page);
  const startUrl = o.page.url();
  let model = await observer.observe();
  const known = new Set(model.messages.map((m) => m.text));
  const openAtStart = new Set(model.dialogs.map((d) => d.text));
  let failures = 0;
  const end = (r: Omit<LoopResult, 'steps' | 'plan_id' | 'model'>): LoopResult => {
    if (r.status === 'done')
      emit('plan_completed', `Done: ${String(r.result?.summary ?? 'the goal holds on the page')}`, {
        steps: steps.length,
        result: r.result ?? null,
      });
    else
      emit(
        'plan_failed',
        `Stopped: ${r.error?.message ?? r.question?.en ?? r.status}`,
        { status: r.status, error: r.error ?? null, question: r.question ?? null },
        'warn',
      );
    return { ...r, steps, plan_id, model };
  };
  for (;;) {
    if (o.signal?.aborted) return end({ status: 'failed', error: toErrorValue(new StewardError('STATE_CONFLICT', 'Cancelled.')) });
    if (steps.length >= maxSteps || performance.now() - started > maxMs) {
      return end({
        status: 'failed',
        error: toErrorValue(
          new StewardError('TIMEOUT', `The step budget (${maxSteps} steps, ${Math.round(maxMs / 1000)} s) ran out before the goal held.`, {
            details: { steps: steps.length },
            suggestions: ['Say more precisely what to do, or finish it in the browser view.'],
          }),
        ),
      });
    }
    let d: Decision;
    try {
      d = await o.decider.decide({ goal: o.goal, model, history: steps });
    } catch (e) {
      return end({ status: 'failed', error: toErrorValue(e) });
    }
    if (d.type === 'done') {
      // a decider's "done" is not taken over the page's own word: a new complaint on the page stops it
      const problems = model.messages.filter((m) => m.problem && !known.has(m.text));
      if (problems.length) {
        return end({
          status: 'failed',
          error: toErrorValue(
            new StewardError('VERIFICATION_FAILED', `The page says: ${problems.map((p) => p.text).join(' / ')}`, {
              suggestions: ['Correct the value the page names and try again.'],
            }),
          ),
        });
      }
      // nor over the loop's own record: a last step that failed was not carried out
      const last = steps.at(-1);
      if (last && !last.ok && last.source !== 'replayed') {
        return end({
          status: 'failed',
          error: toErrorValue(
            new StewardError('VERIFICATION_FAILED', `The last step did not take effect: ${last.error?.message ?? last.observed}`, {
              details: { step: last.index + 1 },
              suggestions: ['Check the page, then try again or finish it in the browser view.'],
            }),
          ),
        });
      }
      // nor when the page marks a value it was given as wrong
      const refused = refusedValue(steps, model);
      if (refused) {
        const says = model.messages.map((m) => m.text).filter((t) => !known.has(t));
        return end({
          status: 'failed',
          error: toErrorValue(
            new StewardError(
              'VERIFICATION_FAILED',
              `The page marks "${refused}" as not accepted${says.length ? `; it says: ${says.join(' / ')}` : ''}.`,
              { suggestions: ['Correct the value the page names and try again.'] },
            ),
          ),
        });
      }
      // nor when values were typed into a dialog still open: they wait for its button
      const dialog = filledInOpenDialog(steps, model, openAtStart);
      if (dialog) {
        return end({
          status: 'needs_person',
          question: {
            ko: `"${dialog}" 창에 값을 넣었지만 아직 보내지 않았어요. 창의 버튼을 누를까요?`,
            en: `I filled in the "${dialog}" dialog but have not sent it. Shall I press its button?`,
          },
        });
      }
      // nor when the request asked to book, send or apply and nothing was written to the site
      const verb = commitNotSent(o.goal.request, steps);
      if (verb) {
        return end({
          status: 'needs_person',
          question: {
            ko: `요청하신 "${verb}"은(는) 아직 사이트에 보내지지 않았어요. 페이지를 확인하고 어떤 버튼을 누를지 알려 주세요.`,
            en: `What you asked for ("${verb}") has not been sent to the site yet. Please check the page and tell me which button to press.`,
          },
        });
      }
      // nor when the request asked the page to act on the values (look up, send) and nothing did
      if (unsentRequest(o.goal.request, steps, startUrl, o.page.url())) {
        return end({
          status: 'needs_person',
          question: {
            ko: '값은 넣었지만 요청하신 조회나 보내기는 아직 하지 않았어요. 페이지를 확인하고 어떤 버튼을 누를지 알려 주세요.',
            en: 'I filled in the values, but the lookup or sending you asked for has not happened yet. Please check the page and tell me which button to press.',
          },
        });
      }
      return end({ status: 'done', result: { summary: d.why, ...(d.result ?? {}) } });
    }
    if (d.type === 'ask') return end({ status: 'needs_person', question: d.question });
    if (d.type === 'fail') {
      return end({
        status: 'failed',
        error: toErrorValue(
          new StewardError(d.code, d.why, {
            suggestions: [
              d.code === 'VERIFICATION_FAILED'
                ? 'Check what the page says, correct it and try again, or finish it in the browser view.'
                : 'Say which element you mean, or do it in the browser view.',
            ],
          }),
        ),
      });
    }
    const index = steps.length;
    const step_id = `s${index + 1}`;
    const what = describeAction(d.action, d.target);
    const source = d.source ?? (o.decider.name === 'model' ? 'model' : 'decided');
    emit('step_started', `${what} — ${d.why}`, {
      step_id,
      action: d.action,
      why: d.why,
      source,
      ...(d.target ? { step_target: d.target } : {}),
    });
    const record: StepRecord = {
      index,
      source,
      action: d.action,
      target: d.target,
      why: d.why,
      ok: false,
      observed: '',
      ...(d.clause !== undefined ? { clause: d.clause } : {}),
    };
    const locator = locatorOf(model, d.action);
    if (locator) record.locator = locator;
    const mark = requests?.mark();
    try {
      const ctx: ActContext = {
        runtime: o.runtime,
        observer,
        session_id: o.session_id,
        plan_id,
        ...(o.onApproval ? { onApproval: o.onApproval } : {}),
        ...(o.signal ? { signal: o.signal } : {}),
      };
      ctx.restore = async () => {
        const refilled = await restoreInputs(ctx, observer, steps, step_id);
        if (refilled.length)
          emit('step_retried', `Filled in again after the approval: ${refilled.join(', ')}`, { step_id, refilled, source });
      };
      await perform(ctx, step_id, d.action, d.target, d.personAsked === true && source === 'decided');
    } catch (e) {
      const err = toErrorValue(e);
      record.error = { code: err.code, message: err.message };
      steps.push(record);
      emit('step_failed', `${what}: ${err.message}`, { step_id, error: err, source }, 'warn');
      if (
        [
          'APPROVAL_DENIED',
          'APPROVAL_REQUIRED',
          'POLICY_FORBIDDEN',
          'VERIFICATION_FAILED',
          'CDP_DISCONNECTED',
          'PAGE_CRASHED',
          'TARGET_CLOSED',
        ].includes(err.code)
      ) {
        return end({ status: err.code === 'APPROVAL_REQUIRED' ? 'needs_person' : 'failed', error: err });
      }
      if (++failures >= 3) return end({ status: 'failed', error: err });
      model = await observer.observe();
      continue;
    }
    const before = model;
    model = await observer.observe();
    let v = verify(d.expect, before, model);
    if (requests && mark !== undefined) Object.assign(record, requests.since(mark));
    // a send whose answer the page has not drawn yet did happen: pressing it again would send it twice
    if (!v.ok && d.expect.kind === 'change' && (record.sent ?? 0) > 0)
      v = { ok: true, observed: `the page sent ${record.sent} request(s) to its site` };
    record.ok = v.ok;
    record.observed = v.observed;
    steps.push(record);
    if (v.ok) {
      failures = 0;
      emit('step_succeeded', `${what}: ${v.observed}`, { step_id, observed: v.observed, source });
    } else if (v.problems?.length) {
      // the page refused it in its own words: say so and stop (doing it again would meet the same answer)
      const err = new StewardError('VERIFICATION_FAILED', `The page says: ${v.problems.join(' / ')}`, {
        details: { step_id, action: d.action },
        suggestions: ['Correct the value the page names and try again.'],
      });
      record.error = { code: err.code, message: err.message };
      emit('step_failed', `${what}: ${err.message}`, { step_id, error: toErrorValue(err), source }, 'warn');
      return end({ status: 'failed', error: toErrorValue(err) });
    } else {
      const err = new StewardError('ACTION_NO_EFFECT', `${what} had no visible effect (${v.observed}).`, {
        details: { step_id, action: d.action },
      });
      record.error = { code: err.code, message: err.message };
      emit('step_failed', err.message, { step_id, error: toErrorValue(err), source }, 'warn');
      if (++failures >= 3) return end({ status: 'failed', error: toErrorValue(err) });
    }
  }
}
