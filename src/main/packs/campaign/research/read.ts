import { UID_PATTERN } from '../../../browser/uids.ts';

/**
 * What a page says, from its accessibility snapshot: the texts a person reads (headings,
 * paragraphs, list items, cells, link texts), without the controls (fields, buttons) and uids.
 */

const LEADING_UID = new RegExp(`^${UID_PATTERN} `);
const CONTROLS = /^(searchbox|textbox|combobox|button|checkbox|radio|slider|spinbutton|switch|option|menuitem|tab|listbox|img|image)\b/;

/** Readable texts of a snapshot, in page order, each once, at most `max` of at most `len` characters. */
export function excerptsOf(snapshot: string, max = 40, len = 400): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (t: string) => {
    const text = t.replace(/\\"/g, '"').replace(/\s+/g, ' ').trim();
    if (text.length < 2 || seen.has(text) || out.length >= max) return;
    seen.add(text);
    out.push(text.length > len ? `${text.slice(0, len - 1)}…` : text);
  };
  for (const raw of snapshot.split('\n')) {
    const line = raw.trim().replace(LEADING_UID, '');
    if (!line || CONTROLS.test(line)) continue;
    // role "name" [attributes] — the name is what it says
    const named = /^[a-zA-Z]+ "((?:[^"\\]|\\.)*)"/.exec(line);
    if (named) {
      add(named[1] as string);
      continue;
    }
    // role: text | text — the texts a container holds directly; • text — a list item's words
    const held = /^[a-zA-Z]+: (.*)$/.exec(line);
    const body = held ? (held[1] as string) : line;
    for (const part of body.split(' | ')) {
      const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(part.trim());
      add(quoted ? (quoted[1] as string) : part.replace(/^•\s*/, ''));
    }
  }
  return out;
}
