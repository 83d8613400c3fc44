import type { Clause } from './clauses.ts';

const KEEP =
  /^(?:(?:and\s+)?keep\s+(?:everything|all|the rest)\s+(?:else\s+)?(?:as\s+(?:it\s+)?is|the same|unchanged)|나머지는?\s*(?:그대로|놔두고|둬)\S*)$/i;
const FIRST =
  /^(?:with\s+(?:the\s+)?)?(lowest|cheapest|highest|most expensive|newest|latest|most recent|oldest|earliest)(?:\s+(?:price|one|ones))?\s+(?:first|on top)$/i;
/** How sort options say an order: "Price: low to high", "Newest first", "Lowest price". */
function ORDER_WORDS(said: string): string[] {
  const w = said.toLowerCase();
  if (/lowest|cheapest/.test(w)) return ['low to high', 'lowest', 'low'];
  if (/highest|most expensive/.test(w)) return ['high to low', 'highest', 'high'];
  if (/newest|latest|most recent/.test(w)) return ['newest', 'latest', 'most recent', 'new'];
  return ['oldest', 'earliest', 'old'];
}

/**
 * "keep everything else as is" (nothing to do), "lowest first" / "newest first" (the order a list
 * is sorted in, joined to a "sort by …" said just before): true when the part was one of these.
 */
export function orderSaid(part: string, clauses: Clause[]): boolean {
  if (KEEP.test(part.trim())) return true;
  const first = FIRST.exec(part.trim());
  if (!first) return false;
  const prev = clauses.at(-1);
  const how = ORDER_WORDS(first[1] ?? '');
  if (prev?.kind === 'choose' && prev.sort)
    prev.option = how
      .map((h) => `${prev.option} ${h}`)
      .concat(how)
      .join('|');
  else clauses.push({ kind: 'choose', option: how.join('|'), sort: true });
  return true;
}
