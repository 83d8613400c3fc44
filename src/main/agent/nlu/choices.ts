/**
 * A pick among things already shown by their position: "2번", "두 번째 주문이요", "첫번째 거",
 * "1번으로 예약해줘", "the second one", "#2", "order 2". The result is a 1-based position; the
 * pack that showed the list maps it to its item (an order id, a flight), since only it knows
 * the list. Found before other extractors, so "2번" is not read as a count or a date.
 */
import { smallNumber } from '../../language/numbers.ts';
import { EN_ORDINALS, KO_ORDINAL_STEMS } from '../../language/ordinals.ts';
import type { Utterance } from './text.ts';

/** The thing picked, said after the position: "거", "주문", "항공편", "one", "option". */
const KO_THING = '(?:거|걸|것|꺼|주문|주문건|항공편|비행기|편|호텔|숙소|상품|제품|옵션|결과|항목)';
/** Words after a position that make it something else: "2번 출구", "첫째 주", "2번 경유". */
const KO_NOT_A_PICK =
  '(?!\\s?(?:출구|게이트|국도|도로|버스|선(?!택)|홈|타|방|카드|트랙|채널|창구|좌석|자리|더|경유|환승|갈아|주(?!문)|날|달|밤|박|시|월요|화요|수요|목요|금요|토요|일요|(?:으로|로)\\s?(?:싼|비싼|빠른|느린|저렴|좋은|가까운|높은|낮은)))';
/** What may follow a Korean position: a thing, a particle, "이요", or the end of the phrase. */
const KO_AFTER = `${KO_NOT_A_PICK}(?:\\s?${KO_THING})?(?=(?:으로|로|이요|이에요|요|을|를|이|가|은|는|도|만)?(?:\\s|[.,!?~]|$))`;

const KO_ORDINAL_RE = new RegExp(`(?<![가-힣])(${Object.keys(KO_ORDINAL_STEMS).join('|')})\\s?(?:번\\s?)?째${KO_AFTER}`);
/** "2번", "2번째", "1번으로": not "2번 출구", "3번 게이트", "1번 국도". */
const KO_NUMBERED_RE = new RegExp(`(?<![\\d가-힣])(\\d{1,2})\\s?번(?:\\s?째)?${KO_AFTER}`);
const EN_ORDINAL_WORDS = Object.keys(EN_ORDINALS).join('|');
/** "the second one", "2nd option", "the first order", "go with the third". */
const EN_ORDINAL_RE = new RegExp(
  `\\b(?:the\\s)?(${EN_ORDINAL_WORDS}|1st|2nd|3rd|[4-9]th|10th)\\s(?:one|option|item|result|choice|order)\\b|\\bthe\\s(${EN_ORDINAL_WORDS})(?:\\s(?:flight|hotel|product))?(?=\\s?(?:please)?\\s?[.!]?$)`,
);
/** "#2", "number 2", "order 2", "option 3": not "order 2 items", "2 people". */
const EN_NUMBERED_RE =
  /(?:#\s?|\b(?:number|no\.|option|item|result|choice|order)\s#?)(\d{1,2})\b(?!\s?(?:[:./-]\d|am|pm|people|adults|items|nights|days|won|usd))/;
/** A bare "2" is a position only when a choice is what was asked for. */
const BARE = /^\s*#?(\d{1,2})\s*(?:번|이요|요|please)?[.!]?\s*$/;

export interface Choice {
  /** 1-based position among the items shown. */
  position: number;
  mention: string;
}

function ordinalValue(word: string): number | undefined {
  const w = word.toLowerCase();
  if (w in EN_ORDINALS) return EN_ORDINALS[w];
  if (w in KO_ORDINAL_STEMS) return KO_ORDINAL_STEMS[w];
  const n = /^(\d{1,2})(?:st|nd|rd|th)$/.exec(w)?.[1];
  return n ? Number(n) : smallNumber(w);
}

/** Words around a position that say something is being picked. */
const PICKING = /거|걸로|것|주문|예약|선택|골라|고를|할게|할래|\b(one|option|order|book|reserve|pick|choose|select|go with|take)\b|#/;

/**
 * The first pick by position in the utterance (consumed), or undefined. Without a list being
 * asked about, the words must say a pick is meant ("1번으로 예약해줘", "the second one").
 */
export function findChoice(u: Utterance, opts: { expectingChoice: boolean }): Choice | undefined {
  if (!opts.expectingChoice && !PICKING.test(u.lower) && !BARE.test(u.lower)) return undefined;
  if (opts.expectingChoice) {
    const bare = BARE.exec(u.lower);
    if (bare?.[1]) {
      u.consume({ start: 0, end: u.text.length });
      return { position: Number(bare[1]), mention: u.text };
    }
  }
  for (const re of [KO_NUMBERED_RE, KO_ORDINAL_RE, EN_NUMBERED_RE, EN_ORDINAL_RE]) {
    for (const m of u.matches(re)) {
      const position = ordinalValue((m[1] ?? m[2]) as string);
      if (position && position >= 1) return { position, mention: u.slice(m.index, m.index + m[0].length) };
    }
  }
  return undefined;
}
