import type { Clause } from './clauses.ts';
import { criterionOf } from './criteria.ts';
import { itemWords } from './item-words.ts';
import { Q } from './split.ts';

const RESULT_NOUN =
  /(result|item|one|link|product|entry|listing|flight|hotel|row|option|offer|message|mail|email|post|thread|topic|article|story|book|order|job|position|event|show|ticket|room|sailing|train|course|결과|항목|상품|거|것|링크|항공편|호텔|숙소|방|글|메일|목록|공연|기차|열차|공고)/i;

/**
 * A clause that opens or picks one result by a criterion ("검색 결과 두 번째 거 열어줘", "the
 * cheapest direct flight"), with who it is from, a quoted title, or a cap; and a pick booked with
 * an option the result offers ("…을 비즈니스 운임으로 예약해", "book … with the flexible fare").
 */
export function resultClause(c: string): Clause | Clause[] | undefined {
  const crit = criterionOf(c);
  if (!crit) return undefined;
  const resultVerb =
    /^(?:open|show|view|visit|pick|choose|select|book|take|click|go (?:to|with))\b|(열어|보여|들어가|선택|골라|예약|예매|구매|눌러|클릭|담아)/i;
  // "open the second listing", "세 번째 매장 열어줘": an ordinal and one or two words of what it is name a result of any kind
  const ordinalThing =
    /^\S+\s+(?:the\s+)?(?:first|second|third|fourth|fifth|last|\d+(?:st|nd|rd|th))\s+[a-z-]+(?:\s+[a-z-]+)?$/i.test(c) ||
    /(?:첫|두|세|네|다섯|\d+)\s*번째\s*[가-힣]+\s*(?:을|를)?\s*(?:열어|보여|선택|골라|눌러)/.test(c) ||
    /맨\s*(?:위|앞|처음)|가장\s*위|제일\s*위|\bthe top\b/i.test(c);
  if (!resultVerb.test(c) || !(RESULT_NOUN.test(c) || crit.by !== 'nth' || ordinalThing)) return undefined;
  {
    const verb = /open|show|view|visit|열어|보여|들어가/i.test(c) ? 'open' : 'pick';
    const quoted = new RegExp(Q).exec(c);
    const from =
      /\b(?:from|by|with)\s+(?:the\s+|my\s+)?(.+?)$/i.exec(c) ?? /(\S+?)(?:한테서|에게서|로부터|한테|에게)\s*(?:온|보낸)/.exec(c);
    // only a cap ("under $30", "직항"): the thing the person named is what to pick, not merely the cheapest under it
    const capOnly = crit.by === 'cheapest' && !/cheapest|lowest|least expensive|싼|저렴|최저가/i.test(c);
    // "…을 비즈니스 운임으로 예약해" / "book … with the business fare": pick it, choose the option it offers, then book
    const how =
      /(?:을|를)\s+(.+?)\s*(?:으로|로)\s*(예약|구매|신청|결제|예매)/.exec(c) ??
      /^(book|reserve|buy|order)\b.*?\s(?:with|in|at)\s+(?:the\s+)?(.+?)\s(?:fare|class|option|plan|rate|ticket|seat)$/i.exec(c);
    const text = quoted?.[1] ?? (how ? undefined : from?.[1]) ?? (capOnly ? itemWords(c) : undefined);
    const picked: Clause = { kind: 'result', verb, criterion: text ? { ...crit, text } : crit };
    if (how) {
      const [said, act] = /[가-힣]/.test(how[2] ?? '') ? [how[1] ?? '', how[2] ?? ''] : [how[2] ?? '', how[1] ?? ''];
      // the kind of thing ("운임", "좌석") is not the option's own word
      const option = said.replace(/\s*(?:운임|요금|좌석|석|클래스|옵션|플랜)$/, '').trim() || said;
      return [picked, { kind: 'choose', option }, { kind: 'click', ref: act }];
    }
    return picked;
  }
}
