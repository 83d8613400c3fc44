import type { RawControl, RawPage } from '../raw.ts';
import type { Dom } from './dom.ts';

/**
 * Every control a person can use, with the words it is known by (label, aria, nearby text,
 * placeholder, legend), its state, its options, the containers it sits in and the small button
 * cluster it belongs to (a stepper's − and +). Runs inside the page.
 */
export function collectControls(dom: Dom, page: RawPage): void {
  const { all, region, hOf, clean, parentOf, visible, textOf, roleOf, isControl, chipInRow } = dom;
  const vw = window.innerWidth;
  const vh = window.innerHeight;
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
  // a label's words, one text node apart from the next ("<b>Late show</b><small>21:00</small>" is not "show21:00")
  // (a control the label wraps keeps its own text out of it: a select's options are not its name)
  const wordsOf = (el: Element, skip?: Element): string => {
    const out: string[] = [];
    const walker = el.ownerDocument.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n && out.length < 200; n = walker.nextNode()) if (!skip?.contains(n)) out.push(n.nodeValue ?? '');
    return out.join(' ');
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
    // a label that wraps its control also holds the control's own text (a select's options): left out
    const labels = (el as HTMLInputElement).labels;
    if (labels?.length) return clean(Array.from(labels, (l) => wordsOf(l, el)).join(' '), 80);
    const wrap = el.closest('label');
    return wrap ? clean(wordsOf(wrap, el), 80) : '';
  };
  // a choice a page marks only by a class ("sel", "is-active", "chip--on"): its being chosen, when the
  // mark sets it apart from its siblings of the same kind (a mark every sibling wears is only a look)
  const MARK = /^(?:is-)?(?:sel|selected|active|on|current|chosen|picked|checked|pressed)$/i;
  const wears = (el: Element): boolean =>
    (typeof el.className === 'string' ? el.className : '')
      .split(/\s+/)
      .some((t) => t && (MARK.test(t) || MARK.test(t.split(/[-_]+/).pop() ?? '')));
  // 'true' for the marked one, 'false' for its unmarked kin, '' where the page marks nothing
  const classMark = (el: Element): string => {
    const kin = Array.from(el.parentElement?.children ?? []).filter((x) => x !== el && x.tagName === el.tagName);
    if (!wears(el)) {
      if (kin.some(wears)) return 'false';
      // a row of three or more buttons alike (same tag and look), none marked yet: a row of choices ("커트 | 펌 | …")
      const alike = kin.filter(
        (x) => (x as HTMLElement).className === (el as HTMLElement).className && (x as HTMLButtonElement).type !== 'submit',
      );
      const button = (el.tagName === 'BUTTON' && (el as HTMLButtonElement).type !== 'submit') || chipInRow(el);
      return button && alike.length >= 2 && typeof el.className === 'string' && el.className.trim() ? 'false' : '';
    }
    return !kin.length || kin.some((x) => !wears(x)) ? 'true' : '';
  };
  // a box in a table row known by the row's header cell ("소파") and its column's header ("수량")
  const rowHeadOf = (el: Element): string => {
    const cell = el.closest('td, th');
    const tr = cell?.parentElement;
    if (!cell || tr?.tagName !== 'TR') return '';
    const head = Array.from(tr.children).find((c) => c.tagName === 'TH' && c !== cell && !c.querySelector('input, select, textarea'));
    const words = head ? textOf(head, 50) : '';
    if (!words) return '';
    const table = tr.closest('table');
    const top = table?.querySelector('thead tr') ?? table?.querySelector('tr');
    const headed = top && top !== tr && Array.from(top.children).every((c) => c.tagName === 'TH' || top.parentElement?.tagName === 'THEAD');
    const col = headed ? textOf(top.children[Array.from(tr.children).indexOf(cell)] ?? top, 30) : '';
    return clean(`${words} ${col}`, 80);
  };
  const nearbyOf = (el: Element): string => {
    const row = rowHeadOf(el);
    if (row) return row;
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
        // (a row before this one that holds its own box: its words are that box's, not this one's)
        if (s.querySelector('input:not([type=hidden]), select, textarea')) return '';
        const t = textOf(s, 80);
        if (t) return t.length <= 50 ? t : '';
      }
    }
    return '';
  };
  /** The words of a box's own row (the widest element around it that holds no other control), before or after it. */
  const rowTextOf = (el: Element): string => {
    const own = textOf(el, 40);
    let found = '';
    let cur = parentOf(el);
    for (let depth = 0; cur && depth < 3; depth++, cur = parentOf(cur)) {
      const controls = cur.querySelectorAll(
        'input:not([type=hidden]), select, textarea, button, a[href], [role=switch], [role=checkbox], [role=radio], [role=button]',
      ).length;
      if (controls > 1) break;
      // biome-ignore lint/performance/useDomNodeTextContent: the lines a person sees
      const lines = String((cur as HTMLElement).innerText ?? cur.textContent ?? '')
        .split('\n')
        .map((l) => clean(l, 80))
        .filter((l) => l && l !== own);
      if (lines[0]) found = lines[0];
    }
    return found.length <= 60 ? found : '';
  };
  /** The heading a group of boxes sits under when nothing else groups them (a settings section's title). */
  const headingOf = (el: Element): string => {
    let cur: Element | null = el;
    for (let depth = 0; cur && depth < 5; depth++, cur = parentOf(cur)) {
      for (let n = cur.previousElementSibling; n; n = n.previousElementSibling) {
        if (/^H[1-6]$/.test(n.tagName) || n.getAttribute('role') === 'heading') return clean(n.textContent, 60);
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
  /** The first line of the text just before a box (its sibling before it, or its parent's), short. */
  const captionOf = (box: Element): string => {
    let cur: Element | null = box;
    for (let depth = 0; cur && depth < 2; depth++, cur = parentOf(cur)) {
      for (let n = cur.previousElementSibling; n; n = n.previousElementSibling) {
        // biome-ignore lint/performance/useDomNodeTextContent: the lines a person sees
        const first = clean(
          ((n as HTMLElement).innerText ?? n.textContent ?? '').split('\n').find((l) => l.trim()),
          60,
        );
        if (first) return /\p{L}/u.test(first) ? first : '';
      }
    }
    return '';
  };
  /** What a switch says of its own state ("ON", "끔") is not its name. */
  const STATE = /^(?:on|off|켬|끔|켜짐|꺼짐|사용|미사용|사용\s*안\s*함|yes|no|예|아니오|✓|✔)$/i;
  const clusters = new Map<Element, number>();
  for (const { el, depth } of all) {
    if (!isControl(el)) continue;
    const tag = el.tagName;
    // a <button>'s own type: only a submit one (the default) sends its form, never type="button"
    const type =
      tag === 'INPUT'
        ? ((el as HTMLInputElement).type || 'text').toLowerCase()
        : tag === 'BUTTON'
          ? ((el as HTMLButtonElement).type || 'submit').toLowerCase()
          : '';
    const boxed = type === 'checkbox' || type === 'radio';
    const label0 = boxed ? (el as HTMLInputElement).labels?.[0] : undefined;
    // a box drawn by its label (the input itself transparent or clipped) is used through its label, as a person does
    const byLabel = boxed && !visible(el) && label0 !== undefined && visible(label0);
    if (!visible(el) && !byLabel) continue;
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
      // a box of buttons and a number alone ("− 0 +") is known by the words of its row, just before it
      if (!/\p{L}{2}/u.test(clusterText.replace(/\b(?:minus|plus)\b/gi, ''))) {
        const row = captionOf(parent);
        if (row) clusterText = `${row} ${clusterText}`;
      }
    }
    // (a row of plain chips is one set of choices, however long its words; keys a page gives a role —
    // a keypad's digits — are not chips)
    if (cluster < 0 && parent && !el.getAttribute('role') && chipInRow(el)) {
      cluster = clusters.get(parent) ?? clusters.size;
      clusters.set(parent, cluster);
    }
    const input = el as HTMLInputElement;
    const custom = !boxed && ['switch', 'checkbox', 'radio', 'menuitemcheckbox'].includes(roleOf(el));
    const c: RawControl = {
      h: byLabel && label0 ? hOf(label0) : hOf(el),
      tag: tag.toLowerCase(),
      type,
      role: roleOf(el),
      name: el.getAttribute('name') ?? '',
      id: el.id,
      autocomplete: el.getAttribute('autocomplete') ?? '',
      placeholder: clean(el.getAttribute('placeholder'), 80),
      label: labelOf(el),
      aria: clean(el.getAttribute('aria-label'), 80),
      // a switch or box drawn by the page is known by the words of its row, before or after it
      // (a button that opens a list is a picker: the words before it name it, as a box's do)
      nearby: custom
        ? rowTextOf(el) || nearbyOf(el)
        : boxed || tag === 'A' || (tag === 'BUTTON' && !/listbox|menu|true|dialog/.test(el.getAttribute('aria-haspopup') ?? ''))
          ? ''
          : nearbyOf(el),
      text:
        tag === 'INPUT' && (type === 'submit' || type === 'button' || type === 'reset')
          ? clean(input.value, 80)
          : tag === 'SELECT'
            ? ''
            : custom && STATE.test(textOf(el, 20))
              ? ''
              : textOf(el, 120),
      title: clean(el.getAttribute('title'), 80),
      value:
        tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT'
          ? String(input.value ?? '').slice(0, 200)
          : (el as HTMLElement).isContentEditable
            ? textOf(el, 200)
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
              ...(o.disabled ? { disabled: true } : {}),
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
      // a toggle button's pressed state is its being chosen (a time slot, a segment)
      selected:
        el.getAttribute('aria-selected') ??
        el.getAttribute('aria-pressed') ??
        (el.getAttribute('aria-current') ? 'true' : boxed || tag === 'SELECT' ? '' : classMark(el)),
      haspopup: el.getAttribute('aria-haspopup') ?? (el.hasAttribute('list') ? 'datalist' : ''),
      // a column header: how its rows run now by its aria-sort ('unmarked' when it says nothing of it)
      sorted: (() => {
        const th = el.closest('th,[role=columnheader]') ?? (el.hasAttribute('aria-sort') ? el : null);
        return th ? (th.getAttribute('aria-sort') ?? 'unmarked') : '';
      })(),
      group: boxed
        ? groupOf(el) || (type === 'radio' ? input.name : headingOf(el))
        : groupOf(el) || (custom && roleOf(el) !== 'radio' ? headingOf(el) : ''),
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
}
