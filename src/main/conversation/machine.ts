/**
 * The session machine (XState v5): the stages CHAT_COLLECTING → BRIEF_READY → PLANNING →
 * EXECUTING ⇄ AWAITING_APPROVAL → VERIFYING → DONE | FAILED. It holds the task (intent, pack),
 * the facts (slots + derived values), the flow state and what the last question expects.
 * Transitions are guarded by slots and pack policy only (never by a model's wording); an event
 * the current stage cannot take is simply not taken, and the turn logs that.
 * No invoked actors: effects run in the turn (tasks/) between events, so a restored snapshot
 * never re-runs a half-done tool call by itself.
 */
import { type Actor, assign, setup } from 'xstate';
import type { Command } from '../../shared/commands.ts';
import type { ErrorValue } from '../../shared/errors.ts';
import type { Facts, Locale, Stage } from '../packs/types.ts';
import type { PendingApproval } from './approvals.ts';
import type { TurnAudit } from './audit.ts';

export interface SessionContext {
  sessionId: string;
  intent?: string;
  packId?: string;
  facts: Facts;
  flowState?: string;
  expecting?: string;
  locale: Locale;
  outcome?: 'done' | 'failed' | 'declined' | 'cancelled' | 'handed_over';
  failure?: ErrorValue;
  /** The stored approval the person is asked to decide (a plan step or a confirmation). */
  pendingApproval?: PendingApproval;
  planId?: string;
  turns: number;
  /** "Which task?" was asked: the tasks offered (best first) and the slot commands read with the request. */
  choosing?: TaskChoice;
}

export interface TaskChoice {
  options: string[];
  held: Command[];
  /** The request as said, read again for the task picked. */
  text: string;
}

export type SessionEvent =
  | { type: 'START'; intent: string; packId: string }
  | { type: 'SLOTS'; facts: Facts; locale?: Locale }
  | { type: 'ASK'; flowState: string; expecting?: string }
  | { type: 'BRIEF' }
  | { type: 'PLAN' }
  | { type: 'PLANNED'; planId: string }
  | { type: 'NEED_APPROVAL'; flowState?: string; approval: PendingApproval }
  | { type: 'APPROVED' }
  | { type: 'DECLINED' }
  | { type: 'EXECUTED' }
  | { type: 'VERIFIED'; outcome?: 'done' | 'handed_over' }
  | { type: 'FAIL'; failure: NonNullable<SessionContext['failure']> }
  | { type: 'CANCEL' }
  | { type: 'FOLLOW_UP' }
  | { type: 'CHOOSE'; choosing?: TaskChoice }
  | { type: 'TURN' };

export interface MachinePolicy {
  /** Required slots the pack of this id still misses (the BRIEF guard). */
  missingRequired(packId: string, facts: Facts): string[];
}

/** Every working stage after the brief can fail or be cancelled the same way. */
const failOrCancel = {
  FAIL: { target: 'FAILED', actions: 'failed' },
  CANCEL: { target: 'DONE', actions: 'cancelled' },
} as const;

export function createSessionMachine(policy: MachinePolicy) {
  return setup({
    types: {
      context: {} as SessionContext,
      events: {} as SessionEvent,
      input: {} as { sessionId: string; locale?: Locale },
    },
    guards: {
      briefComplete: ({ context }) =>
        Boolean(context.packId) && policy.missingRequired(context.packId as string, context.facts).length === 0,
      hasTask: ({ context }) => Boolean(context.packId),
    },
    actions: {
      startTask: assign(({ context, event }) => {
        if (event.type !== 'START') return {};
        return {
          intent: event.intent,
          packId: event.packId,
          facts: {},
          flowState: undefined,
          expecting: undefined,
          outcome: undefined,
          failure: undefined,
          pendingApproval: undefined,
          planId: undefined,
          choosing: undefined,
          locale: context.locale,
        };
      }),
      mergeFacts: assign(({ context, event }) =>
        event.type === 'SLOTS' ? { facts: { ...event.facts }, locale: event.locale ?? context.locale } : {},
      ),
      asked: assign(({ event }) => (event.type === 'ASK' ? { flowState: event.flowState, expecting: event.expecting } : {})),
      needApproval: assign(({ context, event }) =>
        event.type === 'NEED_APPROVAL'
          ? {
              pendingApproval: event.approval,
              flowState: event.flowState ?? context.flowState,
              expecting: 'confirmation',
            }
          : {},
      ),
      clearApproval: assign({ pendingApproval: undefined, expecting: undefined }),
      planned: assign(({ event }) => (event.type === 'PLANNED' ? { planId: event.planId } : {})),
      verified: assign(({ event }) => ({
        outcome: event.type === 'VERIFIED' ? (event.outcome ?? 'done') : 'done',
        expecting: undefined,
        flowState: 'done',
      })),
      declined: assign({ outcome: 'declined', pendingApproval: undefined, expecting: undefined, flowState: 'done' }),
      failed: assign(({ event }) =>
        event.type === 'FAIL'
          ? { outcome: 'failed' as const, failure: event.failure, expecting: undefined, pendingApproval: undefined }
          : {},
      ),
      cancelled: assign({ outcome: 'cancelled', expecting: undefined, pendingApproval: undefined, flowState: 'done' }),
      followUp: assign({
        outcome: undefined,
        failure: undefined,
        pendingApproval: undefined,
        expecting: undefined,
        flowState: 'follow_up',
      }),
      choose: assign(({ event }) => (event.type === 'CHOOSE' ? { choosing: event.choosing } : {})),
      countTurn: assign(({ context }) => ({ turns: context.turns + 1 })),
    },
  }).createMachine({
    id: 'session',
    context: ({ input }) => ({ sessionId: input.sessionId, facts: {}, locale: input.locale ?? 'ko', turns: 0 }),
    initial: 'CHAT_COLLECTING',
    on: {
      TURN: { actions: 'countTurn' },
      SLOTS: { actions: 'mergeFacts' },
      CHOOSE: { actions: 'choose' },
    },
    states: {
      CHAT_COLLECTING: {
        on: {
          START: { target: 'CHAT_COLLECTING', reenter: true, actions: 'startTask' },
          ASK: { guard: 'hasTask', actions: 'asked' },
          BRIEF: { guard: 'briefComplete', target: 'BRIEF_READY' },
          NEED_APPROVAL: { guard: 'hasTask', target: 'AWAITING_APPROVAL', actions: 'needApproval' },
          EXECUTED: { guard: 'hasTask', target: 'VERIFYING' },
          FAIL: { guard: 'hasTask', target: 'FAILED', actions: 'failed' },
          CANCEL: { guard: 'hasTask', target: 'DONE', actions: 'cancelled' },
        },
      },
      BRIEF_READY: {
        on: {
          PLAN: { guard: 'briefComplete', target: 'PLANNING' },
          ASK: { target: 'CHAT_COLLECTING', actions: 'asked' },
          ...failOrCancel,
        },
      },
      PLANNING: { on: { PLANNED: { target: 'EXECUTING', actions: 'planned' }, ...failOrCancel } },
      EXECUTING: {
        on: {
          NEED_APPROVAL: { target: 'AWAITING_APPROVAL', actions: 'needApproval' },
          EXECUTED: { target: 'VERIFYING' },
          ASK: { target: 'CHAT_COLLECTING', actions: 'asked' },
          ...failOrCancel,
        },
      },
      AWAITING_APPROVAL: {
        on: {
          APPROVED: { target: 'EXECUTING', actions: 'clearApproval' },
          DECLINED: { target: 'DONE', actions: 'declined' },
          ASK: { target: 'CHAT_COLLECTING', actions: ['clearApproval', 'asked'] },
          NEED_APPROVAL: { actions: 'needApproval' },
          ...failOrCancel,
        },
      },
      VERIFYING: { on: { VERIFIED: { target: 'DONE', actions: 'verified' }, ...failOrCancel } },
      DONE: {
        on: {
          START: { target: 'CHAT_COLLECTING', actions: 'startTask' },
          FOLLOW_UP: { guard: 'hasTask', target: 'PLANNING', actions: 'followUp' },
        },
      },
      FAILED: { on: { START: { target: 'CHAT_COLLECTING', actions: 'startTask' } } },
    },
  });
}

export type SessionMachine = ReturnType<typeof createSessionMachine>;

/** The stage of a snapshot value. */
export function stageOf(value: unknown): Stage {
  return String(value) as Stage;
}

/** The stage the session is in now (the one way the stage is read). */
export function currentStage(actor: Actor<SessionMachine>): Stage {
  return stageOf(actor.getSnapshot().value);
}

/** Sends an event and logs the stage change it caused as `state_transition`. */
export function drive(actor: Actor<SessionMachine>, audit: TurnAudit, event: SessionEvent): void {
  const before = currentStage(actor);
  actor.send(event);
  const after = currentStage(actor);
  if (before !== after) audit.emit('state_transition', `${before} → ${after}`, { from: before, to: after, event: event.type });
}

/** True when the session holds a task that is still going (a start of the same task is then dropped). */
export function isActive(stage: Stage, ctx: SessionContext): boolean {
  return Boolean(ctx.packId) && stage !== 'DONE' && stage !== 'FAILED';
}
