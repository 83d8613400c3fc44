/**
 * The details said after an errand's head, as pieces for the form that appears later: a count
 * said before its noun ("4 attendees", "2 guests") is put as the noun and its number, the way
 * the form names the field ("attendees 4").
 */
export function detailPieces(pieces: string[]): string[] {
  return pieces
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const m = /^(\d{1,3})\s+([\p{L}][\p{L}\s'-]{1,30})$/u.exec(p);
      return m ? `${(m[2] ?? '').trim()} ${m[1]}` : p;
    });
}
