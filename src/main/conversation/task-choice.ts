/**
 * "Which task?": when understanding says a request fits two or three tasks about equally
 * ("제주 12월 5일" — a flight or a stay?), the turn asks one short question with those tasks as
 * quick replies (the packs' own titles) and keeps the slots it already read. The next answer —
 * a task's name in the person's words ("숙소", "the flight one"), a position ("2", "두 번째") or a
 * request that starts one of them — starts that task with the kept slots. Anything else (a new
 * request, a cancel) drops the question and is taken as it is.
 */
import type { Command, Understanding } from '../../shared/commands.ts';
import { findChoice } from '../agent/nlu/choices.ts';
import { Utterance } from '../agent/nlu/text.ts';
import type { PackRegistry } from '../packs/registry.ts';
import { both, fill } from '../packs/text.ts';
import type { Locale } from '../packs/types.ts';
import type { TaskChoice } from './machine.ts';

export interface TaskOption {
  intent: string;
  /** The pack's own title in the person's language. */
  label: string;
}

const TEXTS = {
  ask: both('"{said}" — 어떤 걸 도와드릴까요? {options}', '"{said}" — which would you like? {options}'),
  again: both('{options} 중에서 골라 주세요.', 'Please pick one: {options}.'),
  or: both(' / ', ' / '),
};

/** The slot-carrying commands kept while the question waits. */
const isHeld = (c: Command) => c.type === 'set_slot' || c.type === 'correct_slot' || c.type === 'clarify';

/** The tasks offered, labelled by their packs. */
export function taskOptions(choice: TaskChoice, registry: PackRegistry, locale: Locale): TaskOption[] {
  return choice.options.map((intent) => {
    const pack = registry.byIntent(intent);
    return { intent, label: pack ? fill(pack.title, locale) : intent };
  });
}

/** The question, with the options numbered so "2" can answer it. */
export function askTaskChoice(choice: TaskChoice, registry: PackRegistry, locale: Locale, again = false): string {
  const options = taskOptions(choice, registry, locale)
    .map((o, i) => `${i + 1}. ${o.label}`)
    .join(fill(TEXTS.or, locale));
  const said = choice.text.trim().length > 60 ? `${choice.text.trim().slice(0, 59)}…` : choice.text.trim();
  return fill(again ? TEXTS.again : TEXTS.ask, locale, { options, said });
}

/** The choice a turn's accepted commands ask for (the request and the slot commands beside it are kept). */
export function choiceOf(accepted: readonly Command[], text: string): TaskChoice | undefined {
  const c = accepted.find((x) => x.type === 'choose_task');
  if (c?.type !== 'choose_task' || accepted.some((x) => x.type === 'start_task')) return undefined;
  return { options: [...c.options], held: accepted.filter(isHeld), text };
}

const lower = (s: string) => s.toLowerCase().replace(/\s+/g, '');

/** Which offered task the text names: started by it, by position, or by a word of the pack's title. */
function picked(choice: TaskChoice, u: Understanding, text: string, registry: PackRegistry): string | undefined {
  const started = u.commands.find((c) => c.type === 'start_task');
  if (started?.type === 'start_task' && choice.options.includes(started.intent)) return started.intent;
  const position =
    typeof u.slots.choice === 'number' ? u.slots.choice : findChoice(new Utterance(text), { expectingChoice: true })?.position;
  if (position !== undefined) return choice.options[position - 1];
  const said = lower(text);
  const named = choice.options.filter((intent) => {
    const pack = registry.byIntent(intent);
    if (!pack) return false;
    // the title's first word names the task ("항공권 검색" → 항공권, "Hotel search" → hotel)
    const words = (['ko', 'en'] as const).map((l) => fill(pack.title, l).split(/[\s·,/]+/)[0] ?? '');
    return words.some((w) => w.length > 1 && said.includes(lower(w)));
  });
  return named.length === 1 ? named[0] : undefined;
}

export type ChoiceFollowUp =
  /** the answer picked a task; `rest` is what else the answer said */
  | { kind: 'picked'; intent: string; rest: Command[] }
  /** nothing was picked and nothing else asked for: ask again */
  | { kind: 'again' }
  /** another request: the question is dropped */
  | { kind: 'other' };

/**
 * The commands that start the picked task: the request read again for that task (`reread`: a
 * place is a city for a stay and airports for a flight), else the slots kept from the first
 * reading, then what the answer itself added (it wins).
 */
export function startPicked(choice: TaskChoice, intent: string, rest: Command[], reread: Command[] | undefined): Command[] {
  const later = new Set(rest.filter(isHeld).map((c) => ('slot' in c ? c.slot : '')));
  const kept = (reread ?? choice.held).filter((c) => isHeld(c) && 'slot' in c && !later.has(c.slot));
  return [{ type: 'start_task', intent, confidence: 0.9 }, ...kept, ...rest];
}

/** What the text said to a waiting "which task?" question. */
export function followChoice(choice: TaskChoice, u: Understanding, text: string, registry: PackRegistry): ChoiceFollowUp {
  const intent = picked(choice, u, text, registry);
  if (intent) {
    const rest = u.commands.filter((c) => !['start_task', 'choose_task', 'cannot_handle', 'ask_question'].includes(c.type));
    return { kind: 'picked', intent, rest };
  }
  const elsewhere = u.commands.some((c) => ['start_task', 'choose_task', 'cancel', 'ask_question', 'hand_over'].includes(c.type));
  return elsewhere ? { kind: 'other' } : { kind: 'again' };
}
