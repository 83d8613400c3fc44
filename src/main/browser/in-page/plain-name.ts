/**
 * Accessible names that the accname rules reduce to plain text, read in the page without the
 * style look-ups dom-accessibility-api makes for every node it passes (on a page of a few
 * thousand elements, most of a snapshot's time): an <img> named by its alt, and an element named
 * from its content that holds only text, or one element beside blank text that adds nothing but
 * its own content (a heading around a link). Whatever is named another way (aria-label,
 * aria-labelledby, a <label>, aria-owns) or holds more is left to the library.
 *
 * `plainNamer` is serialised with `Function.prototype.toString` and run in the page, so it must
 * not refer to anything outside its own body.
 */

/**
 * Makes the namer: (element, its role) → the name before white space is collapsed, or undefined
 * when the library must compute it. `nativeNamed`: elements named by their own markup;
 * `skipped`: elements never shown as content.
 */
export function plainNamer(nativeNamed: string[], skipped: string[]): (el: Element, role: string) => string | undefined {
  // the roles dom-accessibility-api names from their content (its allowsNameFromContent)
  const FROM_CONTENT = new Set([
    'button',
    'cell',
    'checkbox',
    'columnheader',
    'gridcell',
    'heading',
    'label',
    'legend',
    'link',
    'menuitem',
    'menuitemcheckbox',
    'menuitemradio',
    'option',
    'radio',
    'rowheader',
    'switch',
    'tab',
    'tooltip',
    'treeitem',
  ]);
  const NATIVE_NAMED = new Set(nativeNamed);
  const SKIP = new Set(skipped);
  // inside a name, a control adds its value, not its content
  const CONTROL_TAGS = new Set(['button', 'input', 'select', 'textarea', 'meter', 'progress', 'output']);
  const CHILD_ATTRIBUTES = ['role', 'aria-label', 'aria-labelledby', 'aria-hidden', 'hidden'];

  /** The text of an element's content when it is text only, or one element adding nothing of its own. */
  const content = (el: Element): string | undefined => {
    if (el.shadowRoot || el.localName === 'slot' || el.hasAttribute('aria-owns')) return undefined;
    let text = '';
    let child: Element | undefined;
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) text += c.nodeValue;
      else if (c.nodeType !== 1 || child) return undefined;
      else child = c as Element;
    }
    if (!child) return text;
    // beside other text, the child's display decides whether a space parts them: left to the library
    if (text.trim()) return undefined;
    const tag = child.localName;
    if (CONTROL_TAGS.has(tag) || NATIVE_NAMED.has(tag) || SKIP.has(tag)) return undefined;
    for (const a of CHILD_ATTRIBUTES) if (child.hasAttribute(a)) return undefined;
    if (!child.checkVisibility({ visibilityProperty: true })) return undefined;
    return content(child);
  };

  return (el, role) => {
    if (el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') || el.hasAttribute('hidden')) return undefined;
    if (el.localName === 'img') {
      const alt = role === 'img' ? el.getAttribute('alt') : null;
      return alt?.trim() ? alt : undefined;
    }
    if (!FROM_CONTENT.has(role) || NATIVE_NAMED.has(el.localName)) return undefined;
    // a <label> names a button by its id or by holding it; reading `labels` first searches the document
    if ((el.id || el.closest('label')) && (el as HTMLButtonElement).labels?.length) return undefined;
    const text = content(el);
    // no text: the library goes on to the title attribute
    return text?.trim() ? text : undefined;
  };
}
