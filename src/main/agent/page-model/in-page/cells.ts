import type { RawPage } from '../raw.ts';
import type { Dom } from './dom.ts';

/**
 * Where a control sits in a grid of rows × columns — a booking table of rooms by hours, a CSS
 * grid of cells — as its row's first words and its column's header: a cell button that says
 * only "○" or nothing is known by "Court 4" and "19:00". Tables by their rows and header
 * row; other grids by position (the row's leftmost text, the nearest header above). Runs
 * inside the page, after the controls.
 */
export function collectCells(dom: Dom, page: RawPage): void {
  const { all, clean, isControl, hOf, parentOf, region } = dom;
  const byH = new Map(page.controls.map((c) => [c.h, c]));
  const words = (el: Element) => clean(el.textContent, 40);
  // the short texts of a grid's area and where they are, read once per area
  const leaves = new Map<Element, Array<{ el: Element; q: DOMRect }>>();
  const leavesOf = (box: Element): Array<{ el: Element; q: DOMRect }> => {
    const known = leaves.get(box);
    if (known) return known;
    const out = Array.from(box.querySelectorAll('*'))
      .filter((x) => x.children.length === 0 && !isControl(x) && words(x).length > 0 && words(x).length <= 30)
      .slice(0, 300)
      .map((el) => ({ el, q: el.getBoundingClientRect() }))
      .filter((x) => x.q.width >= 1 && x.q.height >= 1);
    leaves.set(box, out);
    return out;
  };
  const inCalendar = (el: Element): boolean => {
    for (let p: Element | null = el, i = 0; p && i < 8; p = parentOf(p), i++) if (region.get(p)?.startsWith('cal:')) return true;
    return false;
  };
  for (const { el } of all) {
    if (!isControl(el)) continue;
    const c = byH.get(hOf(el));
    if (!c || c.tag === 'input' || c.tag === 'select' || c.tag === 'textarea') continue;
    let td: Element | null = el;
    for (let i = 0; td && i < 3 && td.tagName !== 'TD' && td.tagName !== 'TH'; i++) td = parentOf(td);
    if (td && (td.tagName === 'TD' || td.tagName === 'TH')) {
      const tr = td.parentElement as HTMLTableRowElement | null;
      const table = td.closest('table');
      const head = table?.tHead?.rows[0] ?? table?.rows[0];
      const first = tr?.cells[0];
      if (!tr || !head || head === tr || !first || first === td) continue;
      const col = head.cells[(td as HTMLTableCellElement).cellIndex];
      if (words(first) && col && words(col)) c.cell = [words(first), words(col)];
      continue;
    }
    // a grid drawn with boxes: many controls side by side in one parent
    const box = parentOf(el);
    // (a calendar's days are read as a calendar)
    if (!box || Array.from(box.children).filter(isControl).length < 6 || inCalendar(el)) continue;
    const area = parentOf(box) ?? box;
    const r = el.getBoundingClientRect();
    let row: { el: Element; x: number } | undefined;
    let col: { el: Element; y: number } | undefined;
    for (const { el: x, q } of leavesOf(area)) {
      const cy = q.top + q.height / 2;
      const cx = q.left + q.width / 2;
      if (cy >= r.top && cy <= r.bottom && q.right <= r.left + 1 && (!row || q.left < row.x)) row = { el: x, x: q.left };
      if (cx >= r.left && cx <= r.right && q.bottom <= r.top + 1 && (!col || q.bottom > col.y)) col = { el: x, y: q.bottom };
    }
    if (row && col) c.cell = [words(row.el), words(col.el)];
  }
}
