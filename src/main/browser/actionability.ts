import { StewardError } from '../../shared/errors.ts';
import { callOn, DESCRIBE_FN, describeElement, type ResolvedElement, removedFromPage } from './elements.ts';
import { frameOffset } from './frame-tree.ts';

export interface Point {
  x: number;
  y: number;
}

type Check =
  | { ok: true; x: number; y: number }
  | { ok: false; reason: 'gone' | 'hidden' | 'disabled' | 'unstable' | 'out-of-view' | 'obscured' | 'readonly'; by?: string };

/**
 * Runs in the element's frame: scroll into view if needed, then visible, enabled, a box that is
 * the same across two animation frames, inside the viewport, and the element (or a descendant)
 * is what the pointer hits at its centre.
 */
export const CHECK_FN = `async function(hitTest, editable, escape) {
  ${DESCRIBE_FN}
  const el = this.nodeType === 1 ? this : this.parentElement;
  if (!el || !el.isConnected) return { ok: false, reason: 'gone' };
  const visible = () => {
    const r = el.getBoundingClientRect();
    const styleOk = el.checkVisibility ? el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) : true;
    return styleOk && r.width > 0 && r.height > 0;
  };
  if (!visible()) return { ok: false, reason: 'hidden' };
  const disabled = el.disabled === true || !!el.closest('fieldset:disabled, [aria-disabled="true"]') && !el.closest('legend');
  if (disabled) return { ok: false, reason: 'disabled' };
  if (editable && !el.isContentEditable && (el.readOnly === true || !('value' in el))) return { ok: false, reason: 'readonly' };
  const inView = (r) => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  if (!inView(el.getBoundingClientRect())) el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  let prev = el.getBoundingClientRect();
  let stable = false;
  // Only a pointer needs a still target; typing and choosing do not.
  if (!hitTest) stable = true;
  // The box must be the same in two consecutive animation frames.
  for (let i = 0; i < 20 && !stable; i++) {
    await frame();
    const cur = el.getBoundingClientRect();
    stable = cur.x === prev.x && cur.y === prev.y && cur.width === prev.width && cur.height === prev.height;
    prev = cur;
  }
  if (!stable) return { ok: false, reason: 'unstable' };
  const box = (r) => {
    const left = Math.max(r.left, 0), right = Math.min(r.right, innerWidth);
    const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
    return { left, right, top, bottom };
  };
  let b = box(prev);
  if (b.right - b.left < 1 || b.bottom - b.top < 1) return { ok: false, reason: 'out-of-view' };
  const x = (b.left + b.right) / 2, y = (b.top + b.bottom) / 2;
  if (!hitTest) return { ok: true, x, y };
  const topAt = (px, py) => {
    let hit = document.elementFromPoint(px, py);
    while (hit && hit.shadowRoot) { const inner = hit.shadowRoot.elementFromPoint(px, py); if (!inner || inner === hit) break; hit = inner; }
    return hit;
  };
  const hitsAt = (px, py) => {
    const hit = topAt(px, py);
    let n = hit;
    while (n) { if (n === el) return true; n = n.parentNode || n.host; }
    // (a label counts as hit through its own control, never through something laid over it)
    if (el.tagName === 'LABEL' && hit && el.control && (hit === el.control || el.control.contains(hit))) return true;
    return !!(hit && hit.tagName === 'LABEL' && hit.control === el);
  };
  // the centre first; a target partly under something else is pressed where it shows
  const points = (bx) => {
    const w = bx.right - bx.left, h = bx.bottom - bx.top, cx = (bx.left + bx.right) / 2, cy = (bx.top + bx.bottom) / 2;
    return [[cx, cy], [bx.left + w * 0.2, cy], [bx.left + w * 0.8, cy], [cx, bx.top + h * 0.25], [cx, bx.top + h * 0.75]];
  };
  const free = (bx) => points(bx).find(([px, py]) => hitsAt(px, py));
  let at = free(b);
  if (at) return { ok: true, x: at[0], y: at[1] };
  const cover = topAt(x, y);
  // under a widget fixed to the window (a chat panel, a cookie bar): scrolled once to where the widget is not
  // (a cover over most of the window is a wall, not a widget: nothing to scroll past)
  let fixed = false;
  for (let n = cover; n && n.nodeType === 1; n = n.parentElement) {
    const pos = getComputedStyle(n).position;
    if (pos === 'fixed' || pos === 'sticky') {
      const r = n.getBoundingClientRect();
      fixed = r.width * r.height < 0.6 * innerWidth * innerHeight;
      break;
    }
  }
  if (fixed && escape) {
    for (const block of ['start', 'end', 'center']) {
      el.scrollIntoView({ block, inline: 'nearest', behavior: 'instant' });
      await frame();
      b = box(el.getBoundingClientRect());
      at = b.right - b.left >= 1 && b.bottom - b.top >= 1 ? free(b) : undefined;
      if (at) return { ok: true, x: at[0], y: at[1] };
    }
  }
  return { ok: false, reason: 'obscured', by: describe(cover) };
}`;

/**
 * Makes an element ready for a pointer action and returns the point to press, in main-viewport
 * CSS pixels. An element no longer in the page at the first check is STALE_UID at once (so a
 * caller may resolve it with `resolveNode`, without a check of its own). Transient states
 * (moving, covered, hidden, disabled, taken out during the retries) are retried briefly; then the
 * action fails with the code saying why instead of clicking blind.
 */
export async function pointerTarget(
  el: ResolvedElement,
  opts: { timeoutMs: number; hitTest?: boolean; editable?: boolean },
): Promise<Point> {
  const deadline = Date.now() + Math.min(opts.timeoutMs, 2000);
  let last: Check = { ok: false, reason: 'hidden' };
  for (let tries = 0; ; tries++) {
    el.page.assertUsable();
    last = await callOn<Check>(el, CHECK_FN, [opts.hitTest !== false, opts.editable === true, tries === 0]);
    if (!last.ok && last.reason === 'gone' && tries === 0) throw removedFromPage(el.uid);
    if (last.ok) {
      const offset = await frameOffset(el.page, el.frameId);
      return { x: last.x + offset.x, y: last.y + offset.y };
    }
    if (Date.now() >= deadline || last.reason === 'readonly') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (last.reason === 'gone') throw removedFromPage(el.uid);
  throw await notActionable(el, last);
}

/** Scroll, visible, enabled (and editable) without a pointer: for fill and select. */
export async function ensureUsable(el: ResolvedElement, opts: { timeoutMs: number; editable?: boolean }): Promise<void> {
  await pointerTarget(el, { ...opts, hitTest: false });
}

async function notActionable(el: ResolvedElement, check: Exclude<Check, { ok: true }>): Promise<StewardError> {
  const what = `${el.uid} (${await describeElement(el)})`;
  const details = { uid: el.uid, pageId: el.page.id, reason: check.reason };
  switch (check.reason) {
    case 'obscured':
      return new StewardError('TARGET_OBSCURED', `${what} is covered by ${check.by}; a click would hit that instead.`, {
        details: { ...details, coveredBy: check.by },
        suggestions: [`Close or dismiss ${check.by} first (take a snapshot to find its button), then retry.`],
      });
    case 'out-of-view':
      return new StewardError('TARGET_OUT_OF_VIEW', `${what} could not be scrolled into the viewport.`, {
        details,
        suggestions: ['Scroll its container (scroll with a uid), or resize the page, then retry.'],
      });
    case 'disabled':
      return new StewardError('TARGET_NOT_INTERACTABLE', `${what} is disabled.`, {
        details,
        suggestions: ['Fill in what the form still needs so it becomes enabled, then retry.'],
      });
    case 'readonly':
      return new StewardError('TARGET_NOT_INTERACTABLE', `${what} is not editable.`, {
        details,
        suggestions: ['Pick a text field, select, checkbox or contenteditable uid from a new snapshot.'],
      });
    case 'unstable':
      return new StewardError('TARGET_NOT_INTERACTABLE', `${what} keeps moving (animating).`, {
        details,
        suggestions: ['Wait for the animation to end, then retry.'],
      });
    default:
      return new StewardError('TARGET_NOT_INTERACTABLE', `${what} is not visible.`, {
        details,
        suggestions: ['Reveal it first (open its menu or section), or take a new snapshot.'],
      });
  }
}
