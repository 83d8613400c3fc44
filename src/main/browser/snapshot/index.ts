import { StewardError } from '../../../shared/errors.ts';
import { listFrames } from '../frame-tree.ts';
import type { Page } from '../page.ts';
import { diffLines, type SnapshotLine } from './diff.ts';
import { fetchAXNodes } from './fetch.ts';
import { inPageAXNodes, pageRefsInView } from './in-page.ts';
import { buildTree, type FrameTree, type SnapNode } from './tree.ts';
import { inViewportFilter } from './viewport.ts';

export interface SnapshotOptions {
  /** Every node with its uid, heading levels, no truncation. */
  verbose?: boolean;
  /** Only nodes whose box intersects the viewport (and their ancestors). */
  viewportOnly?: boolean;
  /** Only what changed since this page's last snapshot (+ new/changed, - removed), with ancestors as context. */
  diff?: boolean;
}

export interface Snapshot {
  text: string;
  /** Number of lines and of uids in the full snapshot (before a diff). */
  nodes: number;
  uids: number;
  url: string;
  title: string;
}

async function frameTrees(
  page: Page,
  axTree: boolean,
): Promise<{ main: FrameTree; trees: FrameTree[]; signature: string; frames: Awaited<ReturnType<typeof listFrames>> } | undefined> {
  // Roles and names are computed in the page; Chromium's accessibility tree is read where the
  // page hides what that needs, and when `axTree` is asked for (a verbose snapshot makes every
  // text node addressable).
  const nodesOf = async (frameId: string, sessionId: string, loaderId: string | undefined, main: boolean) =>
    (!axTree && loaderId !== undefined ? await inPageAXNodes(page, frameId, sessionId, loaderId) : undefined) ??
    (await fetchAXNodes(page, main ? undefined : frameId, main ? undefined : sessionId, loaderId));
  // The main frame's tree is fetched while the frames are listed: one round trip less.
  const mainAx = nodesOf(page.mainFrameId, page.sessionId, page.loaders.get(page.mainFrameId), true);
  const frames = await listFrames(page);
  const sessionOf = new Map(frames.map((f) => [f.frame.id, f.sessionId]));
  const trees = await Promise.all(
    frames.map(async (f, frameIndex): Promise<FrameTree & { owner?: number; parentId?: string }> => {
      const [ax, owner] = await Promise.all([
        f.sessionId === page.sessionId && !f.frame.parentId ? mainAx : nodesOf(f.frame.id, f.sessionId, f.frame.loaderId, false),
        f.frame.parentId && sessionOf.has(f.frame.parentId)
          ? page
              .send('DOM.getFrameOwner', { frameId: f.frame.id }, sessionOf.get(f.frame.parentId))
              .then((r) => r.backendNodeId)
              .catch(() => undefined)
          : Promise.resolve(undefined),
      ]);
      return {
        frameIndex,
        frameKey: `${f.frame.id}:${f.frame.loaderId}`,
        nodes: ax,
        childFrames: new Map(),
        ...(owner !== undefined ? { owner } : {}),
        ...(f.frame.parentId ? { parentId: f.frame.parentId } : {}),
      };
    }),
  );
  const byFrameId = new Map(frames.map((f, i) => [f.frame.id, trees[i]]));
  for (const t of trees) {
    if (t.parentId === undefined || t.owner === undefined) continue;
    byFrameId.get(t.parentId)?.childFrames.set(t.owner, t);
  }
  const main = trees.find((t) => t.parentId === undefined);
  const signature = trees.map((t) => `${t.frameKey}<${t.parentId ?? ''}@${t.owner ?? ''}`).join('|');
  return main ? { main, trees, signature, frames } : undefined;
}

/** The last tree built for a page, with the frames' node lists it was built from. */
const builtTrees = new WeakMap<Page, { signature: string; nodes: FrameTree['nodes'][]; tree: SnapNode[] }>();

/**
 * One node as a line: `<uid> <role> "<name>" [<states>]: <text> | <text>`, each part only when it
 * says something. The uid (uids.ts: page id, "_", a base-36 number) leads the line bare: it starts
 * with a digit, so it cannot be taken for a role (a letter) or a text line (a quote). A
 * list item that is only words (no uid, name or state) is `• <words>`: the bullet says "list
 * item", and its words run as the page reads them, where a row's cells stay apart by " | ".
 */
function lineOf(n: SnapNode, uid: string | undefined): string {
  const lead = uid ? `${uid} ` : '';
  if (n.role === 'text') return `${lead}${JSON.stringify(n.name)}`;
  if (n.role === 'listitem' && !uid && !n.name && !n.states.length && n.text.length) {
    return `• ${n.text.join(' ')}`;
  }
  let line = `${lead}${n.role}`;
  if (n.name) line += ` ${JSON.stringify(n.name)}`;
  if (n.states.length) line += ` [${n.states.join(', ')}]`;
  if (n.text.length) line += `: ${n.text.join(' | ')}`;
  return line;
}

function render(nodes: SnapNode[], depth: number, uidOf: (n: SnapNode) => string | undefined, out: SnapshotLine[]): void {
  for (const n of nodes) {
    out.push({ key: n.key, depth, line: lineOf(n, uidOf(n)) });
    render(n.children, depth + 1, uidOf, out);
  }
}

/** The page's accessibility tree as compact text, one node per line, with uids on what an agent can act on. */
export async function takeSnapshot(page: Page, opts: SnapshotOptions = {}): Promise<Snapshot> {
  page.assertUsable();
  const verbose = opts.verbose ?? false;
  const info = page.refreshInfo();
  const collected = await frameTrees(page, verbose);
  if (!collected) {
    throw new StewardError('TARGET_CLOSED', `Page ${page.id} has no document to snapshot.`, {
      suggestions: ['Navigate the page to a URL first.'],
    });
  }
  // In-page walks hand back the very same node lists when nothing changed: then so is the tree.
  const held = builtTrees.get(page);
  const unchanged =
    held !== undefined && held.signature === collected.signature && held.nodes.every((n, i) => n === collected.trees[i]?.nodes);
  let tree = unchanged ? held.tree : buildTree(collected.main, { verbose });
  if (!verbose) builtTrees.set(page, { signature: collected.signature, nodes: collected.trees.map((t) => t.nodes), tree });
  else builtTrees.delete(page);
  const main = collected.frames[collected.main.frameIndex];
  if (opts.viewportOnly)
    tree = await inViewportFilter(page, tree, (refs) =>
      main
        ? pageRefsInView(page, { sessionId: main.sessionId, frameId: main.frame.id, loaderId: main.frame.loaderId }, refs)
        : Promise.resolve(new Set()),
    );
  let uids = 0;
  const uidOf = (n: SnapNode): string | undefined => {
    if (!n.actionable || n.backendNodeId === undefined) return undefined;
    const f = collected.frames[n.frameIndex];
    if (!f) return undefined;
    uids++;
    // a negative id is a node's number from an in-page snapshot (snapshot/in-page.ts)
    const node = n.backendNodeId < 0 ? { pageRef: -n.backendNodeId } : { backendNodeId: n.backendNodeId };
    return page.uids.uidFor({ sessionId: f.sessionId, frameId: f.frame.id, loaderId: f.frame.loaderId, ...node });
  };
  const lines: SnapshotLine[] = [];
  render(tree, 0, uidOf, lines);
  const previous = page.lastSnapshot;
  page.lastSnapshot = new Map(lines.map((l) => [l.key, l.line]));
  const shown = opts.diff && previous ? diffLines(lines, previous) : lines.map((l) => `${' '.repeat(l.depth)}${l.line}`);
  await info;
  return { text: shown.join('\n'), nodes: lines.length, uids, url: page.url(), title: page.title() };
}
