import type { Protocol } from 'devtools-protocol';
import type { Page } from '../page.ts';

type AXNode = Protocol.Accessibility.AXNode;

/**
 * Fetching a frame's accessibility tree. Chromium's cost is per node serialized (~25–30 µs here), and
 * about half of a text-heavy page's nodes are InlineTextBox leaves under StaticText, which a
 * snapshot never shows. So once a frame's full tree has been seen, the next fetch asks for
 * only as many levels as its deepest non-InlineTextBox node needs (`depth`), which cuts the
 * deepest text boxes. The result is used only if nothing but a StaticText's children is
 * missing; otherwise (the page grew deeper) the full tree is fetched again. A hint holds for one
 * document (loaderId): a newly loaded document is fetched whole first, so no fetch is wasted on a guess.
 */
const depthHints = new WeakMap<Page, Map<string, { loaderId: string; depth: number }>>();

/** Depth of each node as Chromium counts it for `depth`: ignored nodes add no level. */
function depths(nodes: AXNode[]): Map<string, number> {
  const byId = new Map<string, AXNode>();
  for (const n of nodes) byId.set(n.nodeId, n);
  const out = new Map<string, number>();
  const root = nodes.find((n) => !n.parentId) ?? nodes[0];
  if (!root) return out;
  const stack: Array<[AXNode, number]> = [[root, 0]];
  while (stack.length) {
    const [n, d] = stack.pop() as [AXNode, number];
    if (out.has(n.nodeId)) continue;
    out.set(n.nodeId, d);
    const childDepth = n.ignored ? d : d + 1;
    for (const id of n.childIds ?? []) {
      const c = byId.get(id);
      if (c) stack.push([c, childDepth]);
    }
  }
  return out;
}

/** True when every child a node names is in the list, except a StaticText's (InlineTextBox) children. */
function complete(nodes: AXNode[]): boolean {
  const ids = new Set<string>();
  for (const n of nodes) ids.add(n.nodeId);
  for (const n of nodes) {
    if (n.role?.value === 'StaticText' || !n.childIds) continue;
    for (const id of n.childIds) if (!ids.has(id)) return false;
  }
  return true;
}

/** The levels a frame's tree needs without its InlineTextBox leaves, or undefined when no hint is safe. */
function textDepth(nodes: AXNode[]): number | undefined {
  if (!nodes.length || !complete(nodes)) return undefined;
  const textBoxes = new Set<string>();
  for (const n of nodes) if (n.role?.value === 'InlineTextBox') textBoxes.add(n.nodeId);
  let max = 0;
  for (const [id, d] of depths(nodes)) if (d > max && !textBoxes.has(id)) max = d;
  return max;
}

/** One frame's accessibility nodes (the page's main frame when frameId is undefined); [] when the frame is gone. */
export async function fetchAXNodes(
  page: Page,
  frameId: string | undefined,
  sessionId: string | undefined,
  loaderId: string | undefined,
): Promise<AXNode[]> {
  const key = frameId ?? '';
  let hints = depthHints.get(page);
  if (!hints) {
    hints = new Map();
    depthHints.set(page, hints);
  }
  const params = frameId !== undefined ? { frameId } : {};
  const hint = hints.get(key);
  const sameDocument = hint !== undefined && loaderId !== undefined && hint.loaderId === loaderId;
  if (hint && sameDocument && hint.depth >= 0) {
    const limited = await page.send('Accessibility.getFullAXTree', { ...params, depth: hint.depth }, sessionId).catch(() => undefined);
    if (limited?.nodes.length && complete(limited.nodes)) {
      // The page may have grown shallower since: keep the hint tight.
      const depth = textDepth(limited.nodes);
      if (depth !== undefined) hint.depth = depth;
      return limited.nodes;
    }
  }
  const full = await page.send('Accessibility.getFullAXTree', params, sessionId).catch(() => ({ nodes: [] as AXNode[] }));
  const depth = textDepth(full.nodes);
  if (depth === undefined || loaderId === undefined) hints.delete(key);
  // A hint that missed once for this document is not tried again (-1): at most one fetch wasted per document.
  else hints.set(key, { loaderId, depth: sameDocument ? -1 : depth });
  return full.nodes;
}
