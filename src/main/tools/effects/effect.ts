import type { ApprovalKind } from '../../../shared/plan.ts';

/**
 * What an action would do to a server, judged from the live page (before acting) or from the
 * requests it sent (while acting). Labels play no part: a submit button that says "Continue"
 * is a form submission, whatever it says.
 */
export interface Effect {
  kind: ApprovalKind;
  /** 'page': the live DOM says the action submits; 'network': a state-changing request was held. */
  source: 'page' | 'network';
  /** In the person's terms: what would be sent, and why it needs them. */
  reason: string;
  requests: OutgoingRequest[];
}

/** One request the action sends (or would send), as the person is shown it: sensitive values masked. */
export interface OutgoingRequest {
  method: string;
  url: string;
  /** 'Document' (a navigation), 'Fetch', 'XHR', 'Ping' (sendBeacon, <a ping>), … */
  type: string;
  /** Form or JSON fields, values masked by the one redact function. */
  fields: Record<string, string>;
  /** An approved call sent it although its approval did not cover it: it was failed, not sent. */
  held?: boolean;
}

/** What an acting call is, for the judge: the tool, its input, and a key it presses (if any). */
export interface ActingCall {
  tool: string;
  input: Record<string, unknown>;
}

/**
 * How a hold ended: 'nothing-in-motion' (the evidence said the action set nothing in motion, so
 * the quiet window was not waited out), 'answered' (the action's requests all ended, and the
 * evidence said the page handled their answers and set nothing more in motion), 'quiet' (the
 * window passed with nothing new), 'bound' (its upper bound was reached with something still under way).
 */
export type HoldEnd = 'nothing-in-motion' | 'answered' | 'quiet' | 'bound';

/** Watching one acting call at the network. */
export interface EffectWatch {
  /**
   * Waits until the page is quiet after the call, stops holding, and returns what was held (hold)
   * or let through (pass). `whileCalm` is called once if the hold asks the page whether the action
   * set nothing in motion: reads begun then show the page as the hold leaves it when it ends
   * 'nothing-in-motion' (the page did not change from the calm's frame until then).
   */
  finish(opts?: { whileCalm?: () => void }): Promise<OutgoingRequest[]>;
  /** How the hold ended, once `finish` returned. */
  readonly ended?: HoldEnd;
}

/**
 * The gate by effect for one kind of tool (the browser's): judge before acting, hold while acting.
 * 'hold' fails every state-changing request of an unapproved call before it leaves the browser;
 * 'pass' (the call is approved) lets them continue and records them.
 */
export interface EffectGuard {
  judge(call: ActingCall): Promise<Effect | undefined>;
  /** `approved`: the requests the person approved (pass mode); anything else is held. */
  watch(call: ActingCall, mode: 'hold' | 'pass', approved?: OutgoingRequest[]): Promise<EffectWatch>;
  /** The current page's title, to classify what a request does. */
  pageText(): string;
}
