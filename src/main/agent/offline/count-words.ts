import { smallNumber } from '../../language/numbers.ts';
import type { Clause } from './clauses.ts';

/** One count said for one kind of person or ticket: "어른 둘", "청소년 한 명", "2 adults", "a child". */
export type CountClause = Extract<Clause, { kind: 'count' }>;

/** The kinds of people and tickets a counter is for (general words, in both languages). */
const KINDS_EN =
  'adults?|child(?:ren)?|kids?|teens?|teenagers?|youths?|seniors?|infants?|bab(?:y|ies)|toddlers?|students?|guests?|people|persons?|travell?ers?|passengers?|tickets?|rooms?|pets?|dogs?';
const KINDS_KO =
  '성인|어른|대인|청소년|중고생|어린이|아동|소인|유아|아기|영유아|아이|애|애기|꼬마|경로|노인|어르신|학생|대학생|초등학생|장애인|반려동물|객실|방|인원|명';
const EN_ITEM = new RegExp(`^(\\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|nine|ten)\\s+((?:[a-z]+[\\s-])?(?:${KINDS_EN}))$`, 'i');
const KO_ITEM = new RegExp(
  `^((?:[가-힣]+\\s?)?(?:${KINDS_KO}))\\s*(?:은|는|이|가)?\\s*(\\d{1,2}|하나|한|둘|두|셋|세|석|넷|네|다섯|여섯|일곱|여덟|아홉|열)\\s*(?:명|장|매|석|인|마리|개)?\\s*(?:이요|요|으로|로)?\\s*(?:해|해줘|해\\s*주세요|할게요?|주세요|줘)?$`,
);

/** (석 is three only before 장 and 석, "석 장"; 열 is ten here, a row elsewhere: "F열") */
const number = (w: string): number | undefined => (w === '석' ? 3 : w === '열' ? 10 : smallNumber(w));

/**
 * "어른 둘, 청소년 한 명", "2 adults and a child": a clause that is nothing but counts of kinds of
 * people or tickets, each a counter to set (or a number box named by the kind). Anything else in
 * the clause and it is not read here.
 */
export function countClauses(c: string): CountClause[] | undefined {
  const items = c
    .trim()
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+|\s*(?:이랑|랑|하고|와|과)\s+|\s+(?:with|plus)\s+/i)
    // "성인 2명 청소년 1명", "2 adults 1 child": counts one after another with nothing between
    .flatMap((x) =>
      x.split(
        /(?<=\d\s*(?:명|장|매|인)|(?:명|장|매)|\s(?:하나|둘|셋|넷|다섯|여섯|일곱|여덟|아홉))\s+(?=[가-힣])|(?<=[a-z])\s+(?=\d|(?:a|an|one|two|three|four|five|six)\s)/i,
      ),
    )
    .filter(Boolean);
  const out: CountClause[] = [];
  for (const item of items) {
    const en = EN_ITEM.exec(item);
    const ko = en ? undefined : KO_ITEM.exec(item);
    const n = en ? number(en[1] ?? '') : ko ? number(ko[2] ?? '') : undefined;
    const ref = en ? (en[2] ?? '') : (ko?.[1] ?? '');
    if (n === undefined || !ref || /^(?:명|people|persons?)$/i.test(ref)) return undefined;
    out.push({ kind: 'count', ref, n });
  }
  return out.length ? out : undefined;
}
