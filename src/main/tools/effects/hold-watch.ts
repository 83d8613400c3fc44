import type { Page } from '../../browser/page.ts';
import type { ActingCall, HoldEnd, OutgoingRequest } from './effect.ts';

/** One acting call as the network hold watches it. */
export interface Watch {
  call: ActingCall;
  mode: 'hold' | 'pass';
  /** Pass mode: the requests the person approved (others are held); undefined when the approval did not record them. */
  approved: OutgoingRequest[] | undefined;
  /** Pass mode without a record: pages open before the call other than the one it acts on (their requests are held). */
  otherPages: Set<string>;
  seen: OutgoingRequest[];
  /** When a request last started or finished (the quiet window is timed from the later of this and the end of the action). */
  lastActivity: number;
  /** When the watch began, and the page the call acts on (whose settle may have watched the page since the action). */
  began: number;
  acting: Page | undefined;
  /** Reads let through since the call began that have not finished (by request id): the page may act on their answer. */
  inFlight: Set<string>;
  /**
   * Requests the page announced (Network.requestWillBeSent) that have not reached the hold yet nor
   * ended, by request id alone: a frame's navigation may be announced in one session and end in another.
   */
  announced: Set<string>;
  /** The call types into a field that offers suggestions (its small same-origin POSTs may be reads). */
  suggestField: boolean;
  /** Frames (main or child, any page) loading since the call began: a form submitted by script returns before its request. */
  loading: Set<string>;
  /** Requests announced or paused since the call began, a frame that started loading, a window the page opened. */
  requests: number;
  moved: { loaded: boolean; opened: boolean };
  /** Every request since the call began, by request id: what it is, where from, whether it ended (see `answered.ts`). */
  asked: Map<string, AskedRequest>;
  /** A request ended whose answer the page may act on unseen (see `answered.ts`): the hold waits out its window. */
  unfollowed: boolean;
  /** Bumped by every request and load event the watch sees (`changed`): evidence read before and after a wait is compared by it. */
  changes: number;
  /** Called on every change: the hold's wait looks at the evidence again. */
  wake: () => void;
  ended?: HoldEnd;
  /** Called once as the hold asks the page whether the action set nothing in motion (see `EffectWatch.finish`). */
  whileCalm?: () => void;
  stop: () => void;
}

/** A watch of one call over the pages open now; `acting` is the page the call acts on. */
export function newWatch(
  call: ActingCall,
  mode: 'hold' | 'pass',
  approved: OutgoingRequest[] | undefined,
  pages: Page[],
  acting: Page | undefined,
): Watch {
  const loading = new Set<string>();
  const moved = { loaded: false, opened: false };
  const w: Watch = {
    call,
    mode,
    approved: approved?.length ? approved : undefined,
    otherPages: new Set(pages.map((p) => p.id).filter((id) => id !== acting?.id)),
    seen: [],
    lastActivity: Date.now(),
    began: Date.now(),
    acting,
    inFlight: new Set(),
    announced: new Set(),
    // read while the hold is set up (before the call acts, as every request it sets off comes later)
    suggestField: false,
    loading,
    requests: 0,
    moved,
    asked: new Map(),
    unfollowed: false,
    changes: 0,
    wake: () => undefined,
    stop: followLoading(pages, loading, moved, () => changed(w)),
  };
  return w;
}

/** Something happened on the watched pages (a request, its end, a frame loading). */
export function changed(w: Watch): void {
  w.changes++;
  w.wake();
}

/** One request the page made during an acting call. */
export interface AskedRequest {
  /** The CDP resource type ('Fetch', 'XHR', 'Document', 'Image', …). */
  type: string;
  frame: string;
  /** The page whose session reported it. */
  page: string;
  ended: boolean;
}

/** Follows which frames of the pages are loading (requested, started → stopped), and whether any loaded or opened a window. */
export function followLoading(pages: Page[], loading: Set<string>, moved: Watch['moved'], changed: () => void): () => void {
  const offs: Array<() => void> = [];
  const load = (f: string) => {
    loading.add(f);
    moved.loaded = true;
  };
  for (const page of pages) {
    const on = (event: string, fn: (frameId: string) => void) =>
      offs.push(
        page.cdp.on(event, (p) => {
          changed();
          fn(String((p as { frameId?: string }).frameId ?? ''));
        }),
      );
    on('Page.frameRequestedNavigation', load);
    on('Page.frameStartedLoading', load);
    on('Page.windowOpen', () => {
      moved.opened = true;
    });
    on('Page.frameStoppedLoading', (f) => loading.delete(f));
    on('Page.frameDetached', (f) => loading.delete(f));
  }
  return () => {
    for (const off of offs) off();
  };
}
