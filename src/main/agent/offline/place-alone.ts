/**
 * A place said with the words people wrap it in, without them: "시청역에 있는 데로" → "시청역",
 * "서면 쪽으로" → "서면", "the one near Elm Park" → "Elm Park", "the Harbour branch" →
 * "Harbour". A list or a box of places shows the place's own name, never the wrapping.
 */
export function placeAlone(words: string): string {
  return words
    .trim()
    .replace(/\s*(?:에|에서)?\s*(?:있는|하는|가까운)\s*(?:데|곳|거|것|지점|센터)?(?:으로|로)?$/, '')
    .replace(/\s*(?:쪽|근처|부근|인근)(?:에|으로|로)?(?:\s*(?:있는\s*)?(?:데|곳|거))?(?:으로|로)?$/, '')
    .replace(/(?<=[가-힣])(?:으로|로)$/, '')
    .replace(/^(?:the\s+)?(?:one|place|branch|centre|center|site|shop|store)\s+(?:in|at|near|by|on)\s+/i, '')
    .replace(/^the\s+/i, '')
    .replace(/\s+(?:one|branch|side|area|shop|store)$/i, '')
    .trim();
}

/** The places alone of a value's alternatives ("a|b"), where the wrapping took something off: the further ways to type or match it. */
export function placeAlternatives(wanted: string): string[] {
  const alts = wanted.split('|');
  return [...new Set(alts.map(placeAlone).filter((w) => w.length >= 2 && !alts.includes(w)))];
}
