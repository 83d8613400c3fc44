/**
 * The in-page half of a snapshot: one pass over a document's flat tree (open shadow roots and
 * slots in place) that computes each node's role and accessible name with the bundled
 * dom-accessibility-api (names that reduce to plain text are read directly: plain-name.ts) and
 * the states an agent needs, skipping what is not rendered or is
 * aria-hidden. Generic wrappers with nothing of their own are left out (their children take
 * their place), so the result is small. Nodes are numbered per document (a WeakMap kept in the
 * snapshot's isolated world), so the same DOM node keeps its number across snapshots.
 *
 * Each function here is serialised with `Function.prototype.toString` and run in the page, so
 * it must not refer to anything outside its own body.
 */

/** One node as the walk sends it. */
export interface WalkNode {
  /** Parent's index in the list (-1 for the document). */
  p: number;
  /** Role: an ARIA role, or StaticText / RootWebArea / Iframe / date, time kinds (Chromium's names). */
  r: string;
  /** Accessible name (text for StaticText). */
  n?: string;
  /** The node's number in this document; absent on text. */
  k?: number;
  /** States, only those that hold. */
  s?: Record<string, string | number | boolean>;
  /** Value shown after the name. */
  v?: string;
}

export interface WalkResult {
  /**
   * The nodes; against the version the caller already holds (`known`), a node that did not
   * change is sent as 0, and `same` says none did (then `nodes` is empty).
   */
  nodes: Array<WalkNode | 0>;
  same?: true;
  /** This walk's version: it changes only when a node did. */
  version: number;
  /** Indexes of <iframe>/<frame> nodes (their frames are snapshotted on their own). */
  frames: number[];
  /** An element looks drawn by a shadow root the page cannot see (closed): the caller falls back. */
  opaque: boolean;
}

/** Elements named by their own markup (a label, legend, caption, alt…) whatever their role. */
export const NATIVE_NAMED_TAGS = [
  'input',
  'select',
  'textarea',
  'img',
  'area',
  'fieldset',
  'figure',
  'table',
  'iframe',
  'frame',
  'output',
  'meter',
  'progress',
];
/** Elements never shown as content. */
export const SKIPPED_TAGS = ['script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title'];

export interface SnapshotWorld {
  lib: {
    getRole(el: Element): string | null;
    computeAccessibleName(el: Element): string;
    /** A name the accname rules reduce to plain text (plain-name.ts), or undefined. */
    plainName(el: Element, role: string): string | undefined;
  };
  nativeNamed: string[];
  skipped: string[];
  refs: WeakMap<Node, number>;
  byRef: Map<number, WeakRef<Node>>;
  next: number;
  /** The last walk, one string per node, and its version. */
  last: string[];
  version: number;
}

/** Installs the world's state under `key` (once per document and world). */
export function installSnapshotWorld(key: string, lib: SnapshotWorld['lib'], nativeNamed: string[], skipped: string[]): void {
  if (Reflect.get(globalThis, key)) return;
  const world: SnapshotWorld = { lib, nativeNamed, skipped, refs: new WeakMap(), byRef: new Map(), next: 1, last: [], version: 0 };
  Reflect.set(globalThis, key, world);
}

/** The node numbered `ref`, if it is still in its document. */
export function nodeByRef(key: string, ref: number): Node | null {
  const world = Reflect.get(globalThis, key) as SnapshotWorld | undefined;
  const node = world?.byRef.get(ref)?.deref();
  return node?.isConnected ? node : null;
}

/** Which of the numbered elements have a box inside the viewport. */
export function refsInViewport(key: string, refs: number[]): number[] {
  const world = Reflect.get(globalThis, key) as SnapshotWorld | undefined;
  const out: number[] = [];
  for (const ref of refs) {
    const node = world?.byRef.get(ref)?.deref();
    if (!node?.isConnected || node.nodeType !== 1) continue;
    const b = (node as Element).getBoundingClientRect();
    if (b.width > 0 && b.height > 0 && b.right > 0 && b.bottom > 0 && b.left < innerWidth && b.top < innerHeight) out.push(ref);
  }
  return out;
}

/**
 * Walks the document. `named` lists the roles named from their content, whose accessible name
 * is always computed; any other element is named only when its markup names it.
 */
export function walkDocument(key: string, named: string[], known: number): WalkResult {
  const world = Reflect.get(globalThis, key) as SnapshotWorld;
  const { lib } = world;
  const nameRoles = new Set(named);
  const nodes: WalkNode[] = [{ p: -1, r: 'RootWebArea', n: document.title }];
  const frames: number[] = [];
  let opaque = false;
  const NATIVE_NAMED = new Set(world.nativeNamed);
  const SKIP = new Set(world.skipped);
  const INPUT_ROLES: Record<string, string> = {
    password: 'textbox',
    date: 'Date',
    'datetime-local': 'DateTime',
    time: 'InputTime',
    month: 'Date',
    week: 'Date',
    color: 'ColorWell',
    file: 'button',
  };
  const TEXT_VALUE = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider', 'Date', 'DateTime', 'InputTime', 'ColorWell']);
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;

  const refOf = (node: Node): number => {
    let ref = world.refs.get(node);
    if (ref === undefined) {
      ref = world.next++;
      world.refs.set(node, ref);
      world.byRef.set(ref, new WeakRef(node));
    }
    return ref;
  };
  // most text has no run of spaces, no other white space and no space at its ends: kept as it is
  const collapse = (s: string) => (/\s\s|[^\S ]|^ | $/.test(s) ? s.replace(/\s+/g, ' ').trim() : s);

  const roleOf = (el: Element): string => {
    const tag = el.localName;
    if (tag === 'iframe' || tag === 'frame') return 'Iframe';
    if (tag === 'html' || tag === 'body') return 'generic';
    let role = lib.getRole(el);
    if (role === null && tag === 'input') role = INPUT_ROLES[(el as HTMLInputElement).type] ?? null;
    if (role === 'presentation' || role === 'none' || role === null) return 'generic';
    return role;
  };

  const statesOf = (el: Element, role: string): Record<string, string | number | boolean> | undefined => {
    const s: Record<string, string | number | boolean> = {};
    const aria = (name: string) => el.getAttribute(name);
    const html = el as HTMLInputElement;
    if (el.matches(':disabled') || aria('aria-disabled') === 'true') s.disabled = true;
    if (el.localName === 'input' && (html.type === 'checkbox' || html.type === 'radio')) {
      if (html.indeterminate) s.checked = 'mixed';
      else if (html.checked) s.checked = 'true';
    } else if (aria('aria-checked') === 'true' || aria('aria-checked') === 'mixed') s.checked = aria('aria-checked') as string;
    if (aria('aria-pressed') === 'true') s.pressed = 'true';
    const expanded = aria('aria-expanded');
    if (expanded === 'true' || expanded === 'false') s.expanded = expanded === 'true';
    else if (el.localName === 'summary' && el.parentElement?.localName === 'details')
      s.expanded = (el.parentElement as HTMLDetailsElement).open;
    if (aria('aria-selected') === 'true') s.selected = true;
    if (html.required || aria('aria-required') === 'true') s.required = true;
    if ((html.readOnly && TEXT_VALUE.has(role)) || aria('aria-readonly') === 'true') s.readonly = true;
    const invalid = aria('aria-invalid');
    if ((invalid && invalid !== 'false') || el.matches(':user-invalid')) s.invalid = invalid && invalid !== 'false' ? invalid : 'true';
    if (el === active) s.focused = true;
    if ((el as HTMLElement).isContentEditable && !(el.parentElement as HTMLElement | null)?.isContentEditable) s.editable = 'richtext';
    if ((el as HTMLElement).tabIndex >= 0 || el.hasAttribute('tabindex') || s.editable) {
      if (!s.disabled) s.focusable = true;
    }
    if (role === 'heading') {
      const level = Number(aria('aria-level') ?? (/^h([1-6])$/.exec(el.localName)?.[1] || 2));
      if (level) s.level = level;
    }
    return Object.keys(s).length ? s : undefined;
  };

  const shownValue = (el: Element, role: string): string | undefined => {
    if (el.localName === 'select') {
      const sel = el as HTMLSelectElement;
      return sel.multiple ? undefined : sel.selectedOptions[0]?.label;
    }
    if (el.localName === 'input' || el.localName === 'textarea') {
      const html = el as HTMLInputElement;
      if (!TEXT_VALUE.has(role) && role !== 'textbox') return undefined;
      // a password field shows as many dots as it holds characters, never its text
      return html.type === 'password' ? '•'.repeat(html.value.length) : html.value;
    }
    const now = el.getAttribute('aria-valuetext') ?? el.getAttribute('aria-valuenow');
    return now ?? undefined;
  };

  const visit = (node: Node, parent: number, textHidden: boolean): void => {
    if (node.nodeType === 3) {
      if (textHidden) return;
      const t = collapse(node.nodeValue ?? '');
      if (t) nodes.push({ p: parent, r: 'StaticText', n: t });
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    const tag = el.localName;
    if (SKIP.has(tag) || el.getAttribute('aria-hidden') === 'true') return;
    if (!el.checkVisibility({ visibilityProperty: true })) {
      if (el.checkVisibility()) {
        // visibility: hidden hides the element and its text, not a child that sets visible again
        eachChild(el, (c) => visit(c, parent, true));
        return;
      }
      // display: contents has no box of its own, but its children do
      if (getComputedStyle(el).display !== 'contents') return;
      eachChild(el, (c) => visit(c, parent, textHidden));
      return;
    }
    if (tag.includes('-') && !el.shadowRoot && !el.firstChild) {
      const box = el.getBoundingClientRect();
      if (box.width * box.height > 0) opaque = true;
    }
    const role = roleOf(el);
    const named =
      nameRoles.has(role) ||
      NATIVE_NAMED.has(tag) ||
      (role !== 'generic' && el.hasAttribute('title')) ||
      el.hasAttribute('aria-label') ||
      el.hasAttribute('aria-labelledby');
    const name = named ? (lib.plainName(el, role) ?? lib.computeAccessibleName(el)) : '';
    const states = tag === 'html' || tag === 'body' ? undefined : statesOf(el, role);
    if (role === 'generic' && !name && !states) {
      eachChild(el, (c) => visit(c, parent, false));
      return;
    }
    const index = nodes.length;
    const out: WalkNode = { p: parent, r: role, k: refOf(el) };
    if (name) out.n = collapse(name);
    if (states) out.s = states;
    const value = shownValue(el, role);
    if (value) out.v = value;
    nodes.push(out);
    if (role === 'Iframe') {
      frames.push(index);
      return;
    }
    if (tag === 'select') {
      for (const o of (el as HTMLSelectElement).options) {
        nodes.push({ p: index, r: 'option', n: collapse(o.label), k: refOf(o), ...(o.selected ? { s: { selected: true } } : {}) });
      }
      return;
    }
    if (tag === 'textarea' || tag === 'input') return;
    eachChild(el, (c) => visit(c, index, false));
    // one text that only says the element's name again (a link's or a button's own words): the
    // snapshot leaves it out, so it is not sent
    const only = nodes[index + 1];
    if (out.n && nodes.length === index + 2 && only?.r === 'StaticText' && only.n === out.n) nodes.pop();
  };

  /** The element's children in the flat tree: its open shadow root's, a slot's assigned nodes, or its own. */
  function eachChild(el: Element, fn: (c: Node) => void): void {
    if (el.localName === 'slot' && !el.shadowRoot) {
      const assigned = (el as HTMLSlotElement).assignedNodes();
      if (assigned.length) {
        for (const c of assigned) fn(c);
        return;
      }
    }
    for (let c = (el.shadowRoot ?? el).firstChild; c; c = c.nextSibling) fn(c);
  }

  visit(document.documentElement, 0, false);
  // Sent as a difference from the version the caller holds: on an unchanged page, next to nothing.
  const keys = nodes.map(
    (n) => `${n.p}\u0001${n.r}\u0001${n.n ?? ''}\u0001${n.k ?? ''}\u0001${n.v ?? ''}\u0001${n.s ? JSON.stringify(n.s) : ''}`,
  );
  const last = world.last;
  let changed = keys.length !== last.length;
  for (let i = 0; !changed && i < keys.length; i++) if (keys[i] !== last[i]) changed = true;
  if (changed) {
    world.version++;
    world.last = keys;
  }
  if (known === world.version && !changed) return { nodes: [], same: true, version: world.version, frames, opaque };
  if (known !== world.version - 1 || !changed) return { nodes, version: world.version, frames, opaque };
  return { nodes: nodes.map((n, i) => (keys[i] === last[i] ? 0 : n)), version: world.version, frames, opaque };
}
