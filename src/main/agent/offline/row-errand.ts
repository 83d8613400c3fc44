import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { criterionOf } from './criteria.ts';
import { detailPieces } from './details.ts';
import { similarity } from './refs.ts';
import { buttonAction, rowActionOf, rowRequestOf } from './row-words.ts';
import { chooseRow, rowShows } from './skills/row.ts';
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
  // (with a day said, the row may be on that day's page — when there is a list of such rows: one "row"
  // whose button names the action is a page's menu or heading, not a list to choose in)
  if (req.date && 'why' in chooseRow(req, model) && actionRows(model) < 2) return undefined;
  const details = pieces.filter((_, i) => i !== at);
  // a measure said with the row ("90분", "2 nights") that no row shows is for what the row opens: never dropped
  const rows = model.lists.flatMap((l) => l.records);
  const measures = req.words.filter((w) => /\d/.test(w) && !rows.some((r) => rowShows(r, w)));
  return {
    clauses: [
      { kind: 'row', row: req },
      { kind: 'send', ...(req.message ? { message: req.message } : {}), ...(req.amount ? { amount: req.amount } : {}) },
    ],
    unknown: [],
    later: [...measures, ...detailPieces(details)],
  };
}

/** How many rows carry a button for some row action ("Book", "신청", "Join waitlist"). */
function actionRows(model: PageModel): number {
  return model.lists.flatMap((l) => l.records).filter((r) => r.actions.some((b) => buttonAction(b.text, like))).length;
}
