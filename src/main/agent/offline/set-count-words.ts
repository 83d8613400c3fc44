import type { Clause } from './clauses.ts';

/**
 * A number set on a counter named by the thing it counts, said as a change: "scale this up to 6
 * servings", "set it to 3 copies", "make it 2 nights", "운동화 두 켤레로 올려 줘", "이불 하나로
 * 바꿔줘". The counter is found on the page by the words of the thing (servings, 운동화).
 */
const KO_N: Record<string, number> = {
  한: 1,
  하나: 1,
  두: 2,
  둘: 2,
  세: 3,
  셋: 3,
  석: 3,
  네: 4,
  넷: 4,
  다섯: 5,
  여섯: 6,
  일곱: 7,
  여덟: 8,
  아홉: 9,
  열: 10,
};
const EN_N: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
};

export function setCountClause(c: string): Clause | undefined {
  const en =
    /^(?:scale|set|change|make|adjust|bring|increase|decrease|raise|lower|bump|turn)\s+(?:it|this|that|the\s+\w+)?\s*(?:up|down)?\s*to\s+(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+([a-z][a-z-]+(?:\s+[a-z][a-z-]+)?)$/i.exec(
      c.trim(),
    );
  if (en?.[1] && en[2]) {
    const n = /^\d+$/.test(en[1]) ? Number(en[1]) : EN_N[en[1].toLowerCase()];
    return n !== undefined ? { kind: 'count', ref: en[2], n } : undefined;
  }
  const ko =
    /^(.{1,12}?)\s*(?:을|를|은|는)?\s*(\d{1,3}|한|하나|두|둘|세|셋|석|네|넷|다섯|여섯|일곱|여덟|아홉|열)\s*(?:켤레|벌|장|개|권|병|잔|인분|마리|채|부|매|박)?\s*(?:으로|로)\s*(?:올려|늘려|줄여|내려|바꿔|맞춰|해)/.exec(
      c.trim(),
    );
  if (ko?.[1] && ko[2]) {
    const n = /^\d+$/.test(ko[2]) ? Number(ko[2]) : KO_N[ko[2]];
    return n !== undefined ? { kind: 'count', ref: ko[1].trim(), n } : undefined;
  }
  return undefined;
}
