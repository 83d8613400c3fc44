import type { PageModel, ResultRecord } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { EMAIL, PHONE, TAKES_AWAY } from './piece-shapes.ts';
import { coverage, normText, singularWord } from './refs.ts';
import { rowActionOf, superlativeOf, withoutSuperlative } from './row-words.ts';
import { chooseRow } from './skills/row.ts';
import { splitClauses } from './split.ts';

/**
 * A page of rows that each carry the same one button ("Options", "Show slots", "Rent here",
 * "자세히"): a row's button opens what that row has (its form, its times). A request that names
 * one row — by the words of its title ("…200 greeting cards…" on a row titled "Greeting cards"),
 * or as the cheapest, priciest, earliest or latest — and says no action a row's button is known
 * by starts there: that row's button is pressed, and every other piece of the request waits for
 * what it opens. Undefined when the page has no such rows, or no piece names exactly one of them.
 */

/** The words two rows or more show on their own button alike, when one such button stands out. */
export function openerOf(model: PageModel): string | undefined {
  for (const list of model.lists) {
    const count = new Map<string, { text: string; n: number }>();
    for (const r of list.records) {
      const seen = new Set<string>();
      for (const b of r.actions) {
        const k = normText(b.text);
        if (!k || TAKES_AWAY.test(k) || seen.has(k)) continue;
        seen.add(k);
        const c = count.get(k) ?? { text: b.text, n: 0 };
        c.n++;
        count.set(k, c);
      }
    }
    const most = [...count.values()].sort((a, b) => b.n - a.n);
    const top = most[0];
    // (two kinds of button on every row — "Details" and "Add" — leave the choice open: no guess)
    if (!top || top.n < 2 || top.n < list.records.length * 0.6 || most[1]?.n === top.n) continue;
    return top.text;
  }
  return undefined;
}

/** English words without a plural ending, so "pedal boats" says the row "Pedal boat". */
const singular = (text: string) => text.split(/\s+/).map(singularWord).join(' ');

/** The words a row is known by: its first cell with words in it, not its own button's. */
function titleOf(r: ResultRecord): string | undefined {
  const own = new Set(r.actions.map((b) => normText(b.text)));
  const cell = r.cells.find((c) => /\p{L}{2}/u.test(c) && !own.has(normText(c)));
  const title = cell?.split(/\s[·|—–-]\s|\s★/)[0]?.trim();
  return title && title.split(/\s+/).length <= 6 ? title : undefined;
}

export function openerClauses(
  text: string,
  unread: string[],
  model: PageModel,
): { clauses: Clause[]; unknown: string[]; later: string[] } | undefined {
  const action = openerOf(model);
  if (!action) return undefined;
  const pieces = splitClauses(text);
  // (only a piece the first reading left unread: one it placed is its own)
  const isUnread = (p: string) =>
    unread.some((u) => normText(u).length >= 2 && (normText(p).includes(normText(u)) || normText(u).includes(normText(p))));
  // (a request that says a row action of its own — "book", "waitlist" — is read as such, not here)
  if (pieces.some((p) => rowActionOf(p))) return undefined;
  const rows = model.lists.flatMap((l) => l.records).filter((r) => r.actions.some((b) => normText(b.text) === normText(action)));
  // a row named by every word of its title, said in one piece
  const named = pieces.flatMap((p, at) =>
    rows.flatMap((r) => {
      const title = titleOf(r);
      return title && isUnread(p) && (coverage(title, [p]) === 1 || coverage(singular(title), [singular(p)]) === 1)
        ? [{ at, title, r }]
        : [];
    }),
  );
  const titles = new Set(named.map((n) => normText(n.title)));
  if (titles.size === 1) {
    const { at, title } = named[0] as (typeof named)[number];
    const head = pieces[at] as string;
    // (a request only to see the row — "which colours does the X come in", "show me X's times" — is done by opening it;
    // a value said with it is kept for what opens)
    const rest = LOOK.test(head) && !/\d/.test(withoutWords(head, title)) ? '' : withoutWords(head, title);
    const chosen = chooseRow({ action, words: title.split(/\s+/) }, model);
    if ('why' in chosen) return undefined;
    return opened(
      action,
      title.split(/\s+/),
      undefined,
      [...(rest ? [rest] : []), ...pieces.filter((_, i) => i !== at)],
      sends(text, head),
    );
  }
  if (titles.size > 1) return undefined;
  // no title said: the row by a superlative the rows can be compared by ("your cheapest plumber")
  const at = pieces.findIndex((p) => superlativeOf(p) && isUnread(p));
  if (at < 0) return undefined;
  const head = pieces[at] as string;
  const by = superlativeOf(head);
  const chosen = chooseRow({ action, words: [], ...(by ? { by } : {}) }, model);
  if ('why' in chosen) return undefined;
  return opened(action, [], by, pieces.map((p, i) => (i === at ? withoutSuperlative(p, true) : p)).filter(Boolean), sends(text, head));
}

/** Words that ask to see or to know, not to set anything. */
const LOOK =
  /^(?:what|which|when|where|how|show|let me see|can i see|could i see|i'?d like to see|tell me)\b|(?:뭐|무슨|어떤|언제|어디|몇).*(?:있|돼|되|나요|까)|(?:보여|알려)\s*(?:줘|주세요|줄래)/i;

/** A request that gives the person's own details (an e-mail, a phone number) is an errand to send — unless it asks only to see. */
const sends = (text: string, head: string) => (EMAIL.test(text) || PHONE.test(text)) && !LOOK.test(head);

/** The row's button, then what it opens: the pieces wait for it, and what it opened is sent when the request is an errand. */
function opened(action: string, words: string[], by: ReturnType<typeof superlativeOf>, later: string[], send: boolean) {
  const row: Clause = { kind: 'row', row: { action, words, opens: true, ...(by ? { by } : {}) } };
  return {
    clauses: send ? [row, { kind: 'send' } satisfies Clause] : [row],
    unknown: [],
    later,
  };
}

/** The piece without the title's words ("200 greeting cards, glossy" → "200, glossy"); empty when nothing is left. */
function withoutWords(piece: string, title: string): string {
  let out = ` ${piece} `;
  for (const w of title.split(/\s+/)) {
    const esc = normText(w).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // ("cards" for "card"; "서면점에서" for "서면점": a word with its particle goes whole)
    const tail = /[가-힣]$/.test(esc) ? '[가-힣]{0,3}' : '(?:e?s)?';
    if (esc) out = out.replace(new RegExp(`(?<![\\p{L}\\d])${esc}${tail}(?![\\p{L}\\d])`, 'iu'), ' ');
  }
  const left = out.replace(/\s+/g, ' ').trim();
  return /\p{L}{2}|\d/u.test(left) ? left : '';
}
