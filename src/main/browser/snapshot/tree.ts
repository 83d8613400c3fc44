import type { Protocol } from 'devtools-protocol';
import { ACTIONABLE, DATE_ROLES, INLINE_CONTAINERS, TEXT_ROLES, TRANSPARENT } from './roles.ts';

type AXNode = Protocol.Accessibility.AXNode;

/** One line of a snapshot before it is printed. */
export interface SnapNode {
  /** Stable identity of the DOM node ("frame:loader:backendId"), used for uids and diffs. */
  key: string;
  backendNodeId?: number;
  frameIndex: number;
  actionable: boolean;
  role: string;
  name: string;
  states: string[];
  /** Text shown after the line: a row's cells, a list item's words. */
  text: string[];
  children: SnapNode[];
}

function labelOf(c: SnapNode | string | undefined): string | undefined {
  if (c === undefined || typeof c === 'string' || c.role === 'text') return undefined;
  return c.name;
}

/**
 * Removes text that only repeats a neighbour's name (a <label> next to its field, a legend
 * repeating its group's name): the field line already says it.
 */
function dropRepeatedLabels(children: Array<SnapNode | string>, parentName: string): Array<SnapNode | string> {
  return children.filter((c, i) => {
    const text = typeof c === 'string' ? c : c.role === 'text' && !c.actionable ? c.name : undefined;
    if (text === undefined && typeof c !== 'string') {
      const own = [c.name, ...c.text].filter(Boolean).join(' ');
      return !(parentName && !c.actionable && !c.children.length && !c.states.length && own === parentName);
    }
    if (parentName && text === parentName) return false;
    // The nearest control before or after (skipping up to two other texts, e.g. a "*" marker).
    const near: Array<string | undefined> = [];
    for (const step of [1, -1]) {
      for (let j = i + step, hops = 0; j >= 0 && j < children.length && hops < 3; j += step, hops++) {
        const name = labelOf(children[j]);
        if (name !== undefined) {
          near.push(name);
          break;
        }
      }
    }
    return !near.some((n) => n && text && (n === text || n.startsWith(text) || n.endsWith(text) || (text.length <= 2 && n.includes(text))));
  });
}

const MAX_TEXT = 100;

/** A list marker that says no more than "item" (a snapshot prints list items with a bullet of its own). */
const BULLET = /^[•◦▪▫‣⁃∙·○●■□–—-]$/;

export interface TreeOptions {
  verbose: boolean;
}

export interface FrameTree {
  frameIndex: number;
  frameKey: string;
  nodes: AXNode[];
  /** backendDOMNodeId of an <iframe> element → the frame it shows. */
  childFrames: Map<number, FrameTree>;
}

function prop(node: AXNode, name: string): unknown {
  return node.properties?.find((p) => p.name === name)?.value.value;
}

function clip(s: string, verbose: boolean): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return !verbose && t.length > MAX_TEXT ? `${t.slice(0, MAX_TEXT - 1)}…` : t;
}

function statesOf(node: AXNode, role: string, verbose: boolean): string[] {
  const s: string[] = [];
  if (prop(node, 'disabled') === true) s.push('disabled');
  const checked = prop(node, 'checked');
  if (checked === 'true' || checked === true) s.push('checked');
  else if (checked === 'mixed') s.push('mixed');
  const pressed = prop(node, 'pressed');
  if (pressed === 'true' || pressed === true) s.push('pressed');
  const expanded = prop(node, 'expanded');
  if (expanded !== undefined) s.push(expanded ? 'expanded' : 'collapsed');
  if (prop(node, 'selected') === true) s.push('selected');
  if (prop(node, 'required') === true) s.push('required');
  if (prop(node, 'readonly') === true) s.push('readonly');
  if (prop(node, 'invalid') && prop(node, 'invalid') !== 'false') s.push('invalid');
  if (prop(node, 'focused') === true) s.push('focused');
  const editable = prop(node, 'editable');
  if (editable && !['textbox', 'searchbox', 'combobox', 'textField', 'spinbutton'].includes(role)) s.push('editable');
  if (verbose && role === 'heading' && prop(node, 'level') !== undefined) s.push(`level=${prop(node, 'level')}`);
  const value = node.value?.value;
  if (value !== undefined && value !== '' && role !== 'link' && role !== 'RootWebArea') {
    s.push(`value=${JSON.stringify(clip(String(value), verbose))}`);
  }
  return s;
}

/** Builds the compact tree of one frame's accessibility nodes, with child frames spliced in at their <iframe>. */
export function buildTree(frame: FrameTree, opts: TreeOptions): SnapNode[] {
  const byId = new Map(frame.nodes.map((n) => [n.nodeId, n]));
  const root = frame.nodes.find((n) => !n.parentId) ?? frame.nodes[0];
  if (!root) return [];
  const visit = (id: string, depthGuard: number): Array<SnapNode | string> => {
    const node = byId.get(id);
    if (!node || depthGuard > 400) return [];
    const role = String(node.role?.value ?? '');
    const kids = () => (node.childIds ?? []).flatMap((c) => visit(c, depthGuard + 1));
    if (TEXT_ROLES.has(role)) {
      const t = clip(String(node.name?.value ?? ''), opts.verbose);
      if (!t) return [];
      if (!opts.verbose || node.backendDOMNodeId === undefined) return [t];
      // Verbose: text is addressable too (its element is what gets clicked).
      return [
        {
          key: `${frame.frameKey}:${node.backendDOMNodeId}`,
          backendNodeId: node.backendDOMNodeId,
          frameIndex: frame.frameIndex,
          actionable: true,
          role: 'text',
          name: t,
          states: [],
          text: [],
          children: [],
        },
      ];
    }
    if (role === 'InlineTextBox' || role === 'LineBreak') return [];
    const childFrame = node.backendDOMNodeId !== undefined ? frame.childFrames.get(node.backendDOMNodeId) : undefined;
    if (node.ignored && !childFrame) return kids();
    const name = clip(String(node.name?.value ?? ''), opts.verbose);
    if (role === 'RootWebArea' && node !== root) return kids();
    if (role === 'RootWebArea' || (!opts.verbose && TRANSPARENT.has(role) && !name && !childFrame)) {
      if (!(prop(node, 'focusable') === true && role !== 'RootWebArea')) return kids();
    }
    const actionable =
      ACTIONABLE.has(role) || childFrame !== undefined || (prop(node, 'focusable') === true && role !== 'RootWebArea') || opts.verbose;
    const snap: SnapNode = {
      key: `${frame.frameKey}:${node.backendDOMNodeId ?? `ax${node.nodeId}`}`,
      frameIndex: frame.frameIndex,
      actionable: actionable && node.backendDOMNodeId !== undefined,
      role: role === 'Iframe' ? 'iframe' : role === 'image' ? 'img' : role,
      name,
      states: statesOf(node, role, opts.verbose),
      text: [],
      children: [],
    };
    if (node.backendDOMNodeId !== undefined) snap.backendNodeId = node.backendDOMNodeId;
    let children: Array<SnapNode | string> = childFrame ? buildTree(childFrame, opts) : kids();
    if (!opts.verbose && DATE_ROLES.has(role)) children = [];
    children = dropRepeatedLabels(children, name);
    if (role === 'combobox') {
      // A native <select>'s options are chosen through the select itself: list their names inline.
      const options = optionNames(node, byId);
      if (options.length) {
        const shown = opts.verbose ? options.length : 10;
        snap.text = [`options: ${options.slice(0, shown).join(' | ')}${options.length > shown ? ` …(+${options.length - shown})` : ''}`];
        children = children.filter((c) => typeof c !== 'string' && c.role !== 'MenuListPopup' && c.role !== 'option');
        snap.states = snap.states.filter((st) => st !== 'collapsed');
      }
    }
    if (role === 'MenuListPopup') return children;
    // Text that only repeats the name is dropped; other text stays in order.
    const texts = children.filter((c): c is string => typeof c === 'string');
    const joined = texts.join(' ');
    if (name && texts.length && (ACTIONABLE.has(role) || name.includes(joined) || joined === name)) {
      children = children.filter((c) => typeof c !== 'string');
    }
    if (!opts.verbose && (INLINE_CONTAINERS.has(role) || !actionable)) {
      // Lift text (and text-only containers) of a row/list item/cell onto its own line.
      const inline: string[] = [];
      const rest: SnapNode[] = [];
      for (const c of children) {
        if (typeof c === 'string') inline.push(c);
        else if (!c.actionable && c.children.length === 0 && INLINE_CONTAINERS.has(c.role) && !c.states.length) {
          inline.push([c.name, ...c.text].filter(Boolean).join(' '));
        } else rest.push(c);
      }
      if (!INLINE_CONTAINERS.has(role) && rest.length) {
        // A structural container (main, form, table…) keeps text as its own lines.
        snap.children = children.map((c) => (typeof c === 'string' ? textNode(c, snap) : c));
      } else {
        if (role === 'listitem' && BULLET.test(inline[0] ?? '')) inline.shift();
        snap.text.push(...inline.filter(Boolean));
        snap.children = rest;
      }
      if (INLINE_CONTAINERS.has(role) && !snap.actionable && !snap.name && !snap.states.length) {
        if (!snap.text.length && snap.children.length <= 1) return snap.children;
        if (!snap.text.length) return snap.children;
      }
    } else {
      snap.children = children.map((c) => (typeof c === 'string' ? textNode(c, snap) : c));
    }
    if (!snap.actionable && !snap.name && !snap.text.length && !snap.states.length && !opts.verbose) return snap.children;
    // A heading (or other named wrapper) around one control of the same name, e.g. a product title link: the control says it all.
    const only = snap.children[0];
    if (
      !opts.verbose &&
      !snap.actionable &&
      snap.children.length === 1 &&
      only?.actionable &&
      only.name === snap.name &&
      !snap.text.length
    ) {
      return [only];
    }
    return [snap];
  };
  const out = dropRepeatedLabels(visit(root.nodeId, 0), '');
  const placeholder: SnapNode = {
    key: `${frame.frameKey}:root`,
    frameIndex: frame.frameIndex,
    actionable: false,
    role: 'text',
    name: '',
    states: [],
    text: [],
    children: [],
  };
  return out.map((c) => (typeof c === 'string' ? textNode(c, placeholder) : c));
}

function textNode(text: string, parent: SnapNode): SnapNode {
  return {
    key: `${parent.key}/t:${text.slice(0, 40)}`,
    frameIndex: parent.frameIndex,
    actionable: false,
    role: 'text',
    name: text,
    states: [],
    text: [],
    children: [],
  };
}

function optionNames(node: AXNode, byId: Map<string, AXNode>): string[] {
  const out: string[] = [];
  const walk = (n: AXNode, depth: number) => {
    if (depth > 4) return;
    for (const id of n.childIds ?? []) {
      const c = byId.get(id);
      if (!c) continue;
      const r = String(c.role?.value ?? '');
      if (r === 'option' || r === 'MenuListOption') out.push(String(c.name?.value ?? ''));
      else walk(c, depth + 1);
    }
  };
  walk(node, 0);
  return out;
}
