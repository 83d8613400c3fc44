/**
 * The command sanitiser between understanding and the machine (Rasa CALM's command
 * cleaning): it drops what the current state cannot accept — a slot the task does not have,
 * a second cancel, a cancel with nothing running, a start of the task already running, a
 * yes/no nobody asked for, a command below the confidence floor, a choice between tasks while
 * one runs — each with a reason that is logged as `command_dropped`. While a choice between
 * tasks is asked, a slot any of those tasks has is kept (for the one chosen).
 */
import type { Command } from '../../shared/commands.ts';

export interface SanitiserState {
  /** The intent of the running task, if any. */
  activeIntent?: string;
  /** Slots the running (or just started) task accepts, by intent. */
  slotsOf: (intent: string) => readonly string[] | undefined;
  /** What the last question asked for (a slot name or 'confirmation'). */
  expecting?: string;
  /** A cancel was already accepted in this turn or the task is already cancelled. */
  cancelled?: boolean;
}

export interface DroppedCommand {
  command: Command;
  reason:
    | 'UNKNOWN_SLOT'
    | 'DUPLICATE_CANCEL'
    | 'NOTHING_TO_CANCEL'
    | 'TASK_ALREADY_RUNNING'
    | 'NOTHING_TO_CONFIRM'
    | 'LOW_CONFIDENCE'
    | 'SUPERSEDED'
    | 'UNKNOWN_INTENT';
  detail: string;
}

export const MIN_CONFIDENCE = 0.3;

export function sanitiseCommands(commands: readonly Command[], state: SanitiserState): { accepted: Command[]; dropped: DroppedCommand[] } {
  const accepted: Command[] = [];
  const dropped: DroppedCommand[] = [];
  let intent = state.activeIntent;
  let cancelled = Boolean(state.cancelled);
  let choosing: string[] = [];
  const drop = (command: Command, reason: DroppedCommand['reason'], detail: string) => dropped.push({ command, reason, detail });

  for (const c of commands) {
    if (c.confidence < MIN_CONFIDENCE) {
      drop(c, 'LOW_CONFIDENCE', `confidence ${c.confidence} < ${MIN_CONFIDENCE}`);
      continue;
    }
    switch (c.type) {
      case 'start_task': {
        if (!state.slotsOf(c.intent)) {
          drop(c, 'UNKNOWN_INTENT', `no pack handles ${c.intent}`);
          break;
        }
        if (intent === c.intent && !cancelled) {
          drop(c, 'TASK_ALREADY_RUNNING', `${c.intent} is already running`);
          break;
        }
        intent = c.intent;
        cancelled = false;
        accepted.push(c);
        break;
      }
      case 'choose_task': {
        if (intent && !cancelled) {
          drop(c, 'TASK_ALREADY_RUNNING', `${intent} is running; no choice of task is asked`);
          break;
        }
        const known = c.options.filter((o) => state.slotsOf(o));
        if (known.length < 2) {
          drop(c, 'UNKNOWN_INTENT', `fewer than two of ${c.options.join(', ')} have a pack`);
          break;
        }
        choosing = known;
        accepted.push({ ...c, options: known });
        break;
      }
      case 'set_slot':
      case 'correct_slot':
      case 'clarify': {
        const allowed = intent ? state.slotsOf(intent) : choosing.flatMap((o) => state.slotsOf(o) ?? []);
        if (!allowed?.includes(c.slot)) {
          drop(c, 'UNKNOWN_SLOT', intent ? `${intent} has no slot "${c.slot}"` : `no task is running to take "${c.slot}"`);
          break;
        }
        const earlier = accepted.findIndex((a) => (a.type === 'set_slot' || a.type === 'correct_slot') && a.slot === c.slot);
        if (earlier >= 0 && c.type !== 'clarify') {
          drop(accepted[earlier] as Command, 'SUPERSEDED', `a later value for "${c.slot}" in the same turn wins`);
          accepted.splice(earlier, 1);
        }
        accepted.push(c);
        break;
      }
      case 'cancel': {
        if (cancelled) drop(c, 'DUPLICATE_CANCEL', 'the task is already cancelled');
        else if (!intent) drop(c, 'NOTHING_TO_CANCEL', 'no task is running');
        else {
          cancelled = true;
          accepted.push(c);
        }
        break;
      }
      case 'confirm':
      case 'deny': {
        if (state.expecting !== 'confirmation' && !(intent && state.expecting)) {
          drop(c, 'NOTHING_TO_CONFIRM', 'no question is waiting for yes or no');
          break;
        }
        accepted.push(c);
        break;
      }
      default:
        accepted.push(c);
    }
  }
  return { accepted, dropped };
}
