import type { RawControl, RawPage } from './raw.ts';

/** Handles of one document: the same element keeps its number across passes (held by the engine, not by the page). */
export interface HandleRegistry {
  ids: WeakMap<Element, number>;
  els: Array<WeakRef<Element>>;
}

/**
 * The one in-page pass. Runs inside the page (serialised with Function.prototype.toString, so
 * it must not reference anything outside its own body) and walks the document, open shadow
 * roots and same-origin iframes once. `this` is the document's handle registry; returns the
 * facts as JSON text.
 */
export function collectPage(this: HandleRegistry, opts: { maxRecords: number }): string {
  const hOf = (el: Element): number => {
    const known = this.ids.get(el);
    if (known !== undefined) return known;
    this.ids.set(el, this.els.length);
    this.els.push(new WeakRef(el));
    return this.els.length - 1;
  };
  const clean = (s: unknown, max = 120): string =>
    String(s ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, max);
  const parentOf = (el: Element): Element | null => {
    if (el.parentElement) return el.parentElement;
    const root = el.parentNode;
    if (root && (root as ShadowRoot).host) return (root as ShadowRoot).host;
    const doc = el.ownerDocument;
    return doc && doc !== document ? (doc.defaultView?.frameElement ?? null) : null;
  };
  const styleOf = (el: Element): CSSStyleDeclaration => (el.ownerDocument.defaultView ?? window).getComputedStyle(el);
  const visible = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    const s = styleOf(el);
    return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0.05;
  };
  // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees (layout-aware), not the raw text
  const textOf = (el: Element, max = 200): string => clean((el as HTMLElement).innerText ?? el.textContent, max);

  // ---- walk: every element once, across shadow roots and same-origin iframes ----
  const all: Array<{ el: Element; depth: 'doc' | 'shadow' | 'frame' }> = [];
  const walk = (root: Element | ShadowRoot | Document, depth: 'doc' | 'shadow' | 'frame'): void => {
    const kids = Array.from((root as ParentNode).children);
    for (const el of kids) {
      const tag = el.tagName;
      if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'NOSCRIPT' || tag === 'TEMPLATE' || tag === 'HEAD') continue;
      all.push({ el, depth });
      if (el.shadowRoot) walk(el.shadowRoot, 'shadow');
      if (tag === 'IFRAME' || tag === 'FRAME') {
        try {
          const doc = (el as HTMLIFrameElement).contentDocument;
          if (doc?.body) walk(doc.body, 'frame');
        } catch {
          // cross-origin: read through its own session
        }
      }
      walk(el, depth);
    }
  };
  if (document.body) walk(document.body, 'doc');

  const roleOf = (el: Element): string => (el.getAttribute('role') ?? '').toLowerCase();
  const CONTROL_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A', 'SUMMARY']);
  const CONTROL_ROLES = new Set([
    'button',
    'link',
    'textbox',
    'searchbox',
    'combobox',
    'checkbox',
    'radio',
    'switch',
    'tab',
    'option',
    'menuitem',
    'menuitemradio',
    'menuitemcheckbox',
    'slider',
    'spinbutton',
    'gridcell',
    'treeitem',
  ]);
  const isControl = (el: Element): boolean => {
    const tag = el.tagName;
    if (tag === 'INPUT') return (el as HTMLInputElement).type !== 'hidden';
    if (tag === 'A') return el.hasAttribute('href') || el.hasAttribute('onclick') || roleOf(el) !== '';
    if (CONTROL_TAGS.has(tag)) return true;
    if (CONTROL_ROLES.has(roleOf(el))) return true;
    if ((el as HTMLElement).isContentEditable && !(parentOf(el) as HTMLElement | null)?.isContentEditable) return true;
    if (el.hasAttribute('onclick')) return true;
    return false;
  };

  // ---- containers first: dialogs, forms, calendars, lists, scrollables ----
  const region = new Map<Element, string>();
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const page: RawPage = {
    url: location.href,
    title: document.title,
    lang: document.documentElement.lang || '',
    headings: [],
    controls: [],
    forms: [],
    dialogs: [],
    lists: [],
    calendars: [],
    scrollables: [],
    messages: [],
    scroll: { y: Math.round(window.scrollY), height: document.documentElement.scrollHeight, viewport: vh },
    // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees (layout-aware), not the raw text
    textLength: (document.body?.innerText ?? '').length,
  };
  const seen = new Set<Element>();
  for (const { el } of all) {
    const tag = el.tagName;
    const role = roleOf(el);
    if (/^H[1-3]$/.test(tag) && page.headings.length < 12 && visible(el)) page.headings.push(textOf(el, 80));
    const isDialog =
      role === 'dialog' ||
      role === 'alertdialog' ||
      (tag === 'DIALOG' && (el as HTMLDialogElement).open) ||
      el.getAttribute('aria-modal') === 'true';
    if (isDialog && visible(el)) {
      region.set(el, `dialog:${page.dialogs.length}`);
      page.dialogs.push({
        idx: page.dialogs.length,
        h: hOf(el),
        text: textOf(el, 300),
        modal: el.getAttribute('aria-modal') === 'true' || tag === 'DIALOG',
        kind: 'dialog',
      });
      continue;
    }
    if (tag === 'FORM' || role === 'search' || role === 'form') {
      region.set(el, `form:${page.forms.length}`);
      const f = el as HTMLFormElement;
      page.forms.push({
        idx: page.forms.length,
        h: hOf(el),
        explicit: tag === 'FORM',
        name: clean(el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.id, 60),
        method: tag === 'FORM' ? (f.method || 'get').toLowerCase() : '',
        action: tag === 'FORM' ? f.action : '',
        role,
      });
      continue;
    }
    if (tag === 'NAV' || role === 'navigation') region.set(el, 'nav');
    else if (role === 'tablist') region.set(el, `tablist:${seen.size}`);
    else if (role === 'listbox' || role === 'menu') region.set(el, `listbox:${seen.size}`);
    else if (tag === 'HEADER' || role === 'banner') region.set(el, 'header');
    else if (tag === 'FOOTER' || role === 'contentinfo') region.set(el, 'footer');
    seen.add(el);
    // fixed overlays with buttons (cookie banners, promos) count as dialogs
    const pos = styleOf(el).position;
    if ((pos === 'fixed' || pos === 'sticky') && tag !== 'HEADER' && tag !== 'NAV' && visible(el)) {
      const r = el.getBoundingClientRect();
      const hasButton = el.querySelector('button, [role=button], a, input[type=button], input[type=submit]');
      const text = textOf(el, 300);
      if (
        hasButton &&
        text.length > 15 &&
        r.width * r.height < vw * vh * 0.9 &&
        el.querySelectorAll('a').length < 5 &&
        !el.querySelector('input[type=text], input[type=search]')
      ) {
        region.set(el, `dialog:${page.dialogs.length}`);
        page.dialogs.push({ idx: page.dialogs.length, h: hOf(el), text, modal: false, kind: 'overlay' });
      }
    }
    // scrollable boxes
    if (el.scrollHeight > el.clientHeight + 8 && el.clientHeight > 20) {
      const oy = styleOf(el).overflowY;
      if ((oy === 'auto' || oy === 'scroll') && visible(el)) {
        const prev = el.previousElementSibling;
        const label = clean(
          el.getAttribute('aria-label') ?? (prev && /^H\d|LABEL|P|STRONG|DIV|SPAN$/.test(prev.tagName) ? textOf(prev, 60) : ''),
          60,
        );
        if (!region.has(el)) region.set(el, `scroll:${page.scrollables.length}`);
        page.scrollables.push({
          idx: page.scrollables.length,
          h: hOf(el),
          label,
          scrollTop: el.scrollTop,
          scrollHeight: el.scrollHeight,
          clientHeight: el.clientHeight,
        });
      }
    }
  }

  // calendars: a box holding 28+ clickable day numbers
  const dayCells = all.filter(({ el }) => {
    const t = clean(el.textContent, 4);
    if (!/^\d{1,2}$/.test(t) || Number(t) < 1 || Number(t) > 31) return false;
    const tag = el.tagName;
    const role = roleOf(el);
    if (
      tag === 'BUTTON' ||
      tag === 'A' ||
      role === 'gridcell' ||
      role === 'button' ||
      el.hasAttribute('data-date') ||
      el.hasAttribute('onclick')
    )
      return true;
    return tag === 'TD' && !el.querySelector('button, a') && visible(el);
  });
  const calOf = new Map<Element, number>();
  for (const { el } of dayCells) {
    let box: Element | null = parentOf(el);
    for (let i = 0; box && i < 5; i++, box = parentOf(box)) {
      const known = calOf.get(box);
      if (known !== undefined) break;
      const n = dayCells.filter((d) => box?.contains(d.el)).length;
      if (n >= 28) {
        calOf.set(box, page.calendars.length);
        const headings: string[] = [];
        let around: Element | null = box;
        for (let j = 0; around && j < 3 && !headings.length; j++, around = parentOf(around)) {
          for (const c of Array.from(around.querySelectorAll('h1,h2,h3,h4,h5,caption,strong,span,div,th,[aria-live]'))) {
            const t = clean(c.textContent, 40);
            if (
              c.children.length <= 1 &&
              /(\d{4}\s*[년./-]\s*\d{1,2}\s*월?)|(\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4})|(\d{1,2}\s*월\s*\d{4})/i.test(
                t,
              )
            )
              if (!headings.includes(t)) headings.push(t);
          }
        }
        const br = box.getBoundingClientRect();
        page.calendars.push({
          idx: page.calendars.length,
          h: hOf(box),
          headings: headings.slice(0, 4),
          days: [],
          rect: [Math.round(br.x), Math.round(br.y), Math.round(br.width), Math.round(br.height)],
        });
        region.set(box, `cal:${page.calendars.length - 1}`);
        break;
      }
    }
  }
  for (const { el } of dayCells) {
    for (const [box, idx] of calOf) {
      if (!box.contains(el) || !visible(el)) continue;
      const cls = typeof el.className === 'string' ? el.className : '';
      page.calendars[idx]?.days.push({
        h: hOf(el),
        day: Number(clean(el.textContent, 4)),
        label: clean(el.getAttribute('aria-label') ?? el.getAttribute('data-date') ?? el.getAttribute('title'), 60),
        disabled: el.hasAttribute('disabled') || el.getAttribute('aria-disabled') === 'true' || /disabled|unavailable/i.test(cls),
        dim: /other|outside|adjacent|muted|prev-month|next-month/i.test(cls) || Number(styleOf(el).opacity) < 0.6,
        selected: el.getAttribute('aria-selected') === 'true' || el.getAttribute('aria-pressed') === 'true' || /selected|active/i.test(cls),
      });
      break;
    }
  }

  // repeated records: tables by rows, other boxes by children that share one shape
  const shape = (el: Element): string =>
    `${el.tagName}.${
      typeof el.className === 'string'
        ? el.className
            .split(/\s+/)
            .filter((c) => !/active|selected|first|last|odd|even/i.test(c))
            .sort()
            .join('.')
        : ''
    }`;
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
    // rows of a form are not records
    const editable = 'input:not([type=hidden]):not([type=submit]):not([type=button]), select, textarea, [role=combobox], [role=spinbutton]';
    if (best.filter((k) => k.querySelector(editable)).length * 2 >= best.length) continue;
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
    const records = c.recs.slice(0, opts.maxRecords).map((r, i) => {
      region.set(r, `rec:${idx}:${i}`);
      return { h: hOf(r), cells: cellsOf(r), text: textOf(r, 300) };
    });
    page.lists.push({ idx, h: hOf(c.box), kind: c.kind, headers: c.headers, label, records });
  }

  // ---- controls ----
  const regionsOf = (el: Element): { regions: string[]; form: number } => {
    const regions: string[] = [];
    let form = -1;
    for (let p: Element | null = el; p; p = parentOf(p)) {
      const r = region.get(p);
      if (r) {
        if (r.startsWith('form:') && form < 0) form = Number(r.slice(5));
        regions.push(r);
      }
    }
    return { regions, form };
  };
  const labelOf = (el: Element): string => {
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      const t = by
        .split(/\s+/)
        .map((id) => el.ownerDocument.getElementById(id)?.textContent ?? '')
        .join(' ');
      if (clean(t)) return clean(t, 80);
    }
    // a label that wraps its control also holds the control's own text (a select's options): leave it out
    const own = el.tagName === 'SELECT' || el.tagName === 'TEXTAREA' ? clean(el.textContent, 2000) : '';
    const minus = (t: string) => clean(own && t.includes(own) ? t.replace(own, ' ') : t, 80);
    const labels = (el as HTMLInputElement).labels;
    if (labels?.length)
      return minus(
        clean(
          Array.from(labels)
            .map((l) => l.textContent)
            .join(' '),
          2000,
        ),
      );
    const wrap = el.closest('label');
    return wrap ? minus(clean(wrap.textContent, 2000)) : '';
  };
  const nearbyOf = (el: Element): string => {
    let cur: Element | null = el;
    for (let depth = 0; cur && depth < 2; depth++, cur = parentOf(cur)) {
      for (let n = cur.previousSibling; n; n = n.previousSibling) {
        if (n.nodeType === 3) {
          const t = clean(n.textContent, 80);
          if (t) return t;
          continue;
        }
        if (n.nodeType !== 1) continue;
        const s = n as Element;
        if (s.matches('input, select, textarea, button, h1, h2, form, table, ul, ol')) return '';
        const t = textOf(s, 80);
        if (t) return t.length <= 50 ? t : '';
      }
    }
    return '';
  };
  const groupOf = (el: Element): string => {
    const fs = el.closest('fieldset');
    const legend = fs?.querySelector('legend');
    if (legend) return clean(legend.textContent, 60);
    const rg = el.closest('[role=radiogroup], [role=group]');
    if (rg)
      return clean(
        rg.getAttribute('aria-label') ??
          (rg.getAttribute('aria-labelledby')
            ? el.ownerDocument.getElementById(rg.getAttribute('aria-labelledby') ?? '')?.textContent
            : ''),
        60,
      );
    return '';
  };
  const clusters = new Map<Element, number>();
  for (const { el, depth } of all) {
    if (!isControl(el)) continue;
    const tag = el.tagName;
    const type = tag === 'INPUT' ? ((el as HTMLInputElement).type || 'text').toLowerCase() : '';
    const boxed = type === 'checkbox' || type === 'radio';
    const shown =
      visible(el) || (boxed && ((el as HTMLInputElement).labels?.[0] ? visible((el as HTMLInputElement).labels?.[0] as Element) : false));
    if (!shown) continue;
    const r = el.getBoundingClientRect();
    const { regions, form } = regionsOf(el);
    const parent = parentOf(el);
    let cluster = -1;
    let clusterText = '';
    if (
      parent &&
      parent.querySelectorAll('button, [role=button]').length >= 2 &&
      parent.querySelectorAll('button, [role=button], input, select, textarea, a').length <= 4 &&
      textOf(parent, 200).length < 60
    ) {
      cluster = clusters.get(parent) ?? clusters.size;
      clusters.set(parent, cluster);
      clusterText = textOf(parent, 80);
    }
    const input = el as HTMLInputElement;
    const c: RawControl = {
      h: hOf(el),
      tag: tag.toLowerCase(),
      type,
      role: roleOf(el),
      name: el.getAttribute('name') ?? '',
      id: el.id,
      autocomplete: el.getAttribute('autocomplete') ?? '',
      placeholder: clean(el.getAttribute('placeholder'), 80),
      label: labelOf(el),
      aria: clean(el.getAttribute('aria-label'), 80),
      nearby: boxed || tag === 'A' || tag === 'BUTTON' ? '' : nearbyOf(el),
      text:
        tag === 'INPUT' && (type === 'submit' || type === 'button' || type === 'reset')
          ? clean(input.value, 80)
          : tag === 'SELECT'
            ? ''
            : textOf(el, 120),
      title: clean(el.getAttribute('title'), 80),
      value:
        tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT'
          ? String(input.value ?? '').slice(0, 200)
          : clean(el.getAttribute('aria-valuenow') ?? el.getAttribute('aria-valuetext'), 60),
      checked: boxed ? input.checked : el.hasAttribute('aria-checked') ? el.getAttribute('aria-checked') === 'true' : null,
      disabled: input.disabled === true || el.getAttribute('aria-disabled') === 'true',
      readonly: input.readOnly === true || el.getAttribute('aria-readonly') === 'true',
      required: input.required === true || el.getAttribute('aria-required') === 'true',
      invalid: el.getAttribute('aria-invalid') === 'true',
      options:
        tag === 'SELECT'
          ? Array.from((el as HTMLSelectElement).options).map((o) => ({
              label: clean(o.label || o.text, 80),
              value: o.value,
              selected: o.selected,
            }))
          : input.list
            ? Array.from(input.list.querySelectorAll('option')).map((o) => ({
                label: clean(o.label || o.value, 80),
                value: o.value,
                selected: false,
              }))
            : null,
      min: el.getAttribute('min') ?? el.getAttribute('aria-valuemin') ?? '',
      max: el.getAttribute('max') ?? el.getAttribute('aria-valuemax') ?? '',
      href: tag === 'A' ? ((el as HTMLAnchorElement).href ?? '') : '',
      expanded: el.getAttribute('aria-expanded') ?? (tag === 'SUMMARY' ? String((parent as HTMLDetailsElement | null)?.open ?? false) : ''),
      selected: el.getAttribute('aria-selected') ?? (el.getAttribute('aria-current') ? 'true' : ''),
      haspopup: el.getAttribute('aria-haspopup') ?? (el.hasAttribute('list') ? 'datalist' : ''),
      group: boxed ? groupOf(el) || (type === 'radio' ? input.name : '') : groupOf(el),
      form,
      regions,
      cluster,
      clusterText,
      inView: r.bottom > 0 && r.top < vh && r.right > 0 && r.left < vw,
      rect: [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)],
      depth,
    };
    if (c.invalid || (el as HTMLInputElement).validationMessage) {
      const desc = el.getAttribute('aria-describedby');
      const t = desc ? clean(el.ownerDocument.getElementById(desc)?.textContent, 120) : '';
      if (c.invalid && t) page.messages.push({ text: t, kind: 'invalid' });
    }
    page.controls.push(c);
  }

  // ---- the page's own messages ----
  for (const { el } of all) {
    const role = roleOf(el);
    const cls = typeof el.className === 'string' ? el.className : '';
    const kind =
      role === 'alert'
        ? 'alert'
        : role === 'status' || el.hasAttribute('aria-live')
          ? 'status'
          : /(^|[\s_-])(error|invalid|warning|alert)([\s_-]|$)/i.test(`${cls} ${el.id}`)
            ? 'error'
            : '';
    if (!kind || !visible(el)) continue;
    const text = textOf(el, 200);
    if (text && !page.messages.some((m) => m.text === text)) page.messages.push({ text, kind });
  }
  return JSON.stringify(page);
}
