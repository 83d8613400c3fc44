import { PageActivity } from '../../browser/settle/activity.ts';
import type { HoldEnd } from './effect.ts';
import { changed, type Watch } from './hold-watch.ts';

/**
 * When the gate's hold may end before its quiet window. The window exists for what the action set
 * in motion that acts after it returned; it ends early only on evidence read in the page — that
 * nothing was set in motion, or that every answer the action asked for was handled and set nothing
 * more in motion. Anything short of that (another origin's frame, a dialog, a busy page, a request
 * whose answer cannot be followed) waits out the window.
 */

/** Requests whose answer the page's in-page counter follows until the page's own handlers of it ran (fetch, XHR). */
const IN_PAGE = new Set(['Fetch', 'XHR']);
/**
 * Requests that bring the page no answer to act on: a beacon, a CORS preflight (its fetch is
 * followed), a report, and what the browser fetches for itself (a tab's icon: type 'Other',
 * initiated by neither the parser nor a script).
 */
const NO_ANSWER = new Set(['Ping', 'Preflight', 'CSPViolationReport', 'Browser']);

/** The kind of a request as the hold follows it: its resource type, or 'Browser' for what the browser fetches for itself. */
export function requestKind(type: string | undefined, initiator: string | undefined): string {
  return type === 'Other' && initiator === 'other' ? 'Browser' : (type ?? 'Other');
}

/**
 * How long the network must be quiet before the hold ends — timed from the end of the action and
 * from the end of every request it set off (a click that awaits a token, then POSTs) — and the
 * most it waits. A request a page starts later than this after everything settled (a timer) is
 * not held: the bound is a trade between safety and the cost of every acting call.
 */
const QUIET_MS = 60;
/**
 * How long the hold waits for the page to answer whether anything is still in motion (one frame
 * and a task, normally). The hold stays on while the page answers: a busy page may answer after
 * the window would have ended, and the end is then still told by the evidence, not by how busy
 * the machine was.
 */
const CALM_MAX_MS = 250;
const MAX_SETTLE_MS = 2500;
/**
 * How the hold of a finished call ends (it stays on until then): at once when nothing was set in
 * motion, else when the page handled every answer the call brought, else when the network was
 * quiet for QUIET_MS, at most MAX_SETTLE_MS. `acted`: when the call's action returned, if its
 * settle ran to its end; `busy`: the hold is still deciding on a request.
 */
export async function holdEnd(w: Watch, start: number, acted: number | undefined, busy: () => boolean): Promise<HoldEnd> {
  return (await nothingInMotion(w, acted, busy, CALM_MAX_MS)) ? 'nothing-in-motion' : quiet(w, start, acted, busy);
}

/**
 * The page settles: no read in flight, no request announced but not yet seen here, nothing
 * started or finished for QUIET_MS, no navigation under way (bounded). It ends sooner on
 * evidence that the page handled every answer the call brought and set nothing more in motion
 * ('answered', see `answersHandled`), asked again after each change while the window runs; and
 * later while the page is being asked, or when its answer shows what the page's handlers set in
 * motion still under way (a timer, an answer, an animation): the hold stays on until it is done,
 * however slow the machine.
 */
async function quiet(w: Watch, start: number, acted: number | undefined, busy: () => boolean): Promise<HoldEnd> {
  let asking: Promise<'handled' | 'not yet' | 'no'> | undefined;
  let asked = -1;
  let underWay = false;
  while (Date.now() - start < MAX_SETTLE_MS) {
    const idle = Date.now() - w.lastActivity;
    const navigating = w.loading.size > 0;
    // the window does not end while the page is being asked (the answer tells whether it may) nor while the
    // page's answer said its handlers' work is under way
    if (idle >= QUIET_MS && !asking && !underWay && !w.inFlight.size && !w.announced.size && !busy() && !navigating) return 'quiet';
    if (!asking && asked !== w.changes) {
      asked = w.changes;
      asking = answersHandled(w, acted, busy, CALM_MAX_MS);
    }
    // to the end of the quiet window exactly, or to the next change (a poll while something else keeps the watch open)
    let timer: ReturnType<typeof setTimeout> | undefined;
    const sleep = new Promise<'slept'>((r) => {
      timer = setTimeout(() => r('slept'), idle < QUIET_MS ? QUIET_MS - idle : 20);
      w.wake = () => r('slept');
    });
    const woke = await Promise.race([sleep, asking ?? sleep]);
    clearTimeout(timer);
    w.wake = () => undefined;
    if (woke === 'handled') return 'answered';
    if (woke !== 'slept') {
      underWay = woke === 'not yet';
      if (underWay) asked = -1;
      asking = undefined;
    }
  }
  return 'bound';
}

/**
 * Nothing was set in motion: the call's settle ran to its end on the acting page, and since the
 * call began no request was announced or paused on any page, no frame loaded and no window
 * opened; and one animation frame (and the task after it) later the page — with every frame it
 * reaches — has nothing pending from the action: no timer, animation, frame callback, interval,
 * idle callback, work handed off its event loop or network answer, and no DOM change during that frame.
 */
async function nothingInMotion(w: Watch, acted: number | undefined, busy: () => boolean, maxMs: number): Promise<boolean> {
  const still = () =>
    !w.requests && !w.moved.loaded && !w.moved.opened && !w.inFlight.size && !w.announced.size && !w.loading.size && !busy();
  if (acted === undefined || !w.acting || !still()) return false;
  // strict: the frame that answers covers the moment of the ask (reads may begin then)
  const asking = PageActivity.of(w.acting).calm(maxMs, true);
  // asked (its call is on its way to the page): what is read in the page from now on is read after the
  // calm began, and shows the page as the hold finds it when the hold ends here
  const whileCalm = w.whileCalm;
  w.whileCalm = undefined;
  whileCalm?.();
  const { calm } = await asking;
  // a request the frame's callbacks made is announced before the page's answer arrives (one session, in order)
  return calm && still();
}

/** A request the page made during the call (announced or paused): remembered by id with where it came from. */
export function noteRequest(w: Watch, id: string | undefined, type: string, frame: string, page: string): void {
  changed(w);
  if (!id) {
    w.unfollowed = true; // nothing to match its end by
    return;
  }
  const known = w.asked.get(id);
  // paused before it was announced: the announcement knows who initiated it
  if (known) known.type = known.type === 'Other' && type === 'Browser' ? type : known.type;
  else w.asked.set(id, { type, frame, page, ended: false });
}

/**
 * A request ended. Its answer is followed when the page's counter follows it (fetch, XHR), when
 * there is none to act on, or when it ended while its frame was still loading: the frame's load
 * event — which the hold waits for — comes after the handlers of what the document loaded then
 * (a script, an image, a stylesheet). Anything else (an image that loads after the page did) may
 * be acted on unseen: the hold waits out its window.
 */
export function noteEnded(w: Watch, id: string): void {
  const r = w.asked.get(id);
  if (!r) return;
  changed(w);
  r.ended = true;
  if (!IN_PAGE.has(r.type) && !NO_ANSWER.has(r.type) && !w.loading.has(r.frame)) w.unfollowed = true;
}

/**
 * Whether the requests of the call leave the hold something to check in the page: every one
 * ended and was followed, all on the acting page, no frame is loading, no window opened, and
 * the page's probe counts from before the call acted (its settle ran to its end, or the call
 * loaded a new document in the main frame, whose probe counts from the document's start).
 */
function answersOver(w: Watch, acted: number | undefined, busy: boolean): boolean {
  const page = w.acting;
  if (!page || busy || w.unfollowed || w.moved.opened || w.loading.size || w.inFlight.size || w.announced.size || !w.asked.size)
    return false;
  let newDocument = false;
  for (const r of w.asked.values()) {
    if (!r.ended || r.page !== page.id) return false;
    if (r.type === 'Document' && r.frame === page.mainFrameId) newDocument = true;
  }
  return acted !== undefined || newDocument;
}

/**
 * After every answer the call brought was followed (`answersOver`): one animation frame and the
 * task after it later, the page — with every frame it reaches — has nothing pending from since
 * its mark (no timer, animation, frame callback, interval, idle callback, hand-off, and no fetch,
 * body read or XHR still open: their handlers ran), its DOM did not change during that frame, and
 * every fetch and XHR the browser saw the page make was made by a document the probe follows.
 * The request and load events are compared before and after: anything new keeps the hold on.
 */
async function answersHandled(
  w: Watch,
  acted: number | undefined,
  busy: () => boolean,
  maxMs: number,
): Promise<'handled' | 'not yet' | 'no'> {
  const page = w.acting;
  if (!page || !answersOver(w, acted, busy())) return 'no';
  const before = w.changes;
  const r = await PageActivity.of(page).calm(maxMs);
  if (w.changes !== before || !answersOver(w, acted, busy())) return 'no';
  // what the page's handlers of the answers started is still under way (the browser ended a request
  // a moment before the page had its answer, a timer, an animation): worth asking again until it is done
  if (!r.calm) return r.why === 'answers' || r.why === 'timers' || r.why === 'animations' ? 'not yet' : 'no';
  let seen = 0;
  for (const q of w.asked.values()) if (IN_PAGE.has(q.type)) seen++;
  return (r.sent ?? 0) >= seen ? 'handled' : 'no';
}
