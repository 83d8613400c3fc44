import type { Page } from '../page.ts';
import type { SnapNode } from './tree.ts';

/** The main-frame nodes numbered by an in-page snapshot (negative ids) → those in view. */
export type PageRefsInView = (refs: number[]) => Promise<Set<number>>;

function mainFrameIds(nodes: SnapNode[], out: number[] = []): number[] {
  for (const n of nodes) {
    if (n.frameIndex !== 0) continue;
    if (n.backendNodeId !== undefined) out.push(n.backendNodeId);
    mainFrameIds(n.children, out);
  }
  return out;
}

/**
 * Keeps the main-frame nodes whose layout box intersects the visible viewport, plus their
 * ancestors; an iframe in view keeps its whole content. Nodes walked in the page are measured
 * there (one call); nodes from Chromium's tree by one DOMSnapshot call that gives every box.
 */
export async function inViewportFilter(page: Page, tree: SnapNode[], pageRefsInView?: PageRefsInView): Promise<SnapNode[]> {
  const ids = mainFrameIds(tree);
  const refs = ids.filter((id) => id < 0).map((id) => -id);
  const visible = new Set<number>();
  if (refs.length && pageRefsInView) for (const ref of await pageRefsInView(refs)) visible.add(-ref);
  if (ids.some((id) => id > 0)) for (const id of await boxesInView(page)) visible.add(id);
  return keepVisible(tree, visible);
}

async function boxesInView(page: Page): Promise<Set<number>> {
  const [snap, metrics] = await Promise.all([
    page.send('DOMSnapshot.captureSnapshot', { computedStyles: [] }),
    page.send('Page.getLayoutMetrics'),
  ]);
  const vp = metrics.cssVisualViewport;
  const doc = snap.documents[0];
  const visible = new Set<number>();
  if (!doc) return visible;
  const backendIds = doc.nodes.backendNodeId ?? [];
  doc.layout.nodeIndex.forEach((nodeIndex, i) => {
    const b = doc.layout.bounds[i];
    const id = backendIds[nodeIndex];
    if (!b || id === undefined) return;
    const [x = 0, y = 0, w = 0, h = 0] = b;
    if (x < vp.pageX + vp.clientWidth && x + w > vp.pageX && y < vp.pageY + vp.clientHeight && y + h > vp.pageY && w > 0 && h > 0) {
      visible.add(id);
    }
  });
  return visible;
}

function keepVisible(tree: SnapNode[], visible: Set<number>): SnapNode[] {
  const keep = (nodes: SnapNode[]): SnapNode[] =>
    nodes.flatMap((n) => {
      if (n.frameIndex !== 0) return [n];
      const own = n.backendNodeId !== undefined && visible.has(n.backendNodeId);
      const children = n.role === 'iframe' && own ? n.children : keep(n.children);
      return own || children.length ? [{ ...n, children }] : [];
    });
  return keep(tree);
}
