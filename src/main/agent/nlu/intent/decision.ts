/**
 * Which task (if any) an utterance starts: the trained classifier's log-probabilities plus the
 * weighted keyword scores as a second opinion. The classifier's labels beyond the intents:
 * `Question` — a question or a request outside the six tasks (a GenericTask, answered by
 * looking it up), `Help` — a question to the assistant about itself or its tasks (answered in
 * the chat), `None` — an answer, a yes/no, noise.
 */
import type { Intent } from '../../../../shared/commands.ts';
import { classify, type Prediction } from '../classifier/model.ts';
import { scoreIntents } from './scores.ts';

export interface IntentDecision {
  start?: Intent;
  confidence: number;
  /** Answer in the chat instead of starting anything. */
  ask: boolean;
  /** The request fits these tasks about equally (best first): ask which instead of starting `start`. */
  close?: Intent[];
  prediction: Prediction;
}

const TASKS = new Set(['FlightSearch', 'HotelSearch', 'ShoppingCompare', 'FormFill', 'OrderChange', 'RefundCancel', 'GenericTask']);
const asIntent = (label: string): Intent | undefined =>
  label === 'Question' ? 'GenericTask' : TASKS.has(label) ? (label as Intent) : undefined;

/** How much one point of keyword score weighs against the classifier's log-probability. */
const RULE_WEIGHT = 2;
const RULE_CAP = 6;
/** Below this probability, and with no keyword for it, the classifier's pick is a guess. */
const UNSURE = 0.4;
/** A keyword score this high names a task outright ("항공권", "hotel"); below it only the entities speak. */
const NAMED = 1;
/** Two tasks the entities fit (a place and a date suit a flight and a stay) within this much keyword score are close. */
const CLOSE = 0.5;
/** …unless the classifier is this sure of one of them. */
const SURE = 0.9;

/**
 * The tasks an opening request fits about equally: no keyword names one of them, the entities
 * suit at least two, and the classifier is not sure of either. Best first (the combined order).
 */
function closeTasks(combined: Array<{ label: string; p: number }>, rule: (label: string) => number): Intent[] | undefined {
  const tasks = combined.filter((x) => x.label !== 'GenericTask' && asIntent(x.label) && rule(x.label) > 0);
  const [a, b] = [...tasks].sort((x, y) => rule(y.label) - rule(x.label));
  if (!a || !b || rule(a.label) >= NAMED || rule(a.label) - rule(b.label) > CLOSE) return undefined;
  if (tasks.some((x) => x.p >= SURE)) return undefined;
  const fits = tasks.filter((x) => rule(a.label) - rule(x.label) <= CLOSE).slice(0, 3);
  // the classifier's first pick is another kind of request (a question, an errand on a site): not a choice between these
  const first = combined[0]?.label;
  if (first && first !== 'None' && !fits.some((x) => x.label === first)) return undefined;
  return fits.map((x) => x.label as Intent);
}

export function decideIntent(text: string, remainder: string, opts: { active?: Intent; question: boolean }): IntentDecision {
  const prediction = classify(text);
  const guess = scoreIntents(remainder);
  const ruleScore = (label: string): number => (guess.scores as Record<string, number>)[label] ?? 0;
  const combined = prediction.ranked
    .map(({ label, p }) => {
      const rule = Math.min(RULE_CAP, ruleScore(label));
      return { label, p, s: Math.log(Math.max(p, 1e-6)) + RULE_WEIGHT * rule };
    })
    .sort((a, b) => b.s - a.s);
  let top = combined[0] ?? { label: 'None', p: 0, s: 0 };
  // a question the classifier is sure about stays a question even when it names places or sums
  const first = prediction.ranked[0];
  if (opts.question && first && (first.label === 'Question' || first.label === 'Help') && first.p >= 0.4) top = { ...first, s: 0 };
  const confidence = Math.round(Math.max(top.p, 0.3) * 100) / 100;
  const intent = asIntent(top.label);
  if (opts.active) {
    // under way: a new task only when it is clearly another one; a question is answered
    // under way, the person mostly answers: a new task needs both opinions (the keywords and the classifier)
    const pIntent = intent ? (prediction.ranked.find((x) => x.label === top.label)?.p ?? 0) : 0;
    const clear = intent && ((top.p >= 0.6 && ruleScore(intent) >= 2) || (ruleScore(intent) >= 3 && pIntent >= 0.1));
    if (!opts.question && intent && top.label !== 'Question' && intent !== opts.active && clear) {
      return { start: intent, confidence, ask: false, prediction };
    }
    // the keywords name another task outright ("호텔도 찾아줘", "look for hotels first") and the classifier does not rule it out
    const named = combined.find((x) => x.label !== opts.active && x.label !== 'GenericTask' && ruleScore(x.label) >= 3 && x.p >= 0.02);
    const namedIntent = named ? asIntent(named.label) : undefined;
    if (!opts.question && named && namedIntent) {
      return { start: namedIntent, confidence: Math.round(Math.max(named.p, 0.3) * 100) / 100, ask: false, prediction };
    }
    // under way, a question starts nothing (see above), so it is asked, whichever task it sounds like
    return { confidence, ask: opts.question, prediction };
  }
  if (top.label === 'Help') return { confidence, ask: true, prediction };
  const close = opts.question ? undefined : closeTasks(combined, ruleScore);
  if (close) return { start: close[0] as Intent, confidence, ask: false, close, prediction };
  if (!intent) return { confidence, ask: opts.question, prediction };
  // a weak guess with no keyword behind it starts nothing: a pack's own phrases, or a question back, do better
  if (top.p < UNSURE && ruleScore(top.label) < 2) return { confidence, ask: opts.question, prediction };
  return { start: intent, confidence, ask: false, prediction };
}
