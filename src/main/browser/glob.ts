/**
 * Glob matching (`*` = any run of characters, anchored at both ends) without a regular
 * expression: a regex `^a.*b.*c$` backtracks polynomially on long text (a console message or
 * URL a page chose). Here the first and last pieces are fixed at the ends and the pieces between
 * are found leftmost, one after the other — the leftmost match is always the best for a glob.
 */
export function globMatch(pattern: string, text: string, opts: { ignoreCase?: boolean } = {}): boolean {
  const p = opts.ignoreCase ? pattern.toLowerCase() : pattern;
  const t = opts.ignoreCase ? text.toLowerCase() : text;
  const pieces = p.split('*');
  if (pieces.length === 1) return t === p;
  const first = pieces[0] as string;
  const last = pieces[pieces.length - 1] as string;
  if (!t.startsWith(first) || t.length < first.length + last.length) return false;
  let pos = first.length;
  const end = t.length - last.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const piece = pieces[i] as string;
    const at = t.indexOf(piece, pos);
    if (at < 0 || at + piece.length > end) return false;
    pos = at + piece.length;
  }
  return t.endsWith(last);
}
