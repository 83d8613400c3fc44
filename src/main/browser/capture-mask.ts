/**
 * Masking before a screenshot is stored (Playwright's `mask` is the model): every field that holds
 * a password, PIN, one-time code, card number or the like gets an opaque box drawn over it in the
 * page for the moment of the capture, then the boxes are removed. A field is sensitive by its
 * type (`password`), its autocomplete token (one-time-code, cc-*, *-password) or the words of its
 * name, id, placeholder, aria-label and labels — the same words redact() treats as sensitive.
 * Open shadow roots and same-origin iframes are searched from the page; an out-of-process (cross-site)
 * iframe is masked in its own document through its own session (see PageCapture).
 */
import { SENSITIVE_FIELD } from '../tools/redact/index.ts';
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

const ARGS = [SENSITIVE_FIELD.source, SENSITIVE_FIELD.flags.replace('g', ''), MARK, MASK_COLOUR].map((a) => JSON.stringify(a)).join(', ');
const REMOVE = `document.querySelectorAll('[${MARK}]').forEach(function (d) { d.remove(); })`;

/** One document to mask: a target's main world, or an isolated world made in one of its frames. */
interface Where {
  sessionId: string | undefined;
  contextId?: number;
}

async function addIn(cdp: CdpSession, where: Where): Promise<number> {
  const { result, exceptionDetails } = await cdp.send(
    'Runtime.evaluate',
    { expression: `${ADD}(${ARGS})`, returnByValue: true, ...(where.contextId ? { contextId: where.contextId } : {}) },
    where.sessionId,
  );
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return Number(result.value ?? 0);
}

type FrameTree = { frame: { id: string }; childFrames?: FrameTree[] };

/**
 * An isolated world in each child frame of a target: reaches the documents of same-site
 * cross-origin iframes, which share the process (no session of their own) but not the origin.
 */
async function childFrameWorlds(cdp: CdpSession, sessionId: string | undefined): Promise<Where[]> {
  const { frameTree } = await cdp.send('Page.getFrameTree', undefined, sessionId);
  const ids: string[] = [];
  const walk = (t: FrameTree, depth: number) => {
    if (depth > 0) ids.push(t.frame.id);
    if (depth < 8) for (const c of t.childFrames ?? []) walk(c, depth + 1);
  };
  walk(frameTree as FrameTree, 0);
  const worlds = await Promise.all(
    ids.slice(0, 50).map((frameId) =>
      cdp
        .send('Page.createIsolatedWorld', { frameId, worldName: 'steward-mask' }, sessionId)
        .then((r): Where => ({ sessionId, contextId: r.executionContextId }))
        .catch(() => undefined),
    ),
  );
  return worlds.filter((w): w is Where => w !== undefined);
}

/**
 * Masks the page (its main document must be masked, or this throws and nothing is captured), its
 * in-process child frames and its out-of-process iframes (`children`, best effort: a frame that is
 * going away shows nothing either). Returns how many fields were covered and how to uncover them.
 */
export async function addMasks(
  cdp: CdpSession,
  sessionId: string | undefined,
  children: string[] = [],
): Promise<{ count: number; remove(): Promise<void> }> {
  const done: Where[] = [{ sessionId }];
  let count = await addIn(cdp, { sessionId });
  const others: Where[] = [...children.map((c) => ({ sessionId: c }))];
  for (const s of [sessionId, ...children]) others.push(...(await childFrameWorlds(cdp, s).catch(() => [])));
  for (const where of others) {
    const n = await addIn(cdp, where).catch(() => -1);
    if (n >= 0) {
      count += n;
      done.push(where);
    }
  }
  return {
    count,
    async remove() {
      for (const where of done) {
        await cdp
          .send('Runtime.evaluate', { expression: REMOVE, ...(where.contextId ? { contextId: where.contextId } : {}) }, where.sessionId)
          .catch(() => undefined);
      }
    },
  };
}
