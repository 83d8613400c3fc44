import { EN_NUM_WORDS, KO_NUM_WORDS, smallNumber } from '../../language/numbers.ts';
import type { Clause } from './clauses.ts';

/**
 * A number set on a counter named by the thing it counts, said as a change: "scale this up to 6
 * portions", "set it to 3 copies", "make it 2 nights", "양말 세 켤레로 올려 줘", "이불 하나로
 * 바꿔줘". The counter is found on the page by the words of the thing (portions, 양말).
 */
const EN = new RegExp(
  `^(?:scale|set|change|make|adjust|bring|increase|decrease|raise|lower|bump|turn)\\s+(?:it|this|that|the\\s+\\w+)?\\s*(?:up|down)?\\s*to\\s+(\\d{1,3}|${EN_NUM_WORDS})\\s+([a-z][a-z-]+(?:\\s+[a-z][a-z-]+)?)$`,
  'i',
);
/** "bump the chairs up to 6", "increase the guests to 3": the thing said between the verb and "to". */
const EN_NAMED = new RegExp(
  `^(?:increase|decrease|raise|lower|bump|take|put|push|drop)\\s+(?:the\\s+|my\\s+|our\\s+)?([a-z][a-z -]{1,30}?)\\s+(?:up\\s+|down\\s+)?to\\s+(\\d{1,3}|${EN_NUM_WORDS})$`,
  'i',
);
const KO = new RegExp(
  `^(.{1,12}?)\\s*(?:을|를|은|는)?\\s*(\\d{1,3}|${KO_NUM_WORDS}|석|열)\\s*(?:켤레|벌|장|개|권|병|잔|인분|마리|채|부|매|박|명|대|회|세트|상자|박스)?\\s*(?:으로|로)\\s*(?:올려|늘려|줄여|내려|바꿔|맞춰|해)`,
);

export function setCountClause(c: string): Clause | undefined {
  const en = EN.exec(c.trim());
  const named = en ? undefined : EN_NAMED.exec(c.trim());
  const ko = en || named ? undefined : KO.exec(c.trim());
  const m = en ?? named ?? ko;
  if (!m?.[1] || !m[2]) return undefined;
  const [ref, said] = en ? [m[2], m[1]] : [m[1].trim(), m[2]];
  const n = said === '석' ? 3 : said === '열' ? 10 : smallNumber(said);
  return n !== undefined && n > 0 ? { kind: 'count', ref, n } : undefined;
}
