import { StewardError } from '../../shared/errors.ts';
import type { CdpSession } from './port.ts';

export interface PageState {
  url: string;
  title: string;
  readyState?: string;
  viewport?: { width: number; height: number; devicePixelRatio: number };
  scroll?: { x: number; y: number; maxX: number; maxY: number };
  focused?: { tag: string; role?: string; name?: string; selector?: string; editable: boolean } | null;
  /** A JavaScript dialog blocking the page; while one is open the page's script cannot be read. */
  dialog?: unknown;
  /** Which document this is and what its scripts did, when asked for (`fingerprint`). */
  fingerprint?: PageFingerprint;
}

/**
 * Enough to tell whether the page is still the document it was and whether its scripts sent
 * anything: the document's time origin, how many script requests it made, and (on request) a
 * hash of its text.
 */
export interface PageFingerprint {
  timeOrigin: number;
  requests: number;
  textHash?: number;
}

export interface ObservedTarget {
  tag: string;
  role?: string;
  name: string;
  /** CSS selector that matched exactly this element when observed. */
  selector: string;
  box: { x: number; y: number; width: number; height: number };
  visible: boolean;
  enabled: boolean;
  editable: boolean;
  inViewport: boolean;
  value?: string;
  href?: string;
}

export interface TargetQuery {
  /** Only elements matching this CSS selector (default: everything interactive). */
  selector?: string;
  /** Keep only elements whose name/text contains this (case-insensitive). */
  text?: string;
  onlyVisible?: boolean;
  limit?: number;
}

/** In-page helpers, shared by both reads: a short name and a unique selector for an element. */
const HELPERS = `
const __name = (el) => {
  const aria = el.getAttribute('aria-label'); if (aria) return aria.trim();
  const by = el.getAttribute('aria-labelledby');
  if (by) { const t = by.split(/\\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim(); if (t) return t; }
  if (el.labels && el.labels.length) return [...el.labels].map((l) => l.textContent.trim()).join(' ');
  const t = (el.innerText ?? el.textContent ?? '').trim().replace(/\\s+/g, ' ');
  if (t) return t.slice(0, 80);
  return (el.getAttribute('placeholder') || el.getAttribute('title') || el.getAttribute('alt') || el.getAttribute('name') || el.value || '').toString().slice(0, 80);
};
const __unique = (sel) => { try { return document.querySelectorAll(sel).length === 1; } catch { return false; } };
const __selector = (el) => {
  if (el.id && __unique('#' + CSS.escape(el.id))) return '#' + CSS.escape(el.id);
  for (const a of ['data-testid', 'data-test', 'name', 'aria-label', 'placeholder']) {
    const v = el.getAttribute(a);
    if (v) { const s = el.tagName.toLowerCase() + '[' + a + '="' + CSS.escape(v) + '"]'; if (__unique(s)) return s; }
  }
  const parts = [];
  let node = el;
  while (node && node.nodeType === 1 && node !== document.documentElement) {
    if (node.id && __unique('#' + CSS.escape(node.id))) { parts.unshift('#' + CSS.escape(node.id)); break; }
    const tag = node.tagName.toLowerCase();
    const same = node.parentElement ? [...node.parentElement.children].filter((c) => c.tagName === node.tagName) : [];
    parts.unshift(same.length > 1 ? tag + ':nth-of-type(' + (same.indexOf(node) + 1) + ')' : tag);
    node = node.parentElement;
  }
  return parts.join(' > ');
};
const __editable = (el) => el.isContentEditable || ((el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') && !el.readOnly && !el.disabled && !['button','submit','reset','checkbox','radio','file','image','range','color','hidden'].includes((el.type || '').toLowerCase()));
`;

const FINGERPRINT = (withText: boolean) => `{
    timeOrigin: performance.timeOrigin,
    requests: performance.getEntriesByType('resource').filter((e) => ['fetch', 'xmlhttprequest', 'beacon', 'other'].includes(e.initiatorType)).length,
    ${withText ? `textHash: (() => { const t = document.body ? document.body.innerText : ''; let h = 0; for (let i = 0; i < t.length; i++) h = (h * 31 + t.charCodeAt(i)) | 0; return h; })(),` : ''}
  }`;

const stateScript = (fingerprint?: { text: boolean }) => `(() => {${HELPERS}
  const el = document.activeElement;
  const focused = el && el !== document.body && el !== document.documentElement
    ? { tag: el.tagName.toLowerCase(), role: el.getAttribute('role') || undefined, name: __name(el), selector: __selector(el), editable: __editable(el) }
    : null;
  const se = document.scrollingElement || document.documentElement;
  return {
    url: location.href, title: document.title, readyState: document.readyState,
    viewport: { width: innerWidth, height: innerHeight, devicePixelRatio: devicePixelRatio },
    scroll: { x: scrollX, y: scrollY, maxX: Math.max(0, se.scrollWidth - innerWidth), maxY: Math.max(0, se.scrollHeight - innerHeight) },
    focused,
    ${fingerprint ? `fingerprint: ${FINGERPRINT(fingerprint.text)},` : ''}
  };
})()`;

const INTERACTIVE =
  'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=checkbox], [role=radio], [role=tab], [role=menuitem], [role=option], [role=switch], [role=combobox], [role=textbox], [contenteditable=""], [contenteditable=true], [tabindex]:not([tabindex="-1"])';

function targetsScript(q: TargetQuery): string {
  return `(() => {${HELPERS}
  let els;
  try { els = [...document.querySelectorAll(${JSON.stringify(q.selector ?? INTERACTIVE)})]; }
  catch (e) { return { error: String(e.message || e) }; }
  const text = ${JSON.stringify(q.text?.toLowerCase() ?? '')};
  const out = [];
  for (const el of els) {
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    const visible = r.width > 0 && r.height > 0 && cs.visibility !== 'hidden' && cs.display !== 'none' && Number(cs.opacity) > 0;
    if (${Boolean(q.onlyVisible)} && !visible) continue;
    const name = __name(el);
    if (text && !name.toLowerCase().includes(text)) continue;
    const disabled = el.disabled === true || el.getAttribute('aria-disabled') === 'true' || !!el.closest('fieldset[disabled]');
    const t = { tag: el.tagName.toLowerCase(), name, selector: __selector(el),
      box: { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) },
      visible, enabled: !disabled, editable: !disabled && __editable(el),
      inViewport: visible && r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth };
    const role = el.getAttribute('role'); if (role) t.role = role;
    if ('value' in el && typeof el.value === 'string' && el.type !== 'password') t.value = el.value.slice(0, 200);
    if (el.href) t.href = String(el.href);
    out.push(t);
    if (out.length >= ${q.limit ?? 200}) break;
  }
  return { targets: out, total: els.length };
})()`;
}

/** What an agent loop looks at between actions: the page's state and the elements it could act on. */
export class PageObserver {
  readonly #cdp: CdpSession;
  readonly #sessionId: string | undefined;
  readonly #dialog: () => unknown;
  readonly #info: () => { url: string; title: string };

  constructor(cdp: CdpSession, sessionId: string, opts: { dialog?: () => unknown; info?: () => { url: string; title: string } } = {}) {
    this.#cdp = cdp;
    this.#sessionId = sessionId || undefined;
    this.#dialog = opts.dialog ?? (() => undefined);
    this.#info = opts.info ?? (() => ({ url: '', title: '' }));
  }

  /** The page's state; with `fingerprint`, also which document it is (and, with `text`, a hash of its text). */
  async state(opts: { fingerprint?: { text: boolean } } = {}): Promise<PageState> {
    const dialog = this.#dialog();
    // A blocking dialog stops the page's script; report what is known without waiting on it.
    if (dialog) return { ...this.#info(), dialog };
    const read = await this.#evaluate<PageState>(stateScript(opts.fingerprint));
    if ('dialog' in read) return { ...this.#info(), dialog: read.dialog };
    return { ...read.value, dialog: null };
  }

  async targets(query: TargetQuery = {}): Promise<{ targets: ObservedTarget[]; total: number }> {
    const dialog = this.#dialog();
    if (dialog) {
      throw new StewardError('DIALOG_OPEN', 'A JavaScript dialog blocks the page; its elements cannot be read.', {
        details: { dialog },
        suggestions: ['Accept or dismiss the dialog first (handle_dialog).'],
      });
    }
    const read = await this.#evaluate<{ targets: ObservedTarget[]; total: number; error?: string }>(targetsScript(query));
    if ('dialog' in read) {
      throw new StewardError('DIALOG_OPEN', 'A JavaScript dialog opened while the page was being read.', {
        details: { dialog: read.dialog },
        suggestions: ['Accept or dismiss the dialog first (handle_dialog).'],
      });
    }
    const value = read.value;
    if (value.error) {
      throw new StewardError('VALIDATION_ERROR', `Not a valid CSS selector: ${query.selector} (${value.error})`, {
        details: { field: 'selector', value: query.selector },
        suggestions: ['Fix the selector, or leave it out to list every interactive element.'],
      });
    }
    return { targets: value.targets, total: value.total };
  }

  /** Evaluates in the page, unless a dialog opens first (a blocked evaluate would never answer). */
  async #evaluate<T>(expression: string): Promise<{ value: T } | { dialog: unknown }> {
    let off = () => {};
    const opened = new Promise<{ dialog: unknown }>((resolve) => {
      off = this.#cdp.on('Page.javascriptDialogOpening', (p) => {
        const { type, message, url } = p as { type: string; message: string; url: string };
        resolve({ dialog: { type, message, url } });
      });
    });
    const evaluating = this.#cdp.send('Runtime.evaluate', { expression, returnByValue: true }, this.#sessionId);
    evaluating.catch(() => undefined);
    try {
      const first = await Promise.race([evaluating, opened]);
      if ('dialog' in first) return first;
      const { result, exceptionDetails } = first;
      if (exceptionDetails) {
        throw new StewardError('INTERNAL', `Reading the page failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`, {
          suggestions: ['Retry once the page has finished loading.'],
        });
      }
      return { value: result.value as T };
    } finally {
      off();
    }
  }
}
