import { StewardError } from '../../shared/errors.ts';

/**
 * Where a snapshot node lives: which session and frame, which document (loader) and which DOM
 * node — by backend node id, or by its number from an in-page snapshot (`pageRef`) until the
 * backend id is first needed (snapshot/in-page.ts resolves it, and it is kept here).
 */
export interface NodeRef {
  sessionId: string;
  frameId: string;
  loaderId: string;
  backendNodeId?: number;
  pageRef?: number;
}

export interface UidEntry extends NodeRef {
  uid: string;
}

/**
 * How a uid is spelt: the page id, "_", and the node's number in base 36 ("1_2f"). A snapshot
 * line leads with it bare, so a parser finds it with this pattern (a role never starts with a digit).
 */
export const UID_PATTERN = '\\d+_[0-9a-z]+';

/**
 * Short element ids ("<pageId>_<n>", n in base 36) handed out by snapshots. A node keeps its uid across
 * snapshots while it is the same DOM node in the same document (frame + loader + backend
 * node id); a new document or a removed node makes its uid stale, never someone else's.
 */
export class UidRegistry {
  readonly pageId: string;
  #next = 1;
  readonly #byKey = new Map<string, UidEntry>();
  readonly #byUid = new Map<string, UidEntry>();

  constructor(pageId: string) {
    this.pageId = pageId;
  }

  static key(ref: NodeRef): string {
    return `${ref.frameId}:${ref.loaderId}:${ref.pageRef !== undefined ? `p${ref.pageRef}` : ref.backendNodeId}`;
  }

  uidFor(ref: NodeRef): string {
    const key = UidRegistry.key(ref);
    const known = this.#byKey.get(key);
    if (known) {
      known.sessionId = ref.sessionId;
      return known.uid;
    }
    const entry: UidEntry = { ...ref, uid: `${this.pageId}_${(this.#next++).toString(36)}` };
    this.#byKey.set(key, entry);
    this.#byUid.set(entry.uid, entry);
    return entry.uid;
  }

  /** The node a uid was given to, or STALE_UID / ELEMENT_NOT_FOUND. `currentLoader` says which document a frame shows now. */
  lookup(uid: string, currentLoader: (frameId: string) => string | undefined): UidEntry {
    const entry = this.#byUid.get(uid);
    if (!entry) {
      const owner = /^(\d+)_[0-9a-z]+$/.exec(uid)?.[1];
      if (owner && owner !== this.pageId) {
        throw new StewardError('ELEMENT_NOT_FOUND', `uid ${uid} belongs to page ${owner}, not page ${this.pageId}.`, {
          details: { uid, pageId: this.pageId },
          suggestions: [`Pass pageId "${owner}" or select that page first.`, 'Take a new snapshot and use a uid from it.'],
        });
      }
      throw new StewardError('ELEMENT_NOT_FOUND', `No element has uid ${uid} on page ${this.pageId}.`, {
        details: { uid, pageId: this.pageId },
        suggestions: ['Take a new snapshot and use a uid from it.'],
      });
    }
    const loader = currentLoader(entry.frameId);
    if (loader !== undefined && loader !== entry.loaderId) throw staleUid(uid, 'its page or frame has navigated since the snapshot');
    return entry;
  }
}

/** The key of a node's line in the page's last snapshot (`Page.lastSnapshot`): the tree's own node key. */
export function snapshotLineKey(ref: NodeRef): string {
  return `${ref.frameId}:${ref.loaderId}:${ref.pageRef !== undefined ? -ref.pageRef : ref.backendNodeId}`;
}

export function staleUid(uid: string, why: string): StewardError {
  return new StewardError('STALE_UID', `uid ${uid} is stale: ${why}. Take a new snapshot.`, {
    details: { uid },
    suggestions: ['Take a new snapshot (take_snapshot) and use a uid from it.'],
  });
}
