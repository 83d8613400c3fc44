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
  ended?: HoldEnd;
  stop: () => void;
}

/** Follows which frames of the pages are loading (requested, started → stopped), and whether any loaded or opened a window. */
export function followLoading(pages: Page[], loading: Set<string>, moved: Watch['moved']): () => void {
  const offs: Array<() => void> = [];
  const load = (f: string) => {
    loading.add(f);
    moved.loaded = true;
  };
  for (const page of pages) {
    const on = (event: string, fn: (frameId: string) => void) =>
      offs.push(page.cdp.on(event, (p) => fn(String((p as { frameId?: string }).frameId ?? ''))));
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
