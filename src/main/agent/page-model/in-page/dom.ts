import type { HandleRegistry } from './registry.ts';

/** One element of the walk, with where it was found. */
export interface Walked {
  el: Element;
  depth: 'doc' | 'shadow' | 'frame';
}

/** The small DOM readers every part of the pass shares. */
export interface Dom {
  hOf(el: Element): number;
  clean(s: unknown, max?: number): string;
  parentOf(el: Element): Element | null;
  styleOf(el: Element): CSSStyleDeclaration;
  visible(el: Element): boolean;
  textOf(el: Element, max?: number): string;
  roleOf(el: Element): string;
  isControl(el: Element): boolean;
  /** one of a row of alike plain elements drawn with a hand cursor: a chip a script listens to */
  chipInRow(el: Element): boolean;
  /** every element once, in document order, across open shadow roots and same-origin iframes */
  all: Walked[];
  /** container path of elements: 'dialog:0', 'form:1', 'list:0', 'rec:0:3', 'cal:0', 'nav', … */
  region: Map<Element, string>;
  /** plain elements a layer's script makes clickable (a "닫기" span drawn with a hand cursor), found by the containers pass */
  scripted: Set<Element>;
}

/**
 * Builds the shared readers and walks the document once. Runs inside the page: it must not
 * reference anything outside its own body (it is sent as its source text).
 */
export function domKit(registry: HandleRegistry): Dom {
  const hOf = (el: Element): number => {
    const known = registry.ids.get(el);
    if (known !== undefined) return known;
    registry.ids.set(el, registry.els.length);
    registry.els.push(new WeakRef(el));
    return registry.els.length - 1;
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
  const roleOf = (el: Element): string => (el.getAttribute('role') ?? '').toLowerCase();

  const all: Walked[] = [];
  const walk = (root: Element | ShadowRoot | Document, depth: Walked['depth']): void => {
    for (const el of Array.from((root as ParentNode).children)) {
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
  const scripted = new Set<Element>();
  const isControl = (el: Element): boolean => {
    if (scripted.has(el)) return true;
    const tag = el.tagName;
    if (tag === 'INPUT') return (el as HTMLInputElement).type !== 'hidden';
    // (an anchor with no address that the page draws with a hand cursor is a button wired by script: "닫기")
    if (tag === 'A') return el.hasAttribute('href') || el.hasAttribute('onclick') || roleOf(el) !== '' || styleOf(el).cursor === 'pointer';
    if (CONTROL_TAGS.has(tag)) return true;
    if (CONTROL_ROLES.has(roleOf(el))) return true;
    if ((el as HTMLElement).isContentEditable && !(parentOf(el) as HTMLElement | null)?.isContentEditable) return true;
    if (el.hasAttribute('onclick')) return true;
    // one of a row of alike plain elements the page draws with a hand cursor ("Blue Room", "Workshop"
    // chips a script listens to): each is a button; the row's box itself is not
    if ((tag === 'SPAN' || tag === 'DIV' || tag === 'LI' || tag === 'LABEL') && chipInRow(el)) return true;
    // a focusable element with no control inside is one made clickable by script ("tap anywhere to start")
    if (
      (el as HTMLElement).tabIndex >= 0 &&
      el.hasAttribute('tabindex') &&
      !el.querySelector('input,button,select,textarea,a[href],[role]')
    )
      return true;
    return false;
  };
  // (asked of one element by several passes of one walk: answered once)
  const chips = new Map<Element, boolean>();
  function chipInRow(el: Element): boolean {
    const known = chips.get(el);
    if (known !== undefined) return known;
    const answer = chipLike(el);
    chips.set(el, answer);
    return answer;
  }
  function chipLike(el: Element): boolean {
    const parent = el.parentElement;
    if (!parent || el.childElementCount > 3 || parent.childElementCount < 2) return false;
    // (alike by their first class: the chosen one wears a mark besides — "tag tag-on"; a row
    // of bare elements with no class at all needs three of them)
    const kind = el.classList[0];
    const alike = Array.from(parent.children).filter((x) => x.tagName === el.tagName && x.classList[0] === kind);
    if (alike.length < (kind ? 2 : 3)) return false;
    const text = textOf(el, 80);
    if (!text || text.length > 60 || el.querySelector('input,button,select,textarea,a[href],[role]')) return false;
    return styleOf(el).cursor === 'pointer' && styleOf(parent).cursor !== 'pointer';
  }
  return { hOf, clean, parentOf, styleOf, visible, textOf, roleOf, isControl, chipInRow, all, region: new Map(), scripted };
}
