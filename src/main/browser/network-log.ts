import type { Protocol } from 'devtools-protocol';
import { StewardError } from '../../shared/errors.ts';
import { type Paging, paginate, textMatcher, Waiters } from './paged-log.ts';
import type { CdpEvent, CdpEventParams, CdpSession } from './port.ts';

export interface NetworkRequest {
  /** Short id, stable for the life of the page ("1", "2", …). A redirect hop gets its own id. */
  id: number;
  url: string;
  method: string;
  resourceType: string;
  status?: number;
  statusText?: string;
  mimeType?: string;
  /** Why it failed (net::ERR_…), when it did. */
  failure?: string;
  /** The status the browser redirected with, when this hop was redirected. */
  redirectedTo?: string;
  fromCache: boolean;
  state: 'pending' | 'finished' | 'failed';
  timing: {
    /** Wall-clock ms since the epoch when the request was issued. */
    startedAt: number;
    /** ms from start to response headers, to the last byte. */
    responseMs?: number;
    totalMs?: number;
  };
  encodedBytes?: number;
  /** CDP's request id and session, for getResponseBody. */
  requestId: string;
  sessionId?: string;
}

export interface NetworkRequestDetail extends NetworkRequest {
  requestHeaders: Record<string, string>;
  responseHeaders?: Record<string, string>;
  postData?: string;
  body?: { text: string; base64: boolean; truncated: boolean } | { unavailable: string };
}

export interface NetworkFilter {
  /** URL pattern: plain text (substring), a glob with *, or /regex/flags. */
  url?: string;
  method?: string;
  /** An exact status (404), a class ("4xx"), or a range ("400-499"). */
  status?: number | string;
  resourceTypes?: string[];
}

type Entry = NetworkRequest & {
  requestHeaders: Record<string, string>;
  responseHeaders?: Record<string, string>;
  postData?: string;
  monotonicStart: number;
};

const MAX_BODY_CHARS = 100_000;

/**
 * Every request of one page (and its out-of-process iframes) from the moment the page exists:
 * url, method, type, status, timing, headers; response bodies on request.
 */
export class NetworkLog {
  readonly #cdp: CdpSession;
  readonly #sessionId: string;
  readonly #limit: number;
  readonly #owns: (sessionId: string | undefined) => boolean;
  /** Called with each entry as it is complete (a host persists them). */
  readonly #onEntry: ((entry: NetworkRequest) => void) | undefined;
  readonly #entries: Entry[] = [];
  readonly #live = new Map<string, Entry>();
  /** Headers as sent/received on the wire (cookies included), which may arrive before the request itself. */
  readonly #early = new Map<string, { request?: Record<string, string>; response?: Record<string, string> }>();
  readonly #waiters = new Waiters<NetworkRequest>();
  readonly #offs: Array<() => void> = [];
  #nextId = 1;

  constructor(
    cdp: CdpSession,
    sessionId: string,
    opts: { limit?: number; ownsSession?: (sessionId: string | undefined) => boolean; onEntry?: (entry: NetworkRequest) => void } = {},
  ) {
    this.#onEntry = opts.onEntry;
    this.#cdp = cdp;
    this.#sessionId = sessionId;
    this.#limit = opts.limit ?? 5000;
    this.#owns = opts.ownsSession ?? ((sid) => (sid ?? '') === sessionId);
  }

  async start(): Promise<void> {
    const on = <E extends CdpEvent>(event: E, fn: (params: CdpEventParams<E>, sessionId: string | undefined) => void) =>
      this.#offs.push(this.#cdp.on(event, (p, sid) => this.#owns(sid) && fn(p as CdpEventParams<E>, sid)));
    on('Network.requestWillBeSent', (p: Protocol.Network.RequestWillBeSentEvent, sid) => this.#onRequest(p, sid));
    on('Network.responseReceived', (p: Protocol.Network.ResponseReceivedEvent, sid) => this.#onResponse(p, sid));
    on('Network.requestServedFromCache', (p: Protocol.Network.RequestServedFromCacheEvent, sid) => {
      const e = this.#live.get(key(sid, p.requestId));
      if (e) e.fromCache = true;
    });
    on('Network.loadingFinished', (p: Protocol.Network.LoadingFinishedEvent, sid) => {
      const e = this.#live.get(key(sid, p.requestId));
      if (!e) return;
      e.encodedBytes = p.encodedDataLength;
      e.timing.totalMs = round((p.timestamp - e.monotonicStart) * 1000);
      this.#settle(e, sid, 'finished');
    });
    on('Network.loadingFailed', (p: Protocol.Network.LoadingFailedEvent, sid) => {
      const e = this.#live.get(key(sid, p.requestId));
      if (!e) return;
      e.failure = p.blockedReason ? `${p.errorText} (blocked: ${p.blockedReason})` : p.errorText;
      e.timing.totalMs = round((p.timestamp - e.monotonicStart) * 1000);
      if (p.type) e.resourceType = p.type;
      this.#settle(e, sid, 'failed');
    });
    on('Network.requestWillBeSentExtraInfo', (p: Protocol.Network.RequestWillBeSentExtraInfoEvent, sid) =>
      this.#wireHeaders(key(sid, p.requestId), 'request', p.headers as Record<string, string>),
    );
    on('Network.responseReceivedExtraInfo', (p: Protocol.Network.ResponseReceivedExtraInfoEvent, sid) =>
      this.#wireHeaders(key(sid, p.requestId), 'response', p.headers as Record<string, string>),
    );
    on('Target.attachedToTarget', (p: Protocol.Target.AttachedToTargetEvent) => {
      if (p.targetInfo.type === 'iframe') this.#cdp.send('Network.enable', {}, p.sessionId).catch(() => undefined);
    });
    await this.#cdp.send('Network.enable', {}, this.#sessionId || undefined);
  }

  dispose(): void {
    for (const off of this.#offs.splice(0)) off();
  }

  list(filter: NetworkFilter = {}, paging: Paging = {}): ReturnType<typeof paginate<NetworkRequest>> {
    return paginate(this.#entries.filter(requestMatcher(filter)).map(summary), paging);
  }

  lastId(): number {
    return this.#entries.at(-1)?.id ?? 0;
  }

  /** One request with its headers; with `includeBody`, the response body (text, or base64 for binary). */
  async get(id: number, opts: { includeBody?: boolean } = {}): Promise<NetworkRequestDetail> {
    const e = this.#entries.find((r) => r.id === id);
    if (!e) {
      throw new StewardError('REQUEST_NOT_FOUND', `No network request has id ${id}.`, {
        details: { id },
        suggestions: ['List the network requests (list_network_requests) and use one of their ids.'],
      });
    }
    const detail: NetworkRequestDetail = {
      ...summary(e),
      requestHeaders: e.requestHeaders,
      ...(e.responseHeaders ? { responseHeaders: e.responseHeaders } : {}),
      ...(e.postData !== undefined ? { postData: e.postData } : {}),
    };
    if (opts.includeBody) detail.body = await this.#body(e);
    return detail;
  }

  /** Resolves with the first finished or failed request matching the filter after `sinceId` (or the next one). */
  waitFor(filter: NetworkFilter & { sinceId?: number }, timeoutMs: number, signal?: AbortSignal): Promise<NetworkRequest> {
    const match = requestMatcher(filter);
    const done = (r: NetworkRequest) => r.state !== 'pending' && match(r);
    if (filter.sinceId !== undefined) {
      const existing = this.#entries.find((r) => r.id > (filter.sinceId ?? 0) && done(r));
      if (existing) return Promise.resolve(summary(existing));
    }
    return this.#waiters.wait(done, timeoutMs, signal, {
      timedOut: () =>
        new StewardError('TIMEOUT', `No request matching ${JSON.stringify(filter)} finished within ${timeoutMs} ms.`, {
          details: { filter, timeoutMs },
          suggestions: ['List the network requests to see what was sent, or wait longer.'],
        }),
      cancelled: () => new StewardError('TIMEOUT', 'Waiting for a request was cancelled.', { suggestions: ['Start the wait again.'] }),
    });
  }

  #onRequest(p: Protocol.Network.RequestWillBeSentEvent, sid: string | undefined): void {
    const k = key(sid, p.requestId);
    const previous = this.#live.get(k);
    if (previous && p.redirectResponse) {
      this.#applyResponse(previous, p.redirectResponse);
      previous.redirectedTo = p.request.url;
      previous.timing.totalMs = round((p.timestamp - previous.monotonicStart) * 1000);
      this.#settle(previous, sid, 'finished');
    }
    const entry: Entry = {
      id: this.#nextId++,
      url: p.request.url + (p.request.urlFragment ?? ''),
      method: p.request.method,
      resourceType: p.type ?? 'Other',
      fromCache: false,
      state: 'pending',
      timing: { startedAt: round(p.wallTime * 1000) },
      requestId: p.requestId,
      ...(sid && sid !== this.#sessionId ? { sessionId: sid } : {}),
      requestHeaders: p.request.headers as Record<string, string>,
      ...(p.request.postData !== undefined ? { postData: p.request.postData } : {}),
      monotonicStart: p.timestamp,
    };
    const early = this.#early.get(k);
    if (early?.request) entry.requestHeaders = { ...entry.requestHeaders, ...early.request };
    this.#early.delete(k);
    this.#entries.push(entry);
    this.#live.set(k, entry);
    if (this.#entries.length > this.#limit) this.#entries.splice(0, this.#entries.length - this.#limit);
  }

  #onResponse(p: Protocol.Network.ResponseReceivedEvent, sid: string | undefined): void {
    const e = this.#live.get(key(sid, p.requestId));
    if (!e) return;
    this.#applyResponse(e, p.response);
    e.resourceType = p.type;
    e.timing.responseMs = round((p.timestamp - e.monotonicStart) * 1000);
  }

  #wireHeaders(k: string, which: 'request' | 'response', headers: Record<string, string>): void {
    const e = this.#live.get(k);
    if (e && which === 'request') e.requestHeaders = { ...e.requestHeaders, ...headers };
    else if (e && e.status !== undefined) e.responseHeaders = { ...e.responseHeaders, ...headers };
    else {
      const early = this.#early.get(k) ?? {};
      early[which] = headers;
      this.#early.set(k, early);
      if (this.#early.size > 500) this.#early.delete(this.#early.keys().next().value as string);
    }
  }

  #applyResponse(e: Entry, r: Protocol.Network.Response): void {
    e.status = r.status;
    e.statusText = r.statusText;
    e.mimeType = r.mimeType;
    const early = this.#early.get(key(e.sessionId ?? (this.#sessionId || undefined), e.requestId));
    e.responseHeaders = { ...(r.headers as Record<string, string>), ...early?.response };
    if (r.fromDiskCache || r.fromPrefetchCache) e.fromCache = true;
    if (r.requestHeaders) e.requestHeaders = { ...e.requestHeaders, ...(r.requestHeaders as Record<string, string>) };
  }

  #settle(e: Entry, sid: string | undefined, state: 'finished' | 'failed'): void {
    e.state = state;
    this.#live.delete(key(sid, e.requestId));
    this.#early.delete(key(sid, e.requestId));
    const s = summary(e);
    this.#waiters.offer(s);
    try {
      this.#onEntry?.(s);
    } catch {}
  }

  async #body(e: Entry): Promise<NonNullable<NetworkRequestDetail['body']>> {
    if (e.state === 'pending') return { unavailable: 'the response has not finished loading yet' };
    if (e.redirectedTo) return { unavailable: 'a redirect has no body' };
    try {
      const { body, base64Encoded } = await this.#cdp.send(
        'Network.getResponseBody',
        { requestId: e.requestId },
        e.sessionId ?? (this.#sessionId || undefined),
      );
      return { text: body.slice(0, MAX_BODY_CHARS), base64: base64Encoded, truncated: body.length > MAX_BODY_CHARS };
    } catch (err) {
      return { unavailable: (err as Error).message };
    }
  }
}

function key(sid: string | undefined, requestId: string): string {
  return `${sid ?? ''}|${requestId}`;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

function summary(e: Entry | NetworkRequest): NetworkRequest {
  const { requestHeaders: _a, responseHeaders: _b, postData: _c, monotonicStart: _d, ...rest } = e as Entry;
  return { ...rest, timing: { ...rest.timing } };
}

/** status: 404, "404", "4xx", "400-499". */
export function statusMatcher(status: number | string): (s: number | undefined) => boolean {
  const text = String(status).trim().toLowerCase();
  const cls = /^([1-5])xx$/.exec(text);
  if (cls) return (s) => s !== undefined && Math.floor(s / 100) === Number(cls[1]);
  const range = /^(\d{3})\s*-\s*(\d{3})$/.exec(text);
  if (range) return (s) => s !== undefined && s >= Number(range[1]) && s <= Number(range[2]);
  if (/^\d{3}$/.test(text)) return (s) => s === Number(text);
  throw new StewardError('VALIDATION_ERROR', `Not a status filter: ${status}`, {
    details: { field: 'status', value: status },
    suggestions: ['Use an exact status (404), a class (4xx) or a range (400-499).'],
  });
}

function requestMatcher(filter: NetworkFilter): (r: NetworkRequest) => boolean {
  const url = filter.url ? textMatcher(filter.url) : undefined;
  const method = filter.method?.toUpperCase();
  const status = filter.status !== undefined ? statusMatcher(filter.status) : undefined;
  const types = filter.resourceTypes?.length ? new Set(filter.resourceTypes.map((t) => t.toLowerCase())) : undefined;
  return (r) =>
    (!url || url(r.url)) &&
    (!method || r.method === method) &&
    (!status || status(r.status)) &&
    (!types || types.has(r.resourceType.toLowerCase()));
}
