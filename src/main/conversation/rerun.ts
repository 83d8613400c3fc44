/**
 * A chip edited after a search has ended ("성인 2명" → "성인 2명, 아동 1명" once the flights are
 * shown) runs that search again with the slots it held and the new value. Only a search (a
 * browse task that finished or failed) is run again this way; a task that changed something —
 * an order, a booking handed over — is never repeated by a chip.
 */
import type { Command } from '../../shared/commands.ts';
import type { Pack, Stage } from '../packs/types.ts';
import { heldSlots, type TurnInput } from './input.ts';
import { isActive, type SessionContext } from './machine.ts';

export function searchAgainWith(input: TurnInput, ctx: SessionContext, stage: Stage, pack: Pack | undefined): Command[] | undefined {
  if (input.kind !== 'slot' || pack?.kind !== 'browse' || !ctx.intent || isActive(stage, ctx)) return undefined;
  if (ctx.outcome !== 'done' && ctx.outcome !== 'failed') return undefined;
  const slots = { ...heldSlots(pack, ctx.facts), [input.name]: input.value };
  return [
    { type: 'start_task', intent: ctx.intent, confidence: 1 },
    ...Object.entries(slots).map(([slot, value]): Command => ({ type: 'set_slot', slot, value, confidence: 1 })),
  ];
}

/**
 * A line that one of a finished search's follow-ups takes ("book the Jeju Air 7C225 one") is
 * that follow-up, not a new request, even when it names a place or a task word.
 */
export function followsUpOn(
  pack: Pack | undefined,
  text: string,
  facts: Record<string, unknown>,
  ctx: SessionContext,
  stage: Stage,
): boolean {
  if (pack?.kind !== 'browse' || stage !== 'DONE' || ctx.outcome !== 'done') return false;
  return (pack.followUps ?? []).some((f) => f.match(text, facts) !== null);
}
