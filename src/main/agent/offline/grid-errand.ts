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
    // "…, whatever the earliest free slot is", "… but don't book it yet", "on December 8th" said as clauses of their own
    const rest: string[] = [];
    for (const [k, p] of pieces.entries()) {
      if (k === i) continue;
      const more = slotRequestOf(`${req.row} ${p}`, names, starts, now, tz);
      // (a day said as its own clause starts like one: "on December 8th", "내일", not "birthday 1990-05-03")
      const day =
        more?.date &&
        /^(?:on|for|this|next|tomorrow|today|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|내일|오늘|모레|이번|다음|\d{1,2}월)\b/i.test(
          p.trim(),
        );
      if (!more || !(more.hold || more.earliest || more.hours || more.from !== undefined || day)) {
        rest.push(p);
        continue;
      }
      if (!day) delete more.date;
      for (const key of ['date', 'from', 'to', 'hours', 'earliest', 'hold'] as const)
        if (more[key] !== undefined && req[key] === undefined) Object.assign(req, { [key]: more[key] });
    }
    const hold = req.hold === true;
    return {
      clauses: [{ kind: 'slots', slots: req }, ...(hold ? [] : [{ kind: 'submit' } as Clause])],
      unknown: [],
      later: hold ? [] : detailPieces(rest),
    };
  }
  return undefined;
}
