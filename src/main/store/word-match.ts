/**
 * The full-text index's word rule in JavaScript, for searches that read a few rows directly
 * instead of the index: a message matches when each query word starts one of its words. Words
 * are runs of letters and digits (as the unicode61 tokenizer splits them), compared without
 * case and without Latin diacritics (é = e), as that tokenizer folds them; Hangul is kept whole.
 */
function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase();
}

export function splitWords(s: string): string[] {
  return fold(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** 1 when every word of `query` (words joined by spaces) starts a word of `message`, else 0 (an SQL function's answer). */
export function wordsMatch(message: unknown, query: unknown): number {
  if (typeof message !== 'string' || typeof query !== 'string') return 0;
  const words = splitWords(message);
  for (const q of query.split(' ')) {
    if (q && !words.some((w) => w.startsWith(q))) return 0;
  }
  return 1;
}
