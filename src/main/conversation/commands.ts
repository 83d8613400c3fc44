/**
 * Applies sanitised commands to the held facts: slot values are normalised and type-checked
 * against the pack's slot spec, corrections clear the facts derived from the old value (an
 * identity change clears the verification — logged as CONTEXT_CONTAMINATION_DETECTED), and
 * yes/no, cancel, questions and clarifications become turn signals for the machine.
 */
import type { Command } from '../../shared/commands.ts';
import type { Facts, Pack } from '../packs/types.ts';
import type { TurnAudit } from './audit.ts';

export interface AppliedCommands {
  started?: string;
  cancelled: boolean;
  confirmed: boolean;
  denied: boolean;
  changed: string[];
  rejected: Array<{ slot: string; value: unknown; reason: string }>;
  clarify?: { slot: string; options: unknown[]; mention?: string };
  questions: string[];
  cannotHandle?: string;
  handOver?: string;
  /** The person finished a handed-over step (UI button). */
  handOverDone?: boolean;
}

export function emptyApplied(): AppliedCommands {
  return { cancelled: false, confirmed: false, denied: false, changed: [], rejected: [], questions: [] };
}

/** The canonical value for a pack slot, or the reason it cannot be used. */
export function normaliseSlot(pack: Pack, slot: string, raw: unknown): { ok: true; value: unknown } | { ok: false; reason: string } {
  const spec = pack.slots.find((s) => s.name === slot);
  if (!spec) return { ok: false, reason: 'UNKNOWN_SLOT' };
  const tidy = spec.normalise ? (spec.normalise(raw) ?? raw) : raw;
  const typed = spec.schema ? spec.schema.safeParse(tidy) : { success: tidy !== undefined && tidy !== null, data: tidy };
  if (!typed.success || typed.data === undefined) return { ok: false, reason: 'INVALID_VALUE' };
  const value = typed.data;
  const problem = spec.validate?.(value);
  return problem ? { ok: false, reason: problem } : { ok: true, value };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Sets one slot; clears what depended on the old value. Returns whether the value changed. */
export function setFact(pack: Pack, facts: Facts, slot: string, value: unknown, audit: TurnAudit): boolean {
  const old = facts[slot];
  if (old !== undefined && same(old, value)) return false;
  if (old !== undefined) {
    const stale = pack.kind === 'dialogue' ? (pack.invalidates[slot] ?? []) : ['results', 'plan_id'];
    const held = stale.filter((k) => facts[k] !== undefined);
    const identity = pack.kind === 'dialogue' ? pack.identity : undefined;
    if (identity && slot === identity.slot && facts[identity.proof] !== undefined) {
      audit.emit(
        'CONTEXT_CONTAMINATION_DETECTED',
        `the ${slot} changed after verification; the old verification and what it unlocked are dropped`,
        { slot, cleared: held },
        'warn',
      );
    }
    for (const k of held) delete facts[k];
  }
  facts[slot] = value;
  return true;
}

export function applyCommands(pack: Pack | undefined, facts: Facts, commands: Command[], audit: TurnAudit): AppliedCommands {
  const out = emptyApplied();
  for (const c of commands) {
    switch (c.type) {
      case 'start_task':
        out.started = c.intent;
        break;
      case 'set_slot':
      case 'correct_slot': {
        if (!pack) break;
        const r = normaliseSlot(pack, c.slot, c.value);
        if (!r.ok) {
          out.rejected.push({ slot: c.slot, value: c.value, reason: r.reason });
          break;
        }
        if (setFact(pack, facts, c.slot, r.value, audit)) out.changed.push(c.slot);
        break;
      }
      case 'clarify':
        out.clarify = { slot: c.slot, options: c.options, ...(c.mention ? { mention: c.mention } : {}) };
        break;
      case 'confirm':
        out.confirmed = true;
        break;
      case 'deny':
        out.denied = true;
        break;
      case 'cancel':
        out.cancelled = true;
        break;
      case 'ask_question':
        out.questions.push(c.text);
        break;
      case 'cannot_handle':
        out.cannotHandle = c.reason;
        break;
      case 'hand_over':
        out.handOver = c.reason;
        break;
    }
  }
  return out;
}
