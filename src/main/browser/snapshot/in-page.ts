import type { Protocol } from 'devtools-protocol';
import { StewardError } from '../../../shared/errors.ts';
import { accnameLibrarySource } from '../in-page/accname-library.ts';
import { plainNamer } from '../in-page/plain-name.ts';
import {
  installSnapshotWorld,
  NATIVE_NAMED_TAGS,
  nodeByRef,
  refsInViewport,
  SKIPPED_TAGS,
  type WalkNode,
  type WalkResult,
  walkDocument,
} from '../in-page/snapshot-walk.ts';
import type { Page } from '../page.ts';
import { namedRoles } from './roles.ts';

type AXNode = Protocol.Accessibility.AXNode;

const WORLD = 'steward-snapshot';
const KEY = '__stewardSnapshot';

/**
 * Snapshots computed in the page. Each frame's document gets an isolated world (the page's
 * scripts cannot see or change it) holding dom-accessibility-api and the node numbering; one
 * call per frame walks the document and returns roles, names and states. The nodes come back
 * in the accessibility tree's shape, so the same tree builder prints both.
 *
 * A node walked in the page has no backend DOM node id until it is acted on: its
 * `backendDOMNodeId` is its number in the page, negated (real ids are positive), and
 * resolvePageRef turns it into the real id when the element is first used.
 */
const worlds = new WeakMap<Page, Map<string, Promise<number>>>();

/** The last walk of each document, to apply the next walk's difference to. */
interface Held {
  version: number;
  nodes: WalkNode[];
  ax: AXNode[];
}
const held = new WeakMap<Page, Map<string, Held>>();

function worldKey(sessionId: string, frameId: string, loaderId: string): string {
  return `${sessionId}|${frameId}|${loaderId}`;
}

async function createWorld(page: Page, frameId: string, sessionId: string): Promise<number> {
  const { executionContextId } = await page.send('Page.createIsolatedWorld', { frameId, worldName: WORLD }, sessionId);
  const tags = `${JSON.stringify(NATIVE_NAMED_TAGS)}, ${JSON.stringify(SKIPPED_TAGS)}`;
  const lib = `Object.assign(${accnameLibrarySource()}, { plainName: (${plainNamer.toString()})(${tags}) })`;
  const expression = `(${installSnapshotWorld.toString()})(${JSON.stringify(KEY)}, ${lib}, ${tags});
    globalThis[${JSON.stringify(`${KEY}Walk`)}] = ${walkDocument.toString()};
    globalThis[${JSON.stringify(`${KEY}Node`)}] = ${nodeByRef.toString()};
    globalThis[${JSON.stringify(`${KEY}InView`)}] = ${refsInViewport.toString()};`;
  const r = await page.send('Runtime.evaluate', { expression, contextId: executionContextId }, sessionId);
  if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
  return executionContextId;
}

/** The frame document's snapshot world: made once per document, kept while the document lives. */
function worldFor(page: Page, frameId: string, sessionId: string, loaderId: string, fresh = false): Promise<number> {
  let map = worlds.get(page);
  if (!map) {
    map = new Map();
    worlds.set(page, map);
  }
  const key = worldKey(sessionId, frameId, loaderId);
  let world = fresh ? undefined : map.get(key);
  if (!world) {
    // documents this frame showed before are gone: their worlds went with them
    for (const k of map.keys()) if (k.startsWith(`${sessionId}|${frameId}|`)) map.delete(k);
    world = createWorld(page, frameId, sessionId);
    map.set(key, world);
    const current = world;
    world.catch(() => {
      if (map.get(key) === current) map.delete(key);
    });
  }
  return world;
}

/**
 * Makes the snapshot world of the page's current document now, without waiting for it: called
 * after a navigation the page tools made, so the first snapshot of the new document (what an
 * agent asks for next) finds the world and its library ready instead of making them first.
 */
export function prepareSnapshotWorld(page: Page): void {
  const loaderId = page.loaders.get(page.mainFrameId);
  if (loaderId === undefined || page.gone) return;
  worldFor(page, page.mainFrameId, page.sessionId, loaderId).catch(() => undefined);
}

async function walk(page: Page, frameId: string, sessionId: string, loaderId: string, known: number): Promise<WalkResult> {
  const run = async (fresh: boolean) => {
    const contextId = await worldFor(page, frameId, sessionId, loaderId, fresh);
    // sent as one JSON string: a few thousand nodes cross as text three times faster than as objects
    const expression = `JSON.stringify(globalThis[${JSON.stringify(`${KEY}Walk`)}](${JSON.stringify(KEY)}, ${JSON.stringify(namedRoles())}, ${fresh ? -1 : known}))`;
    const r = await page.send('Runtime.evaluate', { expression, contextId, returnByValue: true }, sessionId);
    if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text);
    return JSON.parse(r.result.value as string) as WalkResult;
  };
  // a world made for this document can be gone already (the frame reloaded under the same loader)
  return run(false).catch(() => run(true));
}

function property(name: string, value: unknown): Protocol.Accessibility.AXProperty {
  const type = typeof value === 'boolean' ? 'boolean' : typeof value === 'number' ? 'integer' : 'token';
  return { name: name as Protocol.Accessibility.AXPropertyName, value: { type, value } };
}

/** The in-page nodes in the accessibility tree's shape. */
function toAXNodes(nodes: WalkNode[], frameOwners: Map<number, number>): AXNode[] {
  const out: AXNode[] = nodes.map((n, i) => {
    const node: AXNode = {
      nodeId: String(i),
      ignored: false,
      role: { type: 'role', value: n.r },
      name: { type: 'computedString', value: n.n ?? '' },
      childIds: [],
    };
    if (n.p >= 0) node.parentId = String(n.p);
    if (n.k !== undefined) node.backendDOMNodeId = frameOwners.get(i) ?? -n.k;
    if (n.s) node.properties = Object.entries(n.s).map(([k, v]) => property(k, v));
    if (n.v !== undefined) node.value = { type: 'string', value: n.v };
    return node;
  });
  for (let i = 1; i < out.length; i++) {
    const parent = out[nodes[i]?.p ?? -1];
    parent?.childIds?.push(String(i));
  }
  return out;
}

/** The real backend node id of a node numbered in the page, or undefined when it is gone. */
async function backendIdOf(page: Page, contextId: number, sessionId: string, ref: number): Promise<number | undefined> {
  const expression = `globalThis[${JSON.stringify(`${KEY}Node`)}](${JSON.stringify(KEY)}, ${ref})`;
  const r = await page.send('Runtime.evaluate', { expression, contextId }, sessionId).catch(() => undefined);
  const objectId = r?.result.objectId;
  if (!objectId) return undefined;
  const described = await page.send('DOM.describeNode', { objectId }, sessionId).catch(() => undefined);
  page.send('Runtime.releaseObject', { objectId }, sessionId).catch(() => undefined);
  return described?.node.backendNodeId;
}

/**
 * One frame's nodes computed in the page, or undefined when the page hides what the walk needs
 * (a closed shadow root) or the walk failed: the caller then reads Chromium's accessibility tree.
 */
export async function inPageAXNodes(page: Page, frameId: string, sessionId: string, loaderId: string): Promise<AXNode[] | undefined> {
  try {
    let docs = held.get(page);
    if (!docs) {
      docs = new Map();
      held.set(page, docs);
    }
    const key = worldKey(sessionId, frameId, loaderId);
    const before = docs.get(key);
    const result = await walk(page, frameId, sessionId, loaderId, before?.version ?? -1);
    if (!result || result.opaque) return undefined;
    // unchanged since the last walk: the same nodes (the same array, so the caller can keep its tree)
    if (result.same && before) return before.ax;
    const nodes = result.nodes.map((n, i) => (n === 0 ? before?.nodes[i] : n));
    if (nodes.some((n) => n === undefined)) {
      docs.delete(key);
      return undefined;
    }
    const full = nodes as WalkNode[];
    // <iframe> elements are matched with their frames by backend id (DOM.getFrameOwner): resolve those few now
    const owners = new Map<number, number>();
    if (result.frames.length) {
      const contextId = await worldFor(page, frameId, sessionId, loaderId);
      await Promise.all(
        result.frames.map(async (i) => {
          const ref = full[i]?.k;
          const id = ref === undefined ? undefined : await backendIdOf(page, contextId, sessionId, ref);
          if (id !== undefined) owners.set(i, id);
        }),
      );
    }
    const ax = toAXNodes(full, owners);
    for (const k of docs.keys()) if (k.startsWith(`${sessionId}|${frameId}|`)) docs.delete(k);
    docs.set(key, { version: result.version, nodes: full, ax });
    return ax;
  } catch (e) {
    if (e instanceof StewardError && e.code === 'TARGET_CLOSED') throw e;
    return undefined;
  }
}

/** The backend node id of an element numbered by an in-page snapshot; undefined when it left its document. */
export async function resolvePageRef(
  page: Page,
  ref: { sessionId: string; frameId: string; loaderId: string; pageRef: number },
): Promise<number | undefined> {
  const world = worlds.get(page)?.get(worldKey(ref.sessionId, ref.frameId, ref.loaderId));
  const contextId = await world?.catch(() => undefined);
  if (contextId === undefined) return undefined;
  return backendIdOf(page, contextId, ref.sessionId, ref.pageRef);
}

/** Of the elements numbered in this frame's document, those whose box is inside the viewport. */
export async function pageRefsInView(
  page: Page,
  frame: { sessionId: string; frameId: string; loaderId: string },
  refs: number[],
): Promise<Set<number>> {
  const contextId = await worlds
    .get(page)
    ?.get(worldKey(frame.sessionId, frame.frameId, frame.loaderId))
    ?.catch(() => undefined);
  if (contextId === undefined || !refs.length) return new Set();
  const expression = `globalThis[${JSON.stringify(`${KEY}InView`)}](${JSON.stringify(KEY)}, ${JSON.stringify(refs)})`;
  const r = await page.send('Runtime.evaluate', { expression, contextId, returnByValue: true }, frame.sessionId).catch(() => undefined);
  return new Set((r?.result.value as number[] | undefined) ?? []);
}
