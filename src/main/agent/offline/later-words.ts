import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { EN_ASK_LEAD, KO_ASK } from './errand-verbs.ts';

/** Clauses that only move or press: an errand that has nothing else to do here does not start on them. */
export const ONLY_MOVES = new Set<Clause['kind']>(['submit', 'forward', 'click', 'scroll', 'page', 'dismiss']);
/** "file a delayed-flight claim for Alex Moreno": the words before the person the errand is for. */
export const FOR_WHOM =
  /^(?:please\s+)?(?:file|make|send|submit|open|start|lodge|raise)?\s*(?:a|an|my|the)?\s*(.+?)\s+for\s+\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+){1,2}\b/u;

/** Fields a search errand fills from its own reading (places, dates, counts, the query). */
export const SEARCH = new Set([
  'origin',
  'destination',
  'query',
  'depart_date',
  'return_date',
  'checkin_date',
  'checkout_date',
  'passengers',
  'guests',
]);

/**
 * Placements allowed on a page with a search of its own: never a value into the fields the
 * errand's search fills (a name is not a destination), unless it is one of that list's options
 * ("Translate from" ← "Spanish").
 */
export function notIntoSearch(model: PageModel): (c: Clause) => boolean {
  const search = new Set(model.fields.filter((f) => SEARCH.has(f.purpose)).map((f) => f.label || f.texts[0] || f.purpose));
  const offered = (c: Extract<Clause, { kind: 'fill' }>) =>
    model.fields.some(
      (f) => f.kind === 'select' && (f.label || f.texts[0] || f.purpose) === c.ref && f.options?.some((o) => o.label === c.value),
    );
  return (c) => !(c.kind === 'fill' && search.has(c.ref) && !offered(c));
}

/** A piece that is only the errand's name and its verb, with at most three words of what it is. */
export const ERRAND_ONLY = new RegExp(
  `^(?:${EN_ASK_LEAD}(?:book|reserve|schedule|request|arrange|order|apply\\s+for|sign\\s+up\\s+for|register\\s+for)\\s+(?:\\S+\\s*){1,4}|(?:\\S+\\s+){0,3}\\S*?\\s*(?:을|를)?\\s*(?:신청|예약|접수|등록|예매|요청|주문)(?:합니다|${KO_ASK}))$`,
  'i',
);

/** "Need a tuning for …", "start a Basic plan", "방문 수리가 필요해요": asking for the service the form books or starts. */
export const NEEDS =
  /^(?:(?:i|we)\s+)?(?:really\s+)?need\s+(?:a|an|someone|somebody)\b|^(?:please\s+)?(?:start|set\s+up)\s+(?:a|an|my)\s+\S+\s+(?:plan|subscription|membership|trial|account)\b|(?:이|가)\s*필요(?:해요|합니다|해서요)$|(?:하고|받고)\s*싶(?:어요|습니다)$/i;

/** A day or a part of the day, when the grammar read it as a field's name ("모레 오후에 …"). */
export const DAYTIME_REF =
  /^(?:오전|오후|아침|점심|저녁|밤|새벽|낮|오늘|내일|낼|모레|morning|afternoon|evening|tonight)(?:\s*(?:중|쯤|경|때|시간|시간대))?$/i;
