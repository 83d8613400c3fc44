import type { Protocol } from 'devtools-protocol';
import { StewardError } from '../../shared/errors.ts';
import type { Page } from './page.ts';

export interface FrameInfo {
  sessionId: string;
  frame: Protocol.Page.Frame;
}

/** Every frame of the page with the session that owns it; out-of-process iframes through their own session. */
export async function listFrames(page: Page): Promise<FrameInfo[]> {
  const oopif = new Set(page.frames.children().map((c) => c.frameId));
  const trees = await Promise.all(
    page.frames.sessions().map((sessionId) =>
      page
        .send('Page.getFrameTree', undefined, sessionId)
        .then(({ frameTree }) => ({ sessionId, frameTree }))
        .catch(() => undefined),
    ),
  );
  const out: FrameInfo[] = [];
  for (const t of trees) {
    if (!t) continue;
    const walk = (tree: Protocol.Page.FrameTree, isRoot: boolean) => {
      if (!isRoot && oopif.has(tree.frame.id)) return;
      out.push({ sessionId: t.sessionId, frame: tree.frame });
      page.loaders.set(tree.frame.id, tree.frame.loaderId);
      for (const c of tree.childFrames ?? []) walk(c, false);
    };
    walk(t.frameTree, true);
  }
  return out;
}

/**
 * Where a frame's viewport starts in the page's main viewport (CSS px). DOM.getBoxModel gives an
 * <iframe>'s box in the coordinates of its process's local root, so the boxes are summed across
 * process (session) boundaries only; each <iframe> is first scrolled into view in its parent.
 */
export async function frameOffset(page: Page, frameId: string): Promise<{ x: number; y: number }> {
  if (frameId === page.mainFrameId) return { x: 0, y: 0 };
  const frames = await listFrames(page);
  const byId = new Map(frames.map((f) => [f.frame.id, f]));
  const parentOf = (f: FrameInfo) => (f.frame.parentId ? byId.get(f.frame.parentId) : undefined);
  const ownerIn = async (f: FrameInfo) => {
    const parent = parentOf(f);
    if (!parent) throw new StewardError('TARGET_CLOSED', `The frame ${f.frame.url} is no longer attached.`);
    const { backendNodeId } = await page.send('DOM.getFrameOwner', { frameId: f.frame.id }, parent.sessionId);
    return { parent, backendNodeId };
  };
  // Outermost first: scrolling an outer iframe into view moves the inner ones with it.
  const chain: FrameInfo[] = [];
  for (let f = byId.get(frameId); f && parentOf(f); f = parentOf(f)) chain.push(f);
  for (const f of [...chain].reverse()) {
    const { parent, backendNodeId } = await ownerIn(f);
    await page.send('DOM.scrollIntoViewIfNeeded', { backendNodeId }, parent.sessionId).catch(() => undefined);
  }
  let x = 0;
  let y = 0;
  let current = byId.get(frameId);
  while (current && parentOf(current)) {
    const { parent, backendNodeId } = await ownerIn(current);
    const { model } = await page.send('DOM.getBoxModel', { backendNodeId }, parent.sessionId);
    x += model.content[0] ?? 0;
    y += model.content[1] ?? 0;
    // Jump to the local root of the parent's process: frames in between are already in that box.
    let root = parent;
    for (let up = parentOf(root); up && up.sessionId === root.sessionId; up = parentOf(root)) root = up;
    current = root;
  }
  return { x, y };
}
