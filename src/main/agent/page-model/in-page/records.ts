import type { RawPage } from '../raw.ts';
import type { Dom } from './dom.ts';

/**
 * Repeated records: tables by their rows, other boxes by children that share one shape and
 * carry text in two or more cells (rows of a form are not records). The best-scoring lists,
 * up to four, none inside another. Runs inside the page.
 */
export function collectRecords(dom: Dom, page: RawPage, maxRecords: number): void {
  const { all, region, hOf, clean, visible, textOf } = dom;
  // repeated records: tables by rows, other boxes by children that share one shape
  // a record's kind is its tag and its first class: further classes mark a state or a variant
  // (selected, pinned, sold out), not another kind of thing
  const shape = (el: Element): string =>
    `${el.tagName}.${typeof el.className === 'string' ? (el.className.trim().split(/\s+/)[0] ?? '') : ''}`;
  const cellsOf = (rec: Element): string[] => {
    const out: string[] = [];
    const visit = (n: Element): void => {
      const own = Array.from(n.childNodes)
        .filter((c) => c.nodeType === 3)
        .map((c) => clean(c.textContent, 80))
        .join(' ')
        .trim();
      if (own && !out.includes(own) && out.length < 14) out.push(own);
      for (const c of Array.from(n.children)) if (c.tagName !== 'SCRIPT' && c.tagName !== 'STYLE') visit(c);
    };
    visit(rec);
    return out;
  };
  const listed = new Set<Element>();
  const candidates: Array<{ box: Element; recs: Element[]; kind: 'table' | 'list'; headers: string[]; score: number }> = [];
  for (const { el } of all) {
    if (region.get(el)?.startsWith('cal:') || !visible(el)) continue;
    if (el.tagName === 'TABLE') {
      const rows = Array.from((el as HTMLTableElement).rows).filter((r) => !r.querySelector('th') || r.querySelector('td'));
      if (rows.length >= 2 && rows.some((r) => r.cells.length >= 2)) {
        const headers = Array.from(el.querySelectorAll('thead th, tr:first-child th')).map((t) => clean(t.textContent, 40));
        candidates.push({ box: el, recs: rows, kind: 'table', headers, score: rows.length * 10 });
      }
      continue;
    }
    const kids = Array.from(el.children).filter((k) => visible(k));
    if (kids.length < 2) continue;
    const groups = new Map<string, Element[]>();
    for (const k of kids) groups.set(shape(k), [...(groups.get(shape(k)) ?? []), k]);
    const best = [...groups.values()].sort((a, b) => b.length - a.length)[0] ?? [];
    if (best.length < 2) continue;
    const texts = best.map((k) => textOf(k, 400));
    const rich = best.filter((k, i) => (texts[i]?.length ?? 0) >= 8 && cellsOf(k).length >= 2).length;
    if (rich < Math.max(2, best.length * 0.6)) continue;
    // rows of a form are not records; a card with a control of its own and its own button (a quantity
    // list beside "Add to basket") is one
    const editable = 'input:not([type=hidden]):not([type=submit]):not([type=button]), select, textarea, [role=combobox], [role=spinbutton]';
    const formRow = (k: Element) => k.querySelector(editable) && !k.querySelector('button, [role=button], a[href]');
    if (best.filter(formRow).length * 2 >= best.length) continue;
    const avg = texts.reduce((s, t) => s + t.length, 0) / texts.length;
    if (avg > 1500) continue;
    candidates.push({ box: el, recs: best, kind: 'list', headers: [], score: (rich * Math.min(avg, 120)) / 10 });
  }
  candidates.sort((a, b) => b.score - a.score);
  for (const c of candidates) {
    if (page.lists.length >= 4) break;
    if ([...listed].some((l) => l.contains(c.box) || c.box.contains(l))) continue;
    listed.add(c.box);
    const idx = page.lists.length;
    region.set(c.box, `list:${idx}`);
    const prev = c.box.previousElementSibling;
    const label = clean(c.box.getAttribute('aria-label') ?? (prev && /^H\d$/.test(prev.tagName) ? prev.textContent : ''), 60);
    const records = c.recs.slice(0, maxRecords).map((r, i) => {
      region.set(r, `rec:${idx}:${i}`);
      return { h: hOf(r), cells: cellsOf(r), text: textOf(r, 300) };
    });
    page.lists.push({ idx, h: hOf(c.box), kind: c.kind, headers: c.headers, label, records });
  }
}
