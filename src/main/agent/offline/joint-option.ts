import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { normText, offeredLabels } from './refs.ts';

/** "X랑 Y 같이 하는 걸로", "X and Y together", "X + Y": two things said as one choice. */
const JOINT =
  /^(.+?)\s*(?:(?<=[가-힣])(?:이랑|랑|하고|와|과)|\s및|\s?\+|\s?&|\sand|\swith|\splus)\s+(.+?)(?:\s+(?:같이|함께|둘\s*다|다|both|together|combined|combo))?(?:\s*(?:하는|되는|있는|된)?\s*(?:걸로|거로|것으로|거|것|one|option|package))?$/i;

const flat = (s: string) => normText(s).replace(/[\s+&/·,]+/g, '');

/**
 * Two things said as one choice ("도자기랑 염색 같이 하는 걸로", "wash and wax together"):
 * the one option the page offers whose words hold both (spaces aside: "도자기체험" is "도자기 체험").
 * Undefined when no option, or more than one, holds both.
 */
export function jointOption(piece: string, model: PageModel): Clause[] | undefined {
  const m = JOINT.exec(piece.trim());
  if (!m?.[1] || !m[2]) return undefined;
  const [a, b] = [flat(m[1]), flat(m[2])];
  if (a.length < 2 || b.length < 2) return undefined;
  // (the whole page: a layer shown on arrival may still lie over the choices)
  const labels = offeredLabels(model);
  const fits = [...new Set(labels.filter((l) => flat(l).includes(a) && flat(l).includes(b)))];
  return fits.length === 1 && fits[0] ? [{ kind: 'choose', option: fits[0] }] : undefined;
}
