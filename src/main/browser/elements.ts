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
}

/** Finds the node behind a uid; STALE_UID when its document changed or the node left the page. */
export async function resolveElement(page: Page, uid: string): Promise<ResolvedElement> {
  const el = await resolveNode(page, uid);
  const connected = await callOn<boolean>(el, 'function() { return this.isConnected; }');
  if (!connected) throw removedFromPage(uid);
  return el;
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
  const resolved = await page.send('DOM.resolveNode', { backendNodeId }, entry.sessionId).catch((e) => {
    if (e instanceof StewardError && e.code !== 'PROTOCOL_ERROR' && e.code !== 'CONTEXT_LOST') throw e;
    return undefined;
  });
  const objectId = resolved?.object.objectId;
  if (!objectId) throw staleUid(uid, 'the element is no longer in the page');
  return { page, uid, sessionId: entry.sessionId, frameId: entry.frameId, backendNodeId, objectId };
}

export const removedFromPage = (uid: string) => staleUid(uid, 'the element was removed from the page');

/** Calls a function with `this` = the element, in the element's frame; returns its JSON value. */
export async function callOn<T>(el: ResolvedElement, functionDeclaration: string, args: unknown[] = []): Promise<T> {
  const { result, exceptionDetails } = await el.page.send(
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
