import type { Clause } from './clauses.ts';
import { criterionOf } from './criteria.ts';
import { itemWords } from './item-words.ts';

const KO_COUNT: Record<string, number> = { 한: 1, 하나: 1, 두: 2, 둘: 2, 세: 3, 셋: 3, 네: 4, 넷: 4, 다섯: 5 };
const EN_COUNT: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5 };

/** "갤럭시 버즈3 실버 2개" → item words, the count, how to choose among several. */
export function cartClause(said: string): Clause {
  const count =
    /(\d+|한|하나|두|둘|세|셋|네|넷|다섯)\s*(?:개|권|병|팩|봉지|캔|장|벌|켤레|박스|세트)(?![가-힣])|\bx\s*(\d+)\b|\b(\d+|one|two|three|four|five)\s+(?:[a-z]+\s+)?(?:of|pieces|units)\b/i.exec(
      said,
    );
  const n = count ? (count[2] ?? count[1] ?? count[3] ?? '') : '';
  const qty = /^\d+$/.test(n) ? Number(n) : (KO_COUNT[n] ?? EN_COUNT[n.toLowerCase()]);
  const rest = count ? said.replace(count[0], ' ') : said;
  const pick = criterionOf(rest);
  const item =
    (pick ? itemWords(rest) : undefined) ??
    rest
      .trim()
      .replace(/^(?:the|a|an|some)\s+/i, '')
      .replace(/\s+/g, ' ')
      .trim();
  // "the top one", "the first one": no words of an item, only its place in the list
  const placeOnly =
    pick?.by === 'nth' &&
    /^(?:(?:the\s+)?(?:top|first|second|third|last|\d+(?:st|nd|rd|th))\s*(?:one|item|result|product)?|맨\s*위|첫\s*번째)?$/i.test(item);
  if (placeOnly) return { kind: 'cart', item: '', pick, ...(qty ? { qty } : {}) };
  // a place in the list said with a word for the thing ("맨 위에 있는 책"): the place picks it when no item fits the word
  return { kind: 'cart', item, ...(pick && (pick.by !== 'nth' || placeSaid(rest)) ? { pick } : {}), ...(qty ? { qty } : {}) };
}

/** "2 cartons of the oat milk and the cheapest rice": several items, each its own clause ("and" before a new item's article, count or measure). */
export function cartClauses(said: string): Clause[] {
  const parts = said
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+(?=(?:the|a|an|some|\d+|one|two|three|four|five|cheapest|\S+est)\b)/i)
    .filter(Boolean);
  return parts.map(cartClause);
}

const placeSaid = (s: string) => /(?:맨|가장|제일)\s*(?:위|앞|처음)|첫\s*번째|\b(?:top|first|topmost)\b/i.test(s);
