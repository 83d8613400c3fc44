/**
 * The calls Node makes to the settle probe in the page (`settle-probe.ts`), by its key. Each is
 * serialised with `Function.prototype.toString` and run in the page's main world.
 */

import type { ProbeApi, ProbeCalm, ProbeQuiet, ProbeState } from './probe-state.ts';

/** Marks "now" as the start of an action: later counts are relative to it. */
export function markSettleProbe(key: string): boolean {
  const api = Reflect.get(window, key) as ProbeApi | undefined;
  api?.mark();
  return Boolean(api);
}

/**
 * What the action set in motion so far, or null when the probe is missing. With nothing pending,
 * the calm's frame begins now (see `calmAhead`).
 */
export function readSettleProbe(key: string): ProbeState | null {
  const api = Reflect.get(window, key) as ProbeApi | undefined;
  if (!api) return null;
  const s = api.withFrames();
  if (s.timers === 0 && s.animations === 0) api.calmAhead?.();
  return s;
}

/**
 * What the action set in motion once the work its handlers queued has run (microtasks and the
 * task after), or null when the probe is missing. With nothing pending, the calm's frame begins
 * then (see `installSettleWaits`).
 */
export function readSettleProbeAfterTask(key: string): Promise<ProbeState | null> {
  const api = Reflect.get(window, key) as ProbeApi | undefined;
  return api ? api.stateAfterTask() : Promise.resolve(null);
}

/** Waits in the page until timers and animations started since the mark are done and one frame passes without mutations. */
export function waitSettleProbe(key: string, maxMs: number): Promise<ProbeQuiet | null> {
  const api = Reflect.get(window, key) as ProbeApi | undefined;
  return api ? api.quiet(maxMs) : Promise.resolve(null);
}

/**
 * Whether what the action set in motion has ended: after one animation frame and the task after
 * it, no timer, animation, frame callback, interval, idle callback, hand-off or network answer
 * from since the mark is pending in this document or a frame it reaches, and the DOM did not
 * change during that frame.
 */
export function calmSettleProbe(key: string, strict: boolean): Promise<ProbeCalm> {
  const api = Reflect.get(window, key) as ProbeApi | undefined;
  return api ? api.calm(strict) : Promise.resolve({ calm: false, why: 'probe' });
}
