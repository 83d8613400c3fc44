import type { RawPage } from '../raw.ts';
import type { Dom } from './dom.ts';

/** The page's own messages: alerts, live regions and boxes styled as errors. Runs inside the page. */
export function collectMessages(dom: Dom, page: RawPage): void {
  const { all, visible, textOf, roleOf } = dom;
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
}
