import { slotGridOf } from '../page-model/slot-grid.ts';
import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { detailPieces } from './details.ts';
import { slotRequestOf } from './slot-words.ts';
import { splitClauses } from './split.ts';

/**
 * A request for hours of one row on a page with a rooms × hours grid: the hours chosen on the
 * grid, then (unless the person said to stop at choosing) the details form sent, the details
 * said after the head ("Name Kim Ara", "3 guests") left for the form when it appears.
 * Undefined on a page without such a grid, or when the request names none of its rows.
 */
export function gridClauses(
  text: string,
  model: PageModel,
  now: Date,
  tz: string,
): { clauses: Clause[]; unknown: string[]; later: string[] } | undefined {
  const grid = slotGridOf(model);
  if (!grid.length) return undefined;
  const names = grid.map((r) => r.name);
  const starts = [...new Set(grid.flatMap((r) => r.cells.map((c) => c.start)))];
  const pieces = splitClauses(text);
  for (const [i, piece] of pieces.entries()) {
    const req = slotRequestOf(piece, names, starts, now, tz);
    if (!req || (req.from === undefined && !req.hours && !req.earliest)) continue;
    // "… but don't book it yet" said as its own clause
    const hold = req.hold || pieces.some((p, k) => k !== i && slotRequestOf(`${names[0]} ${p}`, names, starts, now, tz)?.hold);
    const rest = pieces.filter(
      (p, k) => k !== i && !/\b(?:don'?t|do not|not)\b.*\byet\b|예약(?:은|하지)?\s*(?:말고|하지\s*마)|선택만/i.test(p),
    );
    return {
      clauses: [{ kind: 'slots', slots: { ...req, ...(hold ? { hold } : {}) } }, ...(hold ? [] : [{ kind: 'submit' } as Clause])],
      unknown: [],
      later: hold ? [] : detailPieces(rest),
    };
  }
  return undefined;
}
