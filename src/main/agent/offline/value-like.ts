import { whenOf } from './when.ts';

/**
 * Words that say a value, not the name of a place on the page: a day or a time ("3일 금요일",
 * "내일 저녁"), a sum ("2만원", "$40"), a bare number. "X에 Y" read as "put Y in the field X"
 * is wrong when X is one of these: "3일 금요일에 …" says when, "2만원에 희망가 적어줘" says
 * how much.
 */
const MONEY = /^(?:[$₩€£]\s*\d[\d,.]*|\d[\d,.]*\s*(?:만\s*)?(?:원|달러|dollars?|won|usd|krw))$/i;

export function valueLike(words: string): boolean {
  const w = words.trim();
  if (!w) return false;
  if (MONEY.test(w) || /^\d[\d,.\s-]*$/.test(w)) return true;
  // a day or a time said with little else ("12월 3일 목요일", "tomorrow evening")
  const when = whenOf(w, new Date('2026-01-01T00:00:00Z'), 'UTC');
  return (!!when.date || !!when.time) && when.rest.replace(/[\s,.]+/g, '').length <= 2;
}

/** A value that is only a verb ("왔어요", "있어요", "주세요"): the clause was a sentence, not a field and its value. */
export function verbOnly(words: string): boolean {
  const w = words.trim();
  return /^[가-힣]+$/.test(w) && /(?:어요|아요|해요|세요|니다|줘|줘요|게요|래요|어|아)$/.test(w);
}

/** Korean endings of what the person will do or of how a thing is ("보내려고 하는데요", "바꾸고 싶어요", "끈이 달려 있어요"). */
const DOES = /(?:려고(?:\s*(?:해요|하는데요?|합니다|요))?|는데요?|싶어요|싶습니다|했어요|있어요|없어요|있습니다|없습니다|돼요|됐어요)$/;

/** Whether a value is what the person will do or wants ("…하고 싶어요", "가져갈게요" — a syllable ending in ㄹ before 게요), not a value. */
export function personDoes(value: string): boolean {
  const v = value.trim();
  if (DOES.test(v)) return true;
  const will = /([가-힣])게요?$/.exec(v)?.[1];
  return will !== undefined && (will.charCodeAt(0) - 0xac00) % 28 === 8;
}
