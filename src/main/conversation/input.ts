/**
 * What a turn starts from. Only text is understood; a slot value, a decision the gate already
 * recorded and a cancel stand for fixed commands.
 */
import type { Command } from '../../shared/commands.ts';
import type { Locale, Pack } from '../packs/types.ts';
import type { Decision } from './approvals.ts';
import type { SessionContext } from './machine.ts';

export type TurnInput =
  | { kind: 'text'; text: string }
  | { kind: 'slot'; name: string; value: unknown }
  /** The person decided the pending approval with a button or the CLI; the gate holds the decision already. */
  | { kind: 'decision'; approvalId: string; decision: Decision }
  | { kind: 'cancel' };

/** The commands a typed input stands for (only text is understood). */
export function commandsOf(input: Exclude<TurnInput, { kind: 'text' }>, ctx: SessionContext): Command[] {
  if (input.kind === 'cancel') return [{ type: 'cancel', confidence: 1 }];
  if (input.kind === 'slot') {
    const held = ctx.facts[input.name] !== undefined;
    return [{ type: held ? 'correct_slot' : 'set_slot', slot: input.name, value: input.value, confidence: 1 }];
  }
  if ('approve' in input.decision) return [{ type: 'confirm', confidence: 1 }];
  if ('reject' in input.decision) return [{ type: 'deny', confidence: 1 }];
  return [];
}

/** A decision counts for the approval the session waits on now, and only for it. */
export function decisionApplies(approvalId: string, ctx: SessionContext): boolean {
  return ctx.pendingApproval?.approvalId === approvalId;
}

/** How a turn is recorded in the store's turns table. */
export function describeInput(input: TurnInput): string {
  if (input.kind === 'text') return input.text;
  if (input.kind === 'slot') return `set ${input.name}`;
  if (input.kind === 'cancel') return 'cancel';
  const what = 'approve' in input.decision ? 'approve' : 'reject' in input.decision ? 'reject' : 'hand-over done';
  return `${what} ${input.approvalId}`;
}

/**
 * The reply language: Hangul → ko; real words in Latin letters → what understanding said; a bare
 * number, code or order id keeps the conversation's language.
 */
export function turnLocale(text: string, understood: Locale | undefined, held: Locale, first: boolean): Locale {
  if (/[가-힣]/.test(text)) return 'ko';
  const words = text.replace(/\b[A-Z0-9]+(?:-[A-Z0-9]+)+\b/g, '').match(/[A-Za-z]{2,}/g) ?? [];
  if (words.length >= (first ? 1 : 2)) return understood ?? 'en';
  return held;
}

/** The slots a pack declares that the facts hold, without sensitive ones (for corrections in understanding). */
export function heldSlots(pack: Pack | undefined, facts: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const s of pack?.slots ?? []) if (!s.sensitive && facts[s.name] !== undefined) out[s.name] = facts[s.name];
  return out;
}
