/**
 * How a session understands text: the offline parser (default), a model through the
 * understanding contract, or any Understand function. The offline path also reads what packs
 * teach it (PackUnderstanding): the phrases that start a pack's task and the pack's own slot
 * reader, so a pack the parser was not written for is understood from its folder alone.
 */
import type { LanguageModel } from 'ai';
import type { Command } from '../../shared/commands.ts';
import { parseUtterance } from '../agent/nlu/index.ts';
import { understandWithModel } from '../llm/understand-with-model.ts';
import type { PackRegistry } from '../packs/registry.ts';
import type { Pack } from '../packs/types.ts';
import type { Understand } from './turn/types.ts';

export type UnderstandingChoice = 'offline' | Understand | { model: LanguageModel; modelName?: string };

export const offlineUnderstand: Understand = (text, o) =>
  parseUtterance(text, { now: o.now, tz: o.tz, ...(o.locale ? { locale: o.locale } : {}), state: o.state });

export function understandFor(u: UnderstandingChoice, sessionId: string, packs?: PackRegistry): Understand {
  if (u === 'offline') return packs ? withPackUnderstanding(offlineUnderstand, packs) : offlineUnderstand;
  if (typeof u === 'function') return u;
  const model: Understand = (text, o) =>
    understandWithModel(
      text,
      { now: o.now, tz: o.tz, state: o.state, sessionId },
      { model: u.model, ...(u.modelName ? { modelName: u.modelName } : {}) },
    );
  return packs ? withPackStarts(model, packs) : model;
}

/**
 * What packs teach a model's understanding (whose instructions name only the shipped tasks): a
 * pack's own phrase starts that pack where the model started nothing or only the catch-all task,
 * and the running pack's answer to its own question does not start the catch-all task.
 */
export function withPackStarts(base: Understand, packs: PackRegistry): Understand {
  return async (text, o) => {
    const u = await base(text, o);
    const active = o.state.activeIntent ? packs.byIntent(o.state.activeIntent) : undefined;
    const catchAll = (c: Command) => c.type === 'start_task' && packs.byIntent(c.intent)?.kind === 'generic';
    const started = u.commands.find((c) => c.type === 'start_task');
    const answered = Object.keys(active?.understanding?.slots?.(text, o.state.expecting) ?? {}).length > 0;
    const phrased = packs.all().find((p) => p !== active && startsWith(p, text));
    if (phrased && (!started || catchAll(started))) {
      const commands: Command[] = [
        { type: 'start_task', intent: phrased.intent, confidence: 0.9 },
        ...u.commands.filter((c) => c.type !== 'start_task' && c.type !== 'cannot_handle' && c.type !== 'ask_question'),
      ];
      return { ...u, commands, intent: { name: phrased.intent, confidence: 0.9 } };
    }
    if (answered && started && catchAll(started)) {
      const commands = u.commands.filter((c) => !catchAll(c) && c.type !== 'cannot_handle' && c.type !== 'ask_question');
      const { intent: _dropped, ...rest } = u;
      return { ...rest, commands };
    }
    return u;
  };
}

export function labelOf(u: UnderstandingChoice): string {
  if (u === 'offline') return 'offline';
  if (typeof u === 'function') return 'custom';
  return u.modelName ?? (typeof u.model === 'string' ? u.model : `${u.model.provider}/${u.model.modelId}`);
}

function startsWith(pack: Pack, text: string): boolean {
  const starts = pack.understanding?.starts;
  return Boolean(starts && [...starts.ko, ...starts.en].some((p) => new RegExp(p, 'i').test(text)));
}

const isSlotCommand = (c: Command, slot: string) => (c.type === 'set_slot' || c.type === 'correct_slot') && c.slot === slot;

/**
 * Adds what packs teach to an understanding: when nothing started a task, a pack whose phrases
 * match starts its own; the running (or starting) pack's slot reader adds the values it finds.
 * A message a pack understood is no longer "cannot handle" or a general question.
 */
export function withPackUnderstanding(base: Understand, packs: PackRegistry): Understand {
  return async (text, o) => {
    const u = await base(text, o);
    let commands = [...u.commands];
    const active = o.state.activeIntent ? packs.byIntent(o.state.activeIntent) : undefined;
    // the answer the running pack reads for its own question does not start the catch-all task
    const answered = active?.understanding?.slots?.(text, o.state.expecting) ?? {};
    const catchAll = (c: Command) => c.type === 'start_task' && packs.byIntent(c.intent)?.kind === 'generic';
    if (Object.keys(answered).length && commands.some(catchAll)) commands = commands.filter((c) => !catchAll(c));
    let started = commands.find((c) => c.type === 'start_task');
    // a pack's own phrase outranks the parser's guess among the tasks it was trained on
    const phrased = packs.all().find((p) => p !== active && startsWith(p, text));
    if (started?.type === 'start_task' && phrased && started.intent !== phrased.intent) {
      const guessed = packs.byIntent(started.intent);
      if (!guessed || !startsWith(guessed, text)) {
        commands = commands.filter((c) => c.type !== 'start_task');
        started = undefined;
      }
    }
    let pack = started?.type === 'start_task' ? packs.byIntent(started.intent) : active;
    let intent = u.intent;
    let understood = false;
    if (!started) {
      const hit = phrased;
      if (hit) {
        commands = [{ type: 'start_task', intent: hit.intent, confidence: 0.9 }, ...commands];
        intent = { name: hit.intent, confidence: 0.9 };
        pack = hit;
        understood = true;
      }
    }
    const reader = pack?.understanding?.slots;
    const found = reader ? reader(text, pack === active ? o.state.expecting : undefined) : {};
    const slots = { ...u.slots };
    for (const [slot, value] of Object.entries(found)) {
      if (value === undefined || commands.some((c) => isSlotCommand(c, slot))) continue;
      const held = pack === active && o.state.slots?.[slot] !== undefined;
      commands.push({ type: held ? 'correct_slot' : 'set_slot', slot, value, confidence: 0.9 });
      slots[slot] = value;
      understood = true;
    }
    if (understood) commands = commands.filter((c) => c.type !== 'cannot_handle' && c.type !== 'ask_question');
    return { ...u, commands, slots, ...(intent ? { intent } : {}) };
  };
}
