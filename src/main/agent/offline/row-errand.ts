import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { criterionOf } from './criteria.ts';
import { detailPieces } from './details.ts';
import { similarity } from './refs.ts';
import { buttonAction, rowActionOf, rowRequestOf } from './row-words.ts';
import { chooseRow, rowButton, rowShows } from './skills/row.ts';
import { splitClauses } from './split.ts';

/**
 * A request for one row's own action on a page of rows that carry their own buttons: the row
 * (found by words, day, time, superlative), then what the action opens is sent (its amount or
 * message, and the details said after the head — "member ID 55021", "동반인 이름은 이도윤" —
 * left for the page where their fields appear). Undefined when the page has no row with a
 * button for the action, or when no row fits here and no other day was said (another reading
 * of the request is then tried).
 */
const like = (words: string, text: string) => similarity(words, [text], false);

export function rowClauses(
  text: string,
  model: PageModel,
  now: Date,
  tz: string,
): { clauses: Clause[]; unknown: string[]; later: string[] } | undefined {
  const pieces = splitClauses(text);
  const at = pieces.findIndex((p) => rowActionOf(p));
  if (at < 0) return undefined;
  const head = pieces[at] as string;
  // "the second concert": a position among results is another skill's
  if (criterionOf(head)?.by === 'nth') return undefined;
  const req = rowRequestOf(head, now, tz);
  if (!req || !(req.words.length || req.by || req.time || req.date)) return undefined;
  // a page of rows with their own action buttons; the row itself may be on the day said
  if (!model.lists.some((l) => l.records.some((r) => r.actions.some((b) => buttonAction(b.text, like))))) return undefined;
  if (!req.date && 'why' in chooseRow(req, model)) return undefined;
  // (with a day said, the row may be on that day's page — but when no row here shows even half the
  // words said, these are not the rows the request speaks of: "고속도로 연수 받으려고 …" on a page of other rows)
  if (req.date && req.words.length && !rowsShowHalf(req.words, model, req.action)) return undefined;
  const details = pieces.filter((_, i) => i !== at);
  return {
    clauses: [
      { kind: 'row', row: req },
      { kind: 'send', ...(req.message ? { message: req.message } : {}), ...(req.amount ? { amount: req.amount } : {}) },
    ],
    unknown: [],
    later: detailPieces(details),
  };
}

/** Whether some row with a button for the action shows at least half of the words. */
function rowsShowHalf(words: string[], model: PageModel, action: string): boolean {
  return model.lists.some((l) =>
    l.records.some((r) => rowButton(r, action) && words.filter((w) => rowShows(r, w)).length * 2 >= words.length),
  );
}
