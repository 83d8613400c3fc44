import { StewardError } from '../../shared/errors.ts';
import type { Page } from './page.ts';
import { resolvePageRef } from './snapshot/in-page.ts';
import { staleUid } from './uids.ts';

/** A uid resolved to a live DOM node in its frame's session. */
export interface ResolvedElement {
  page: Page;
  uid: string;
  sessionId: string;
  frameId: string;
  backendNodeId: number;
  objectId: string;
  /** The object was kept from an earlier call (see `resolveNode`); `callOn` replaces it if it is gone. */
  kept?: boolean;
}

/** Finds the node behind a uid; STALE_UID when its document changed or the node left the page. */
export async function resolveElement(page: Page, uid: string): Promise<ResolvedElement> {
  const el = await resolveNode(page, uid);
  const connected = await callOn<boolean>(el, 'function() { return this.isConnected; }');
  if (!connected) throw removedFromPage(uid);
  return el;
}

/**
 * Remote objects already made for nodes, per page, by "session backendNodeId", oldest use first:
 * an element used again is called on without a DOM.resolveNode of its own. An object outlives
 * neither its document nor its frame: a call on one that is gone fails and is made again on a
 * fresh object. While its document lives an object holds its node (even one removed from the
 * page), so one the map lets go of is released in the page too.
 */
const objects = new WeakMap<Page, Map<string, string>>();
const OBJECTS_KEPT = 500;

function objectsOf(page: Page): Map<string, string> {
  let m = objects.get(page);
  if (!m) {
    m = new Map();
    objects.set(page, m);
  }
  return m;
}

/**
 * The node behind a uid without the check that it is still in the page: for a caller whose first
 * in-page call checks `isConnected` itself (one round trip less) and throws `removedFromPage`.
 */
export async function resolveNode(page: Page, uid: string): Promise<ResolvedElement> {
  page.assertUsable();
  const entry = page.uids.lookup(uid, (frameId) => page.loaders.get(frameId));
  if (entry.sessionId !== page.sessionId && !page.frames.has(entry.sessionId)) throw staleUid(uid, 'its frame is gone');
  if (entry.backendNodeId === undefined && entry.pageRef !== undefined) {
    // numbered by an in-page snapshot: its backend id is found once, on first use
    entry.backendNodeId = await resolvePageRef(page, { ...entry, pageRef: entry.pageRef });
  }
  const backendNodeId = entry.backendNodeId;
  if (backendNodeId === undefined) throw staleUid(uid, 'the element is no longer in the page');
  const el = { page, uid, sessionId: entry.sessionId, frameId: entry.frameId, backendNodeId, objectId: '' };
  const objects = objectsOf(page);
  const key = `${entry.sessionId} ${backendNodeId}`;
  const kept = objects.get(key);
  if (kept) {
    objects.delete(key); // now the last used
    objects.set(key, kept);
    return { ...el, objectId: kept, kept: true };
  }
  return { ...el, objectId: await freshObject(el) };
}

/** A new remote object for the element's node (STALE_UID when the node is gone), kept for later calls. */
async function freshObject(el: Omit<ResolvedElement, 'objectId'>): Promise<string> {
  const resolved = await el.page.send('DOM.resolveNode', { backendNodeId: el.backendNodeId }, el.sessionId).catch((e) => {
    if (e instanceof StewardError && e.code !== 'PROTOCOL_ERROR' && e.code !== 'CONTEXT_LOST') throw e;
    return undefined;
  });
  const objectId = resolved?.object.objectId;
  if (!objectId) throw staleUid(el.uid, 'the element is no longer in the page');
  const kept = objectsOf(el.page);
  for (const [key, old] of kept) {
    if (kept.size < OBJECTS_KEPT) break;
    kept.delete(key); // the least recently used (a call still holding it as kept makes it again)
    el.page.send('Runtime.releaseObject', { objectId: old }, key.slice(0, key.lastIndexOf(' '))).catch(() => undefined);
  }
  kept.set(`${el.sessionId} ${el.backendNodeId}`, objectId);
  return objectId;
}

export const removedFromPage = (uid: string) => staleUid(uid, 'the element was removed from the page');

/** Calls a function with `this` = the element, in the element's frame; returns its JSON value. */
export async function callOn<T>(el: ResolvedElement, functionDeclaration: string, args: unknown[] = []): Promise<T> {
  const call = () =>
    el.page.send(
      'Runtime.callFunctionOn',
      {
        objectId: el.objectId,
        functionDeclaration,
        arguments: args.map((value) => ({ value })),
        returnByValue: true,
        awaitPromise: true,
      },
      el.sessionId,
    );
  const { result, exceptionDetails } = await call().catch(async (e: unknown) => {
    // a kept object whose document or frame is gone (the call did not run): once more on a fresh one
    if (!el.kept || !(e instanceof StewardError) || e.code !== 'CONTEXT_LOST') throw e;
    objectsOf(el.page).delete(`${el.sessionId} ${el.backendNodeId}`);
    el.kept = false;
    // (a node that went with its document: the page navigated away while the call ran — that loss is the error)
    el.objectId = await freshObject(el).catch((fresh: unknown) => {
      throw fresh instanceof StewardError && fresh.code === 'STALE_UID' ? e : fresh;
    });
    return call();
  });
  if (exceptionDetails) {
    throw new StewardError('INTERNAL', `In-page helper failed: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
  }
  return result.value as T;
}

/** A short description of an element for messages: `button#save "Save"`. */
export const DESCRIBE_FN = `function describe(e) {
  if (!e) return 'nothing';
  const el = e.nodeType === 1 ? e : e.parentElement;
  if (!el) return 'nothing';
  let s = el.tagName.toLowerCase();
  if (el.id) s += '#' + el.id;
  const cls = typeof el.className === 'string' ? el.className.trim().split(/\\s+/).filter(Boolean).slice(0, 2) : [];
  if (cls.length) s += '.' + cls.join('.');
  const label = (el.getAttribute('aria-label') || el.innerText || el.value || '').toString().trim().replace(/\\s+/g, ' ').slice(0, 40);
  return label ? s + ' "' + label + '"' : s;
}`;

export async function describeElement(el: ResolvedElement): Promise<string> {
  return callOn<string>(el, `function() { ${DESCRIBE_FN}; return describe(this); }`).catch(() => el.uid);
}
