/**
 * The waits on the settle probe (`settle-probe.ts`), installed after it under the same key: the
 * settle's quiet wait and the gate's calm.
 *
 * The calm asks whether what the action set in motion has ended: after one animation frame and
 * the task after it, nothing from since the mark is pending in the document or a frame it
 * reaches, and the DOM did not change during that frame. Such a frame is often seen before the
 * gate asks — the settle's last quiet frame, one begun as soon as the action's first reading
 * showed nothing pending (`calmAhead`), or one begun when a new document loaded. It is kept for the mark it belongs to, and the gate's
 * calm takes it when it held and nothing changed or started since (the same documents, not one
 * mutation more, nothing pending): the page has then been calm from that frame until now, which
 * is what a new frame would show, without waiting for one.
 *
 * Serialised with `Function.prototype.toString` and run in the page: it must not refer to
 * anything outside its own body.
 */

import type { ProbeApi, ProbeCalm, ProbeCore } from './probe-state.ts';

export function installSettleWaits(key: string): void {
  const api = Reflect.get(window, key) as ProbeApi | undefined;
  if (!api || typeof api.calmAhead === 'function') return;
  /** A calm frame seen since mark `mark`: the documents it covered and their mutation counts at its end. */
  type Seen = { mark: number; docs: ProbeCore[]; counts: number[] };
  type Verdict = { calm: ProbeCalm; seen?: Seen };
  /** The calm begun before the gate asks, for the mark it was begun for; `ended` once its frame and task passed. */
  let kept: { mark: number; verdict: Promise<Verdict>; ended?: Verdict } | undefined;

  const pendingIn = (d: ProbeCore): string | undefined => {
    const s = d.state();
    if (s.timers > 0) return 'timers';
    if (s.animations > 0) return 'animations';
    if (s.loose > 0) return 'loose';
    if (s.answers > 0) return 'answers';
    return undefined;
  };
  const sentIn = (docs: ProbeCore[]) => docs.reduce((n, d) => n + d.state().sent, 0);

  /**
   * After a frame that began with `docs` at mutation counts `before`: the task after it (the
   * frame's own work runs before it), then whether all is calm in the same documents.
   */
  const verdict = async (mark: number, docs: ProbeCore[], before: number[]): Promise<Verdict> => {
    await api.task();
    const after = api.docs(true);
    if (!after || after.length !== docs.length) return { calm: { calm: false, why: 'frames' } };
    for (const [i, d] of docs.entries()) {
      const why = pendingIn(d);
      if (why) return { calm: { calm: false, why } };
      if (d.mutations() !== before[i]) return { calm: { calm: false, why: 'dom' } };
    }
    return { calm: { calm: true, sent: sentIn(docs) }, seen: { mark, docs, counts: docs.map((d) => d.mutations()) } };
  };

  /** One animation frame (a visible page's, however late) and the task after it, from now. */
  const calmFromNow = async (): Promise<Verdict> => {
    const mark = api.marks();
    const docs = api.docs(true);
    if (!docs) return { calm: { calm: false, why: 'frames' } };
    const before = docs.map((d) => d.mutations());
    // what the action queued for the next frame (its callbacks, the animation events queued in the last
    // frame) runs before this one's callback, and the frame's own work before the task after it
    await api.frame(true);
    return verdict(mark, docs, before);
  };

  const keep = (mark: number, verdict: Promise<Verdict>) => {
    const k: NonNullable<typeof kept> = { mark, verdict };
    kept = k;
    void verdict.then((v) => {
      k.ended = v;
    });
  };

  /** A kept calm still holds: the same documents, not one mutation more, nothing pending. */
  const stillCalm = (seen: Seen): ProbeCalm | undefined => {
    const now = api.docs(true);
    if (!now || now.length !== seen.docs.length || now.some((d, i) => d !== seen.docs[i])) return undefined;
    for (const [i, d] of now.entries()) if (pendingIn(d) || d.mutations() !== seen.counts[i]) return undefined;
    return { calm: true, sent: sentIn(now) };
  };

  api.calmAhead = () => keep(api.marks(), calmFromNow());

  /**
   * A kept calm that ended before the gate asked is taken while it still holds, else a frame from
   * now is waited for. One still under way when the gate asked is waited for: calm, it answers
   * for the page from its beginning, before the ask, to its end. `strict` (what is read in the
   * page from the ask on is to show the page as the calm leaves it): when it saw the page move,
   * the answer is not calm — a frame from now would begin after those reads; otherwise a frame
   * from now is waited for, as for any calm asked after the page moved.
   */
  api.calm = async (strict = false) => {
    const k = kept && kept.mark === api.marks() ? kept : undefined;
    if (k?.ended) {
      const held = k.ended.seen && stillCalm(k.ended.seen);
      if (held) return held;
    } else if (k) {
      const v = await k.verdict;
      const held = v.seen && stillCalm(v.seen);
      if (held) return held;
      if (strict) return v.calm.calm ? { calm: false, why: 'dom' } : v.calm;
    }
    return (await calmFromNow()).calm;
  };

  // the action's first reading after its task: nothing pending, so the calm's frame can begin now
  const afterTask = api.stateAfterTask;
  api.stateAfterTask = async () => {
    const s = await afterTask();
    if (s.timers === 0 && s.animations === 0) api.calmAhead();
    return s;
  };

  // a document that loads: its calm's frame begins once its load handlers ran (the gate asks after a navigation)
  if (document.readyState !== 'complete')
    window.addEventListener('load', () => void api.task().then(() => api.calmAhead()), { once: true });

  api.quiet = async (maxMs: number) => {
    const started = performance.now();
    const changes = () => (api.docs(false) ?? [api]).reduce((n, d) => n + d.mutations(), 0);
    for (;;) {
      const mark = api.marks();
      const all = api.docs(true);
      const counts = all?.map((d) => d.mutations());
      const before = changes();
      const framed = (await api.frame(false)) || document.visibilityState !== 'visible';
      const s = api.withFrames();
      const waitedMs = Math.round(performance.now() - started);
      if (s.timers === 0 && s.animations === 0 && changes() === before) {
        // this frame is the calm's frame too, when it saw every document the calm reads
        if (framed && all && counts) keep(mark, verdict(mark, all, counts));
        return { ...s, quiet: true, waitedMs };
      }
      if (waitedMs >= maxMs) return { ...s, quiet: false, waitedMs };
    }
  };
}
