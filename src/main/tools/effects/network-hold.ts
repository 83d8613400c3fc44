import type { Protocol } from 'devtools-protocol';
import { StewardError } from '../../../shared/errors.ts';
import type { BrowserDriver } from '../../browser/driver.ts';
import type { Page, PageHandle } from '../../browser/page.ts';
import { PageActivity } from '../../browser/settle/activity.ts';
import { bodyFields, maskFields, postThatReads, READ_METHODS, sameRequest } from './classify.ts';
import type { ActingCall, EffectWatch, OutgoingRequest } from './effect.ts';
import { holdEnd, noteEnded, noteRequest, requestKind } from './hold-end.ts';
import { newWatch, type Watch } from './hold-watch.ts';
import { typesIntoSuggestionField } from './probe.ts';

/** How long the hold put on ahead of a watch (while the call is judged) waits for it. */
const PREPARED_MS = 250;
/**
 * The requests the hold pauses: every kind the browser's request interception tells apart but
 * those a page can only fetch (a script, a style sheet, an image, a font, media are always read
 * with GET, which the hold lets through at once — pausing them only slowed every page load).
 * Those are still seen as the page makes them (Network.requestWillBeSent) and followed to their
 * end. (Fetch.enable refuses a filter naming a kind it does not tell apart, e.g. 'WebSocket' or
 * 'Preflight': those reach it as 'Other'.)
 */
const HELD_PATTERNS = (['Document', 'XHR', 'Fetch', 'Ping', 'EventSource', 'CSPViolationReport', 'Other'] as const).map((resourceType) => ({
  urlPattern: '*',
  resourceType,
  requestStage: 'Request' as const,
}));
/** Requests that never "finish" in the sense of a page settling. */
const LONG_LIVED = new Set(['WebSocket', 'EventSource', 'Media', 'Manifest', 'Prefetch']);

function header(headers: Protocol.Network.Headers, name: string): string {
  const k = Object.keys(headers).find((h) => h.toLowerCase() === name);
  return k ? String(headers[k]) : '';
}

function postData(r: Protocol.Network.Request): string | undefined {
  if (r.postData !== undefined) return r.postData;
  if (!r.postDataEntries?.length) return undefined;
  return r.postDataEntries.map((e) => (e.bytes ? Buffer.from(e.bytes, 'base64').toString('utf8') : '')).join('');
}

/**
 * The network side of the gate by effect, one per driver. While an acting call is watched,
 * CDP `Fetch` is enabled on every page of the driver and on every frame session (out-of-process
 * iframes included, and frames or pages that open during the call): every request pauses in
 * the browser; reads (GET/HEAD/OPTIONS, and POSTs that only read, see `postThatReads`) continue
 * at once. A request that can change server state is failed before it leaves the browser
 * ('hold': the call was not approved) or continued and recorded ('pass': it was).
 */
export class NetworkHold {
  readonly #driver: BrowserDriver;
  readonly #watches = new Set<Watch>();
  readonly #enabled = new Map<string, { page: Page; sessionId: string; ready: Promise<void> }>();
  /** Each page's attach while the hold is on (by page id): every watch waits for all of them, never acts before one. */
  readonly #attached = new Map<string, Promise<void>>();
  /** Set while the hold is on ahead of a watch (`prepare`); it comes off when no watch follows. */
  #prepared: ReturnType<typeof setTimeout> | undefined;
  readonly #offs: Array<() => void> = [];
  readonly #pending = new Set<Promise<unknown>>();

  constructor(driver: BrowserDriver) {
    this.#driver = driver;
    // pages opened while a call is watched (a form with target=_blank) are held before their first request
    driver
      .addPageInitializer((p) =>
        this.#watches.size ? this.#attachPage(p as Page).catch(() => this.#unwatched((p as Page).url())) : undefined,
      )
      .catch(() => undefined);
  }

  /**
   * Puts the hold on ahead of a call's watch — while the call is judged — so that the watch finds
   * every page held already; it comes off again when no watch starts within PREPARED_MS. A page
   * that could not be held is met again by the watch, which then refuses the call.
   */
  prepare(): void {
    if (this.#watches.size || this.#prepared) return;
    this.#attachAll().catch(() => undefined);
    this.#prepared = setTimeout(() => {
      this.#prepared = undefined;
      if (!this.#watches.size) void this.#detachAll();
    }, PREPARED_MS);
    this.#prepared.unref?.();
  }

  async watch(call: ActingCall, mode: 'hold' | 'pass', approved?: OutgoingRequest[]): Promise<EffectWatch> {
    const pages = this.#driver.pages().filter((p) => !(p as Page).gone) as Page[];
    let actingPage: Page | undefined;
    try {
      actingPage = this.#driver.page(typeof call.input.pageId === 'string' ? call.input.pageId : undefined) as Page;
    } catch {
      actingPage = undefined;
    }
    const w = newWatch(call, mode, approved, pages, actingPage);
    this.#watches.add(w);
    clearTimeout(this.#prepared);
    this.#prepared = undefined;
    const suggests = typesIntoSuggestionField(this.#driver, call).then((yes) => {
      w.suggestField = yes;
    });
    try {
      await Promise.all([this.#attachAll(), suggests]);
    } catch (e) {
      // without the hold nothing stops a state change: the call does not run
      w.stop();
      this.#watches.delete(w);
      if (!this.#watches.size) await this.#detachAll();
      throw new StewardError(
        'PROTOCOL_ERROR',
        `The gate could not hold the page's requests (${String(e).slice(0, 200)}); the action was not run.`,
        {
          details: { tool: call.tool },
          suggestions: ['Reload the page or open it again, then run the step again.'],
        },
      );
    }
    return {
      finish: (opts) => {
        w.whileCalm = opts?.whileCalm;
        return this.#finish(w);
      },
      get ended() {
        return w.ended;
      },
    };
  }

  async #finish(w: Watch): Promise<OutgoingRequest[]> {
    const start = Date.now();
    // The window is timed from the end of the action. When the call's own settle ran to its end on
    // the acting page, the action ended when its input returned, and the settle's wait counts as
    // part of the window (it overlaps, the hold was on throughout); otherwise from now.
    const acted = w.acting ? PageActivity.of(w.acting).actedSince(w.began) : undefined;
    w.lastActivity = Math.max(w.lastActivity, acted ?? start);
    w.ended = await holdEnd(w, start, acted, () => this.#pending.size > 0);
    w.stop();
    await Promise.all([...this.#pending]);
    this.#watches.delete(w);
    // the call is over: the hold comes off without waiting for the browser to confirm it (a next
    // watch's enable follows this disable in each session)
    if (!this.#watches.size) void this.#detachAll();
    return w.seen;
  }

  #attachPage(page: Page): Promise<void> {
    let attached = this.#attached.get(page.id);
    if (!attached) {
      attached = this.#attach(page);
      this.#attached.set(page.id, attached);
    }
    return attached;
  }

  #attachAll(): Promise<void> {
    return Promise.all(this.#driver.pages().map((p) => this.#attachPage(p as Page))).then(() => undefined);
  }

  async #attach(page: Page): Promise<void> {
    if (page.gone) return;
    this.#offs.push(
      page.cdp.on('Fetch.requestPaused', (p, sid) => this.#track(this.#paused(page, p as Protocol.Fetch.RequestPausedEvent, sid ?? ''))),
      page.cdp.on('Target.attachedToTarget', (p) => {
        const info = p as Protocol.Target.AttachedToTargetEvent;
        if (info.targetInfo.type === 'iframe')
          this.#track(this.#enable(page, info.sessionId).catch(() => this.#unwatched(info.targetInfo.url)));
      }),
      // a request the page's script made is announced in the renderer as it is made, before the hold sees it
      page.cdp.on('Network.requestWillBeSent', (p) => {
        const e = p as Protocol.Network.RequestWillBeSentEvent;
        this.#announce(e.requestId);
        for (const w of this.#watches) noteRequest(w, e.requestId, requestKind(e.type, e.initiator.type), e.frameId ?? '', page.id);
      }),
      page.cdp.on('Network.loadingFinished', (p) => this.#ended((p as { requestId: string }).requestId)),
      page.cdp.on('Network.loadingFailed', (p) => this.#ended((p as { requestId: string }).requestId)),
    );
    // the page's own session must be held (or the call is refused); a child frame that cannot be is an unknown request (it asks)
    await Promise.all(
      page.frames.sessions().map((sid) =>
        this.#enable(page, sid).catch((e: unknown) => {
          if (!sid) throw e;
          this.#unwatched((page as PageHandle).url());
        }),
      ),
    );
  }

  async #enable(page: Page, sessionId: string): Promise<void> {
    const key = `${page.id}:${sessionId}`;
    const known = this.#enabled.get(key);
    // a second caller waits for the same Fetch.enable instead of acting before it took effect
    if (known) return known.ready;
    // the end of each read is seen through Network events; both sent at once (one round trip)
    const ready = Promise.all([
      page.send('Network.enable', {}, sessionId || undefined).catch(() => undefined),
      page.send('Fetch.enable', { patterns: HELD_PATTERNS }, sessionId || undefined),
    ]).then(() => undefined);
    this.#enabled.set(key, { page, sessionId, ready });
    try {
      await ready;
    } catch (e) {
      this.#enabled.delete(key);
      throw e;
    }
  }

  /** A frame or page opened during the call could not be held: the call counts as having sent something unknown (it asks). */
  #unwatched(url: string): void {
    for (const w of this.#watches) w.seen.push({ method: 'UNKNOWN', url, type: 'Other', fields: {} });
  }

  async #detachAll(): Promise<void> {
    for (const off of this.#offs.splice(0)) off();
    this.#attached.clear();
    const all = [...this.#enabled.values()];
    this.#enabled.clear();
    await Promise.all(
      all.map(({ page, sessionId }) => page.send('Fetch.disable', undefined, sessionId || undefined).catch(() => undefined)),
    );
  }

  /** A request ended (in whichever session reports it): it no longer keeps a watch open, and the quiet window starts again. */
  #ended(requestId: string): void {
    for (const w of this.#watches) {
      noteEnded(w, requestId);
      w.announced.delete(requestId);
      if (w.inFlight.delete(requestId)) w.lastActivity = Date.now();
    }
  }

  /** The page made a request: the watch stays open until the hold has it (paused) or it ended. */
  #announce(requestId: string): void {
    for (const w of this.#watches) {
      w.requests++;
      w.announced.add(requestId);
      w.lastActivity = Date.now();
    }
  }

  #track(p: Promise<unknown>): void {
    const done = p.catch(() => undefined).finally(() => this.#pending.delete(done));
    this.#pending.add(done);
  }

  async #paused(page: Page, p: Protocol.Fetch.RequestPausedEvent, sessionId: string): Promise<void> {
    const sid = sessionId || undefined;
    const go = () => page.send('Fetch.continueRequest', { requestId: p.requestId }, sid).catch(() => undefined);
    const method = p.request.method.toUpperCase();
    const watches = [...this.#watches];
    if (!watches.length) return go();
    for (const w of watches) {
      w.requests++;
      w.lastActivity = Date.now();
      if (p.networkId) w.announced.delete(p.networkId);
      noteRequest(w, p.networkId, p.resourceType, p.frameId, page.id);
    }
    if (READ_METHODS.has(method)) {
      if (p.networkId && !LONG_LIVED.has(p.resourceType)) for (const w of watches) w.inFlight.add(p.networkId);
      return go();
    }
    const rawFields = bodyFields(postData(p.request), header(p.request.headers, 'content-type'));
    const req: OutgoingRequest = { method, url: p.request.url, type: p.resourceType, fields: maskFields(rawFields) };
    const holding = watches.filter((w) => w.mode === 'hold');
    if (holding.length && holding.every((w) => postThatReads({ ...req, rawFields }, w.call, (page as PageHandle).url(), w.suggestField)))
      return go();
    // an approved call passes only what was approved (or, without a record, what its own page sends)
    const covered = (w: Watch) =>
      w.mode === 'pass' && (w.approved ? w.approved.some((a) => sameRequest(a, req)) : !w.otherPages.has(page.id));
    const passing = watches.filter((w) => w.mode === 'pass');
    const blocked = holding.length > 0 || !passing.some(covered);
    for (const w of watches) w.seen.push(blocked && w.mode === 'pass' ? { ...req, held: true } : req);
    if (!blocked) return go();
    // nothing of it reaches the server; a navigation is aborted (no error page), a script call fails
    await page
      .send(
        'Fetch.failRequest',
        { requestId: p.requestId, errorReason: p.resourceType === 'Document' ? 'Aborted' : 'BlockedByClient' },
        sid,
      )
      .catch(() => undefined);
  }
}

const holds = new WeakMap<BrowserDriver, NetworkHold>();

/** The one network hold of a driver. */
export function networkHold(driver: BrowserDriver): NetworkHold {
  let h = holds.get(driver);
  if (!h) {
    h = new NetworkHold(driver);
    holds.set(driver, h);
  }
  return h;
}
