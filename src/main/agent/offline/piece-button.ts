import type { Button, PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { normText, usableButtons } from './refs.ts';

/** "09:40" and "9:40 pm" as minutes of the day (both halves when the half is not said). */
function clocks(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/(오전|오후)?\s*\b(\d{1,2})[:시]\s*(\d{2})?\s*(?:분)?\s*(am|pm|a\.m\.|p\.m\.)?/gi)) {
    if (!m[3] && !m[4] && !/시/.test(m[0])) continue;
    let h = Number(m[2]);
    const min = Number(m[3] ?? 0);
    if (h > 23 || min > 59) continue;
    const pm = m[1] === '오후' || /^p/i.test(m[4] ?? '');
    const am = m[1] === '오전' || /^a/i.test(m[4] ?? '');
    if (pm && h < 12) h += 12;
    if (am && h === 12) h = 0;
    out.push(h * 60 + min);
    if (!pm && !am && h >= 1 && h <= 11) out.push((h + 12) * 60 + min);
  }
  return out;
}

/**
 * A piece that names one button on the page: the one time it shows ("9:40" → "Select 09:40"),
 * or every word and number of the piece among the button's words ("seat 3" → "Seat 3 (window)").
 * Only one button may fit; a piece two buttons fit is not placed.
 */
export function buttonClause(p: string, model: PageModel): Clause[] | undefined {
  const buttons = usableButtons(model).filter((b) => b.text.trim());
  const said = clocks(p);
  const only = (fits: Button[]) => (fits.length === 1 ? fits[0] : undefined);
  const rest = normText(p.replace(/(오전|오후)?\s*\b\d{1,2}[:시]\s*(\d{2})?\s*(?:분)?\s*(am|pm|a\.m\.|p\.m\.)?/gi, ' '));
  if (said.length && !/\p{L}{2}/u.test(rest.replace(/\b(?:the|a|an|at|bus|train|one|편|시)\b/g, ''))) {
    const b = only(buttons.filter((x) => clocks(x.text).some((c) => said.includes(c))));
    return b ? [{ kind: 'click', ref: b.text }] : undefined;
  }
  const words = normText(p).split(' ').filter(Boolean);
  if (!words.length || words.length > 4 || !words.some((w) => /\d/.test(w))) return undefined;
  const b = only(
    buttons.filter((x) => {
      const have = normText(x.text).split(' ');
      return words.every((w) => have.includes(w));
    }),
  );
  return b ? [{ kind: 'click', ref: b.text }] : undefined;
}
