/**
 * A pick among items already shown, by the words the person uses for one of them ("the Galaxy
 * Buds one", "충전 패드 주문이요"): the item whose own words the answer's words name, when exactly
 * one item is named more than every other. Words are compared by prefix ("buds" names "Buds3"),
 * case and width folded; filler ("the … one", "주문이요") names nothing.
 */

const FILLER = new Set(
  'the one a an that this it its order item product thing please with for of my i want pick choose take go 주문 주문건 거 것 걸 꺼 그거 그 제품 상품 건 이거 저거 그걸로 할게요 할게 해줘 해주세요'.split(
    ' ',
  ),
);
/** Particles and endings glued to a Korean word ("버즈요", "패드로", "케이스를"). */
const KO_TAIL = /(?:이요|이에요|예요|에요|으로|로|을|를|이|가|은|는|요|도|만)$/;

export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .map((w) => (/[가-힣]$/.test(w) && w.length > 2 ? w.replace(KO_TAIL, '') : w))
    .filter((w) => w.length >= 2 && !FILLER.has(w));
}

const names = (said: string, own: string) => {
  const short = Math.min(said.length, own.length);
  const enough = /[가-힣]/.test(said) ? 2 : 3;
  return short >= enough && (own.startsWith(said) || said.startsWith(own));
};

/** The ids of the items the text names most by their words, in the order given (none when no word names any). */
export function namedByWords(text: string, items: ReadonlyArray<{ id: string; words: string }>): string[] {
  const said = wordsOf(text);
  if (!said.length) return [];
  const scored = items.map((item) => {
    const own = wordsOf(item.words);
    return { id: item.id, score: said.filter((w) => own.some((o) => names(w, o))).length };
  });
  const top = Math.max(0, ...scored.map((x) => x.score));
  return top === 0 ? [] : scored.filter((x) => x.score === top).map((x) => x.id);
}

/** The id of the one item the text names by its words, else undefined (none, or a tie). */
export function pickByWords(text: string, items: ReadonlyArray<{ id: string; words: string }>): string | undefined {
  const named = namedByWords(text, items);
  return named.length === 1 ? named[0] : undefined;
}
