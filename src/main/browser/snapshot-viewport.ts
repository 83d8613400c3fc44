import type { Page } from './page.ts';
import type { SnapNode } from './snapshot-tree.ts';

/**
 * Keeps the main-frame nodes whose layout box intersects the visible viewport, plus their
 * ancestors; an iframe in view keeps its whole content. One DOMSnapshot call gives every box.
 */
export async function inViewportFilter(page: Page, tree: SnapNode[]): Promise<SnapNode[]> {
  const [snap, metrics] = await Promise.all([
    page.send('DOMSnapshot.captureSnapshot', { computedStyles: [] }),
    page.send('Page.getLayoutMetrics'),
  ]);
  const vp = metrics.cssVisualViewport;
  const doc = snap.documents[0];
  if (!doc) return tree;
  const backendIds = doc.nodes.backendNodeId ?? [];
  const visible = new Set<number>();
  const laid = new Set<number>();
  doc.layout.nodeIndex.forEach((nodeIndex, i) => {
    const b = doc.layout.bounds[i];
    const id = backendIds[nodeIndex];
    if (!b || id === undefined) return;
    const [x = 0, y = 0, w = 0, h = 0] = b;
    laid.add(id);
    if (x < vp.pageX + vp.clientWidth && x + w > vp.pageX && y < vp.pageY + vp.clientHeight && y + h > vp.pageY && w > 0 && h > 0) {
      visible.add(id);
    }
  });
  const keep = (nodes: SnapNode[], mainFrame: boolean): SnapNode[] =>
    nodes.flatMap((n) => {
      if (!mainFrame || n.frameIndex !== 0) return [n];
      const own = n.backendNodeId !== undefined && visible.has(n.backendNodeId);
      const children = n.role === 'iframe' && own ? n.children : keep(n.children, true);
      if (own || children.length) return [{ ...n, children }];
      if (n.role === 'text' || (n.backendNodeId !== undefined && !laid.has(n.backendNodeId))) return [];
      return [];
    });
  return keep(tree, true);
}
