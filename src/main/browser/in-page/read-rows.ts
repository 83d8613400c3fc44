/**
 * Runs inside the page (serialised with Function.prototype.toString, so it is self-contained):
 * the rows of a results list and the raw text of each asked field in each row. It only reads
 * the DOM (queries, text, computed style), so the tool that runs it is read-only.
 */

/** Which rows and fields to read; `hints` are other names a field's element may carry (class, data-, itemprop). */
export interface RowsSpec {
  fields: string[];
  rowSelector?: string;
  limit: number;
  hints: Record<string, string[]>;
  container?: { selector?: string; name?: string; role?: string };
}

/**
 * The rows (each field's raw text, `_text` the whole row's), or `{ error: 'container_not_found' }`
 * when a container was asked for and the page has none.
 */
export function readRowsInPage(spec: RowsSpec) {
  const low = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  const nameOf = (el: Element) => {
    const by = el.getAttribute('aria-labelledby');
    const labelled = by
      ? by
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : '';
    return low(el.getAttribute('aria-label') || labelled || el.querySelector('caption')?.textContent || '');
  };
  const findContainer = (c: { selector?: string; name?: string; role?: string }): Element | null => {
    if (c.selector) {
      const el = document.querySelector(c.selector);
      if (el) return el;
    }
    const roleSel: Record<string, string> = {
      table: 'table,[role=table],[role=grid]',
      grid: 'table,[role=grid]',
      list: 'ul,ol,[role=list]',
      region: 'section,[role=region]',
    };
    const cands = [
      ...document.querySelectorAll(
        roleSel[c.role ?? ''] ?? 'table,ul,ol,[role=list],[role=table],[role=grid],section,article,[role=region],main',
      ),
    ];
    const want = low(c.name);
    return cands.find((el) => !want || nameOf(el).includes(want)) ?? null;
  };
  const container = spec.container ? findContainer(spec.container) : null;
  if (spec.container && !container) return { error: 'container_not_found' };
  const root: Element | Document = container ?? document;
  const visible = (el: Element) => {
    const he = el as HTMLElement;
    return !(he.hidden || he.closest('[hidden]')) && (he.offsetParent !== null || getComputedStyle(he).position === 'fixed');
  };
  let rows: Element[] = [];
  if (spec.rowSelector) rows = [...root.querySelectorAll(spec.rowSelector)];
  else {
    for (const sel of ['[data-result]', '[role=listitem]', 'tbody tr', 'li', 'article', '[role=row]', '.result', '.card', '.product']) {
      const found = [...root.querySelectorAll(sel)].filter((el) => visible(el) && !el.querySelector('th') && (el.textContent ?? '').trim());
      if (found.length) {
        rows = found;
        break;
      }
    }
  }
  const esc = (s: string) => s.replace(/[^a-zA-Z0-9_-]/g, '\\$&');
  // the field `site_name` is the site's own name: its declared name, else the last part of a "page — site" title
  const meta = (n: string) => document.querySelector(`meta[property="${n}"], meta[name="${n}"]`)?.getAttribute('content')?.trim();
  const titleParts = document.title.split(/\s+[—–|·]\s+|\s+-\s+/).filter((p) => p.trim());
  const siteName =
    meta('og:site_name') || meta('application-name') || (titleParts.length > 1 ? (titleParts.at(-1) as string).trim() : null);
  return rows.slice(0, spec.limit).map((row) => {
    const raw: Record<string, string | null> = { _text: (row.textContent ?? '').replace(/\s+/g, ' ').trim() };
    for (const f of spec.fields) {
      if (f === 'site_name') {
        raw[f] = siteName || null;
        continue;
      }
      const names = [f, f.replace(/_/g, '-'), ...(spec.hints[f] ?? [])];
      let el: Element | null = null;
      for (const n of names) {
        el = row.querySelector(`[data-field="${n}"], [itemprop="${n}"], .${esc(n)}, [data-${esc(n)}]`);
        if (el) break;
      }
      // looser: a class that contains the name (p-price, goods-title), then a heading for the title
      for (const n of names) {
        if (el || n.length < 4) break;
        el = row.querySelector(`[class*="${esc(n)}"]`);
      }
      if (!el && (f === 'title' || f === 'name')) el = row.querySelector('h1, h2, h3, h4, a');
      if (f === 'url') {
        const a = (el?.closest('a') ?? row.querySelector('a[href]')) as HTMLAnchorElement | null;
        raw[f] = a ? a.href : null;
      } else if (el) {
        raw[f] = (el.textContent ?? '').replace(/\s+/g, ' ').trim() || null;
        if (!raw[f]) for (const n of names) raw[f] = raw[f] || el.getAttribute(`data-${n}`);
      } else {
        let data: string | null = null;
        for (const n of names)
          data = data ?? (row as HTMLElement).dataset?.[n.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())] ?? null;
        raw[f] = data;
      }
    }
    return raw;
  });
}
