/** What the in-page settle probe (`settle-probe.ts`) reports about what an action set in motion. */

/** What the probe saw since the last mark. */
export interface ProbeState {
  /** DOM mutation records since the mark. */
  mutations: number;
  /** Timers created since the mark that have neither fired nor been cleared. */
  timers: number;
  /** Animations and transitions started since the mark that are still running. */
  animations: number;
  /**
   * Work scheduled since the mark that the settle does not wait for but that can still act:
   * animation frames not yet run, intervals still running, idle callbacks not yet run, timers
   * given as code strings, and work handed off the page's own event loop (messages to workers,
   * ports or windows, IndexedDB, Web Crypto, locks, caches, new windows, a body read as a stream).
   */
  loose: number;
  /** Network answers the page waits for (fetch, a fetched body being read, XHR) asked for since the mark (see `installAnswerCounter`). */
  answers: number;
  /** fetch and XHR calls made since the mark. */
  sent: number;
}

/** Why the in-page wait ended. */
export interface ProbeQuiet extends ProbeState {
  quiet: boolean;
  waitedMs: number;
}

/** After one animation frame and the task after it: what is still in motion, in this document and the frames it can reach. */
export interface ProbeCalm {
  calm: boolean;
  /** Why not: 'timers', 'animations', 'loose', 'answers', 'dom' (the page changed during the frame), 'frames' (a frame it cannot read). */
  why?: string;
  /** When calm: the fetch and XHR calls made since the mark in this document and the frames it reaches. */
  sent?: number;
}

/** The probe the page keeps on `window` under its key, as `installSettleProbe` makes it. */
export interface ProbeCore {
  mark(): void;
  state(): ProbeState;
  /** The state summed over this document and the same-origin frames it reaches (each counted from its own mark). */
  withFrames(): ProbeState;
  /** The state (with frames) once the current task's microtasks and the next task ran (what an event's handlers queued is then in). */
  stateAfterTask(): Promise<ProbeState>;
  /** DOM mutation records so far (including those not yet delivered to the observer). */
  mutations(): number;
  /**
   * The next animation frame; `real`: a visible page's frame however late it comes (else a short
   * timer stands in after 50 ms, as it does in a hidden page). True when an animation frame ran.
   */
  frame(real: boolean): Promise<boolean>;
  /** The next task (a timer the probe does not count). */
  task(): Promise<void>;
  /** This document's probe and those of the frames it reaches; `all`: null when one of them cannot be read. */
  docs(all: boolean): ProbeCore[] | null;
  /** How many times the probe was marked: what it kept since a mark belongs to that mark. */
  marks(): number;
}

/** The probe with its waits (`installSettleWaits`). */
export interface ProbeApi extends ProbeCore {
  quiet(maxMs: number): Promise<ProbeQuiet>;
  /**
   * After one animation frame and the task after it (or a calm seen since the mark, still true):
   * what is still in motion; `strict`: the frame covers the moment of the ask (see `installSettleWaits`).
   */
  calm(strict?: boolean): Promise<ProbeCalm>;
  /** Begins the calm's frame now, for the hold's calm to take when it asks (see `installSettleWaits`). */
  calmAhead(): void;
}
