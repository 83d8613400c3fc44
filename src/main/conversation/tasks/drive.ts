/** Sending machine events from the orchestrator, with a `state_transition` event for every stage change. */
import type { Actor } from 'xstate';
import type { Stage } from '../../packs/types.ts';
import type { TurnAudit } from '../audit.ts';
import type { SessionEvent, SessionMachine } from '../machine.ts';
import type { Failure } from './dialogue.ts';

export interface TaskTurnResult {
  stage: Stage;
  reply: string;
  outcome?: 'done' | 'failed' | 'declined' | 'cancelled' | 'handed_over';
  failure?: Failure;
  results?: Array<Record<string, unknown>>;
}

/** Sends an event and logs the stage change it caused. */
export function drive(actor: Actor<SessionMachine>, audit: TurnAudit, event: SessionEvent): void {
  const before = String(actor.getSnapshot().value);
  actor.send(event);
  const after = String(actor.getSnapshot().value);
  if (before !== after) audit.emit('state_transition', `${before} → ${after}`, { from: before, to: after, event: event.type });
}
