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
 * Where a frame's viewport starts in the page's main viewport (CSS px): the sum of the content
 * boxes of the <iframe> elements that hold it, each scrolled into view in its parent first.
 */
export async function frameOffset(page: Page, frameId: string): Promise<{ x: number; y: number }> {
  if (frameId === page.mainFrameId) return { x: 0, y: 0 };
  const frames = await listFrames(page);
  const byId = new Map(frames.map((f) => [f.frame.id, f]));
  let x = 0;
  let y = 0;
  let current = byId.get(frameId);
  const chain: FrameInfo[] = [];
  while (current?.frame.parentId) {
    chain.push(current);
    current = byId.get(current.frame.parentId);
  }
  // Outermost first: scrolling an outer iframe into view moves the inner ones with it.
  for (const f of chain.reverse()) {
    const parent = byId.get(f.frame.parentId as string);
    if (!parent) throw new StewardError('TARGET_CLOSED', `The frame ${f.frame.url} is no longer attached.`);
    const { backendNodeId } = await page.send('DOM.getFrameOwner', { frameId: f.frame.id }, parent.sessionId);
    await page.send('DOM.scrollIntoViewIfNeeded', { backendNodeId }, parent.sessionId).catch(() => undefined);
  }
  for (const f of chain) {
    const parent = byId.get(f.frame.parentId as string) as FrameInfo;
    const { backendNodeId } = await page.send('DOM.getFrameOwner', { frameId: f.frame.id }, parent.sessionId);
    const { model } = await page.send('DOM.getBoxModel', { backendNodeId }, parent.sessionId);
    x += model.content[0] ?? 0;
    y += model.content[1] ?? 0;
  }
  return { x, y };
}
