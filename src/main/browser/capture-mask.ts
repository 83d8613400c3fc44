/**
 * Masking before a screenshot is stored (Playwright's `mask` is the model): every field that holds
 * a password, PIN, one-time code, card number or the like gets an opaque box drawn over it in the
 * page for the moment of the capture, then the boxes are removed. A field is sensitive by its
 * type (`password`), its autocomplete token (one-time-code, cc-*, *-password) or the words of its
 * name, id, placeholder, aria-label and labels — the same words redact() treats as sensitive.
 * Open shadow roots and same-origin iframes are searched too; a cross-origin iframe is not.
 */
import { SENSITIVE_FIELD } from '../tools/redact.ts';
import type { CdpSession } from './port.ts';

const MARK = 'data-steward-mask';
/** The colour of a mask box (opaque, so nothing of the field shows through). */
export const MASK_COLOUR = { r: 0x44, g: 0x22, b: 0x66 };

const ADD = `(function (source, flags, mark, colour) {
  var words = new RegExp(source, flags);
  var tokens = /(^|\\s)(one-time-code|cc-number|cc-csc|cc-exp|cc-exp-month|cc-exp-year|current-password|new-password)(\\s|$)/i;
  var boxes = [];
  function text(el) {
    var parts = [el.getAttribute('name'), el.id, el.getAttribute('placeholder'), el.getAttribute('aria-label'), el.getAttribute('autocomplete')];
    if (el.labels) for (var i = 0; i < el.labels.length; i++) parts.push(el.labels[i].textContent);
    var by = el.getAttribute('aria-labelledby');
    if (by) by.split(/\\s+/).forEach(function (id) { var l = el.ownerDocument.getElementById(id); if (l) parts.push(l.textContent); });
    return parts.filter(Boolean).join(' ').slice(0, 2000);
  }
  function sensitive(el) {
    if (el.tagName === 'INPUT' && (el.type || '').toLowerCase() === 'password') return true;
    if (tokens.test(el.getAttribute('autocomplete') || '')) return true;
    return words.test(text(el));
  }
  function walk(root, dx, dy, depth) {
    if (depth > 8) return;
    var fields = root.querySelectorAll('input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=button]), textarea, [contenteditable=""], [contenteditable=true]');
    for (var i = 0; i < fields.length; i++) {
      var el = fields[i];
      if (!sensitive(el)) continue;
      var r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) boxes.push([r.left + dx, r.top + dy, r.width, r.height]);
    }
    var all = root.querySelectorAll('*');
    for (var j = 0; j < all.length; j++) {
      var e = all[j];
      if (e.shadowRoot) walk(e.shadowRoot, dx, dy, depth + 1);
      if (e.tagName === 'IFRAME') {
        var doc = null;
        try { doc = e.contentDocument; } catch (x) { doc = null; }
        if (doc) { var f = e.getBoundingClientRect(); walk(doc, dx + f.left + e.clientLeft, dy + f.top + e.clientTop, depth + 1); }
      }
    }
  }
  walk(document, 0, 0, 0);
  var sx = window.scrollX, sy = window.scrollY;
  boxes.forEach(function (b) {
    var d = document.createElement('div');
    d.setAttribute(mark, '');
    d.style.cssText = 'position:absolute;margin:0;padding:0;border:0;pointer-events:none;z-index:2147483647;background:rgb(' +
      colour.r + ',' + colour.g + ',' + colour.b + ');left:' + (b[0] + sx - 2) + 'px;top:' + (b[1] + sy - 2) + 'px;width:' + (b[2] + 4) + 'px;height:' + (b[3] + 4) + 'px';
    document.documentElement.appendChild(d);
  });
  return boxes.length;
})`;

/** Draws the mask boxes in the page; returns how many fields were covered. */
export async function addMasks(cdp: CdpSession, sessionId: string | undefined): Promise<number> {
  const args = [SENSITIVE_FIELD.source, SENSITIVE_FIELD.flags.replace('g', ''), MARK, MASK_COLOUR].map((a) => JSON.stringify(a)).join(', ');
  const { result, exceptionDetails } = await cdp.send(
    'Runtime.evaluate',
    { expression: `${ADD}(${args})`, returnByValue: true },
    sessionId,
  );
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return Number(result.value ?? 0);
}

/** Removes the boxes again (also after a failed capture). */
export async function removeMasks(cdp: CdpSession, sessionId: string | undefined): Promise<void> {
  await cdp
    .send('Runtime.evaluate', { expression: `document.querySelectorAll('[${MARK}]').forEach(function (d) { d.remove(); })` }, sessionId)
    .catch(() => undefined);
}
