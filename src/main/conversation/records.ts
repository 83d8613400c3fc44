/**
 * The session's domain records as the conversation writes them while it runs: what each turn
 * was understood to want (`intents`), the slots the running task holds or still misses
 * (`slots`), a summary when a task ends (`summaries`) and the session's goal in the person's
 * own words (`sessions.goal`). Values go through the store's redaction; a slot the pack marks
 * sensitive (phone, code) is stored masked.
 */
import type { Understanding } from '../../shared/commands.ts';
import type { PackRegistry } from '../packs/registry.ts';
import type { Stage } from '../packs/types.ts';
import type { Store } from '../store/index.ts';
import { maskSecretAnswer } from '../tools/redact/index.ts';
import type { SessionContext } from './machine.ts';
import type { TurnResult } from './turn/types.ts';

const GOAL_CHARS = 80;
const RECOMMENDATIONS = 5;
const ENDED: readonly Stage[] = ['DONE', 'FAILED'];

/** The person's words, first line, whitespace collapsed and cut to a short title. */
export function goalOf(text: string): string {
  const line = (text.split(/\r?\n/).find((l) => l.trim()) ?? '').replace(/\s+/g, ' ').trim();
  return line.length > GOAL_CHARS ? `${line.slice(0, GOAL_CHARS - 1).trimEnd()}…` : line;
}

export class ConversationRecords {
  readonly #store: Store;
  readonly #sessionId: string;
  readonly #packs: PackRegistry;
  /** The text of the running turn (as logged: a code answer is masked). */
  #turn: { id: string; text: string; startedTask: boolean; stageBefore: Stage } | undefined;

  constructor(store: Store, sessionId: string, packs: PackRegistry) {
    this.#store = store;
    this.#sessionId = sessionId;
    this.#packs = packs;
  }

  turnStarted(turnId: string, loggedText: string, stageBefore: Stage): void {
    this.#turn = { id: turnId, text: loggedText, startedTask: false, stageBefore };
  }

  /** What understanding made of the turn's text: an intents row, and the goal when a task starts. */
  understood(u: Understanding): void {
    const turn = this.#turn;
    if (!turn) return;
    const start = u.commands.find((c) => c.type === 'start_task');
    const intent = u.intent ?? (start?.type === 'start_task' ? { name: start.intent, confidence: start.confidence } : undefined);
    if (intent) {
      this.#store.records.recordIntent(this.#sessionId, {
        intent_type: intent.name,
        confidence: intent.confidence,
        raw_text: turn.text,
        turn_id: turn.id,
      });
    }
    const known = start?.type === 'start_task' && this.#packs.byIntent(start.intent) !== undefined;
    const session = this.#store.records.getSession(this.#sessionId);
    const goal = goalOf(turn.text);
    if (goal && (known || !session?.goal)) this.#store.records.updateSession(this.#sessionId, { goal });
    if (known) turn.startedTask = true;
  }

  /** After the turn: the task's slots (filled, or missing when required), and a summary when the task ended in it. */
  turnFinished(ctx: SessionContext, result: TurnResult): void {
    const turn = this.#turn;
    this.#turn = undefined;
    const pack = ctx.packId ? this.#packs.byId(ctx.packId) : undefined;
    if (pack) {
      for (const spec of pack.slots) {
        const value = ctx.facts[spec.name];
        if (value !== undefined && value !== null && value !== '') {
          const stored = spec.sensitive ? maskSecretAnswer(String(value)) : value;
          this.#store.records.setSlot(this.#sessionId, spec.name, stored, 'filled');
        } else if (spec.required) {
          this.#store.records.setSlot(this.#sessionId, spec.name, null, 'missing');
        }
      }
    }
    const ended = ENDED.includes(result.stage) && result.outcome !== undefined;
    const fresh = turn && (!ENDED.includes(turn.stageBefore) || turn.startedTask);
    if (ended && fresh) {
      this.#store.records.addSummary(this.#sessionId, {
        text: result.reply,
        recommendations: (result.results ?? []).slice(0, RECOMMENDATIONS),
        turn_id: result.turnId,
      });
    }
  }
}
