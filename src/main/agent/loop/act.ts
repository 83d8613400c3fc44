import { StewardError } from '../../../shared/errors.ts';
import type { Step } from '../../../shared/plan.ts';
import type { ToolRuntime } from '../../tools/runtime.ts';
import type { StepBinding } from '../../tools/step-hash.ts';
import type { PageObserver } from '../page-model/observe.ts';
import type { AgentAction } from './actions.ts';

/** Asks the person about a gated step; resolves true when it was approved for the engine to run. */
export type ApprovalHook = (req: {
  session_id: string;
  binding: StepBinding;
  kind: string;
  summary: string;
  step: Step;
}) => Promise<boolean>;

export interface ActContext {
  runtime: ToolRuntime;
  observer: PageObserver;
  session_id: string;
  plan_id: string;
  turn_id?: string;
  signal?: AbortSignal;
  onApproval?: ApprovalHook;
  /** after an approval, before the held action runs again: puts back what the page lost meanwhile (or throws) */
  restore?: () => Promise<void>;
}

/** The plan step an action stands for: the policy and the gate judge it by its target words. */
export function stepOf(id: string, a: AgentAction, target: string): Step {
  const words = target.slice(0, 200) || '(element)';
  switch (a.kind) {
    case 'fill':
    case 'type':
      return { id, type: 'fill', target: { label: words }, value: a.value };
    case 'select':
      return { id, type: 'select', target: { label: words }, option: a.option };
    case 'press':
      return { id, type: 'press', key: a.key, ...(a.handle ? { target: { label: words } } : {}) };
    case 'scroll':
      return {
        id,
        type: 'scroll',
        direction: a.to === 'top' ? 'up' : 'down',
        amount: 600,
        ...(a.handle ? { target: { label: words } } : {}),
      };
    case 'navigate':
      return { id, type: 'navigate', url: a.url };
    case 'wait':
      return { id, type: 'wait', ms: a.ms };
    default:
      return { id, type: 'click', target: { name: words } };
  }
}

async function calls(ctx: ActContext, a: AgentAction): Promise<Array<[string, Record<string, unknown>]>> {
  const pageId = ctx.observer.page.id;
  const uid = 'handle' in a && a.handle ? await ctx.observer.uidOf(a.handle) : undefined;
  switch (a.kind) {
    case 'fill':
      return [['fill', { uid, value: a.value, pageId }]];
    case 'type':
      return [
        ['fill', { uid, value: '', pageId }],
        ['type_text', { uid, text: a.value, pageId }],
      ];
    case 'select':
      return [['select_option', { uid, values: [a.option], pageId }]];
    case 'press':
      return [['press_key', { key: a.key, pageId, ...(uid ? { uid } : {}) }]];
    case 'scroll':
      return [['scroll', { to: a.to, pageId, ...(uid ? { uid } : {}) }]];
    case 'navigate':
      return [['navigate_page', { type: 'url', url: a.url, pageId }]];
    case 'wait':
      return [];
    default:
      return [['click', { uid, pageId }]];
  }
}

/** How many times one action may be held and asked about before it stops. */
const MAX_ASKS = 3;

/**
 * Runs one action as browser tool calls through the runtime, bound to a plan step so the
 * policy and the approval gate judge it like any other step. A gated step asks `onApproval`
 * (no hook: APPROVAL_REQUIRED is returned to the caller) and runs only once approved.
 */
export async function perform(ctx: ActContext, stepId: string, a: AgentAction, target: string, personAsked = false): Promise<void> {
  if (a.kind === 'wait') {
    await new Promise((r) => setTimeout(r, a.ms));
    return;
  }
  const step: Step = personAsked ? { ...stepOf(stepId, a, target), consent: 'person' } : stepOf(stepId, a, target);
  for (const [tool, input] of await calls(ctx, a)) {
    const call = () =>
      ctx.runtime.call(tool, input, {
        session_id: ctx.session_id,
        plan_id: ctx.plan_id,
        step,
        ...(ctx.turn_id ? { turn_id: ctx.turn_id } : {}),
        ...(ctx.signal ? { signal: ctx.signal } : {}),
      });
    // an approved action whose page then asks to send something else (a fresh id, another field)
    // is held and asked again, a bounded number of times
    const bindings: Array<{ plan_id: string; step_id: string; step_hash: string }> = [];
    try {
      for (;;) {
        try {
          await call();
          break;
        } catch (e) {
          if (!(e instanceof StewardError) || e.code !== 'APPROVAL_REQUIRED' || !ctx.onApproval || bindings.length >= MAX_ASKS) throw e;
          const binding = {
            plan_id: String(e.details.plan_id),
            step_id: String(e.details.step_id),
            step_hash: String(e.details.step_hash),
          };
          const kind = String(e.details.kind ?? 'submission');
          const approved = await ctx.onApproval({ session_id: ctx.session_id, binding, kind, summary: target, step });
          if (!approved) {
            throw new StewardError('APPROVAL_DENIED', `The person did not approve: ${target}.`, {
              details: { ...binding, kind },
              suggestions: ['Change the request, or do this step yourself in the browser.'],
            });
          }
          // the page may have reacted to the held action (cleared a field it was about to send): refill
          // first, each time it is held (a page that clears its box on every try sends nothing the third time)
          await ctx.restore?.();
          bindings.push(binding);
        }
      }
    } finally {
      for (const binding of bindings) {
        const granted = ctx.runtime.gate.granted(binding);
        if (granted) ctx.runtime.gate.complete(granted.id);
      }
    }
  }
}
