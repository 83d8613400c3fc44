/**
 * The words of a pick request that name the thing itself ("…under $30, the candle set, add to
 * cart" → "candle set"): what is left once the choosing words (price caps, superlatives,
 * ordinals), the verb, the kind of result and the small words are taken out. A name the person
 * gave must choose the record; it is never dropped in favour of the other criteria alone.
 */
const CHOOSING = [
  /(?:under|below|less than|max(?:imum)?|up to)\s*[$₩€]?\s*[\d,.]+\s*(?:k|만\s?원|원|dollars?|won)?/gi,
  /[$₩€]?\s*[\d,.]+\s*(?:만\s?원|원|달러|\$|dollars?)?\s*(?:이하|미만|안쪽|아래)(?:의|인)?/g,
  /cheapest|lowest.?price|least expensive|most expensive|priciest|earliest|latest|newest|most recent|shortest|fastest|quickest|best.?rated|highest.?rated|top.?rated|direct|non.?stop/gi,
  /(?:가장|제일)\s*(?:싼|저렴한|비싼|이른|빠른|일찍|늦은|짧은)|최저가|싼\s?거|최근|최신|직항|무경유|(?:평점|별점).{0,4}(?:높은|좋은)|소요\s?시간이?\s?가장\s?\S+/g,
  /\b(?:first|second|third|fourth|fifth|last|\d{1,2}(?:st|nd|rd|th))\b|(?:첫|두|세|네|다섯|\d{1,2})\s*번째|마지막/gi,
];
/** "X 중에(서)" / "among X": the scope of the choice, not the thing */
const SCOPE = /\S+\s*(?:중에서|중에|중)(?=\s|$)|\b(?:among|of|from) (?:the |my |all )?\S+(?: \S+)?$/gi;
const SMALL = new Set(
  'the a an one ones to my our your me in into on of for with from by and it this that please item items result results product products deal deals entry listing row option offer link cart basket bag wishlist add put pick choose select book reserve buy take open show view visit click go get order'.split(
    ' ',
  ),
);
const KO_VERB =
  /(?:장바구니|카트|찜|목록)(?:에|로)?|(?:담아|넣어|골라|선택해|선택|예약해|예약|구매해|구매|사|열어|보여|눌러|클릭해|들어가)(?:줘|주세요|줄래|봐|라)?$/;
const KO_NOUN = /^(?:결과|항목|상품|거|것|링크|항공편|호텔|숙소|방|글|메일|목록|딜|제품|물건)(?:을|를|이|가|은|는|에서|에|으로|로|의)?$/;
const PARTICLE = /(?<=[가-힣])(?:을|를|이|가|은|는|으로|로|에서|에|의|도)$/;

export function itemWords(clause: string): string | undefined {
  let t = ` ${clause} `;
  for (const re of CHOOSING) t = t.replace(re, ' ');
  t = t.replace(SCOPE, ' ');
  const words = t
    .split(/\s+/)
    .map((w) => w.replace(/^[,.!?"'“”‘’]+|[,.!?"'“”‘’]+$/g, ''))
    .filter((w) => w && !SMALL.has(w.toLowerCase()) && !KO_VERB.test(w) && !KO_NOUN.test(w))
    .map((w) => w.replace(PARTICLE, ''))
    .filter((w) => /\p{L}/u.test(w) && !/^(?:해|해줘|줘|주세요)$/.test(w));
  const out = words.join(' ').trim();
  return out.length >= 2 ? out : undefined;
}
