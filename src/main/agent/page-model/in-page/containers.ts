import type { RawPage } from '../raw.ts';
import type { Dom } from './dom.ts';

/**
 * Containers first: headings, open dialogs, forms (explicit or by role), navigation, tab
 * lists, listboxes, header/footer, fixed overlays with buttons (cookie banners, promos count as
 * dialogs) and scrollable boxes. Marks each container's region. Runs inside the page.
 */
export function collectContainers(dom: Dom, page: RawPage): void {
  const { all, region, hOf, clean, styleOf, visible, textOf, roleOf } = dom;
  const vw = window.innerWidth;
  const vh = window.innerHeight;
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
      // (read through the form's own getters: a box named "method" or "action" shadows the properties)
      const own = (k: 'method' | 'action') => String(Object.getOwnPropertyDescriptor(HTMLFormElement.prototype, k)?.get?.call(el) ?? '');
      page.forms.push({
        idx: page.forms.length,
        h: hOf(el),
        explicit: tag === 'FORM',
        name: clean(el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.id, 60),
        method: tag === 'FORM' ? (own('method') || 'get').toLowerCase() : '',
        action: tag === 'FORM' ? own('action') : '',
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
      // (a layer's own buttons may be plain words its script listens to, drawn with a hand cursor: "오늘 하루 보지 않기 | 닫기")
      const pointers = Array.from(el.querySelectorAll('span, div, li, p, i, b, strong, img')).filter(
        (x) => x.childElementCount === 0 && textOf(x, 40).length <= 24 && styleOf(x).cursor === 'pointer' && visible(x),
      );
      for (const x of pointers.slice(0, 6)) dom.scripted.add(x);
      const hasButton = el.querySelector('button, [role=button], a, input[type=button], input[type=submit]') ?? pointers[0];
      const text = textOf(el, 300);
      // (a layer over the whole window is one when it dims the page behind a smaller box: a backdrop)
      const whole = r.width * r.height >= vw * vh * 0.9;
      const alpha = /rgba?\([^)]*,\s*([\d.]+)\)$/.exec(styleOf(el).backgroundColor)?.[1];
      const backdrop = whole && alpha !== undefined && Number(alpha) > 0.05 && Number(alpha) < 1;
      if (
        hasButton &&
        text.length > 15 &&
        (!whole || backdrop) &&
        el.querySelectorAll('a').length < 5 &&
        !el.querySelector('input[type=text], input[type=search]')
      ) {
        region.set(el, `dialog:${page.dialogs.length}`);
        page.dialogs.push({ idx: page.dialogs.length, h: hOf(el), text, modal: backdrop, kind: 'overlay' });
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
}
