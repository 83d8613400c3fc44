import type { Clause } from './clauses.ts';
import { criterionOf } from './criteria.ts';
import { itemWords } from './item-words.ts';

const KO_COUNT: Record<string, number> = { 한: 1, 하나: 1, 두: 2, 둘: 2, 세: 3, 셋: 3, 네: 4, 넷: 4, 다섯: 5 };
const EN_COUNT: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };

/** "갤럭시 버즈3 실버 2개" → item words, the count, how to choose among several. */
export function cartClause(said: string): Clause {
  const count = /(\d+|한|하나|두|둘|세|셋|네|넷|다섯)\s*개|\bx\s*(\d+)\b|\b(\d+|one|two|three|four|five)\s+(?:of|pieces|units)\b/i.exec(
    said,
  );
  const n = count ? (count[2] ?? count[1] ?? count[3] ?? '') : '';
  const qty = /^\d+$/.test(n) ? Number(n) : (KO_COUNT[n] ?? EN_COUNT[n.toLowerCase()]);
  const rest = count ? said.replace(count[0], ' ') : said;
  const pick = criterionOf(rest);
  const item =
    (pick ? itemWords(rest) : undefined) ??
    rest
      .replace(/^(?:the|a|an|some)\s+/i, '')
      .replace(/\s+/g, ' ')
      .trim();
  return { kind: 'cart', item, ...(pick && pick.by !== 'nth' ? { pick } : {}), ...(qty ? { qty } : {}) };
}
