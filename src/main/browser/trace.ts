import type { Protocol } from 'devtools-protocol';
import { StewardError } from '../../shared/errors.ts';
import type { Artifact, ArtifactStore } from './artifacts.ts';
import type { CdpSession } from './port.ts';

/** The categories the DevTools Performance panel records, which the trace engine's handlers expect. */
export const TRACE_CATEGORIES = [
  '-*',
  'blink.console',
  'blink.user_timing',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.invalidationTracking',
  'disabled-by-default-devtools.target-rundown',
  'disabled-by-default-devtools.v8-source-rundown',
  'disabled-by-default-devtools.v8-source-rundown-sources',
  'disabled-by-default-v8.cpu_profiler',
  'disabled-by-default-lighthouse',
  'latencyInfo',
  'loading',
  'toplevel',
  'v8.execute',
  'v8',
];

export interface RecordedTrace extends Artifact {
  /** The raw events, for the insights engine. */
  events: unknown[];
  durationMs: number;
}

/** Records a performance trace of one page (optionally of a reload) into the artifacts folder. */
export class PageTracer {
  readonly #cdp: CdpSession;
  readonly #sessionId: string | undefined;
  #startedAt: number | undefined;

  constructor(cdp: CdpSession, sessionId: string) {
    this.#cdp = cdp;
    this.#sessionId = sessionId || undefined;
  }

  get recording(): boolean {
    return this.#startedAt !== undefined;
  }

  /** Starts recording; with `reload`, reloads the page and waits for its load event (within timeoutMs). */
  async start(opts: { reload?: boolean; timeoutMs?: number } = {}): Promise<void> {
    if (this.#startedAt !== undefined) {
      throw new StewardError('STATE_CONFLICT', 'A trace is already being recorded on this page.', {
        suggestions: ['Stop it first with performance_stop_trace.'],
      });
    }
    await this.#cdp.send(
      'Tracing.start',
      {
        transferMode: 'ReturnAsStream',
        streamFormat: 'json',
        traceConfig: { recordMode: 'recordAsMuchAsPossible', includedCategories: TRACE_CATEGORIES },
      },
      this.#sessionId,
    );
    this.#startedAt = Date.now();
    if (opts.reload) {
      const timeoutMs = opts.timeoutMs ?? 30_000;
      await this.#cdp.send('Page.enable', undefined, this.#sessionId);
      const loaded = this.#waitFor('Page.loadEventFired', timeoutMs, 'the reloaded page to load');
      await this.#cdp.send('Page.reload', { ignoreCache: true }, this.#sessionId);
      await loaded;
    }
  }

  /** Stops recording and writes the trace (Chrome's JSON trace format) to the artifacts folder. */
  async stop(store: ArtifactStore, opts: { timeoutMs?: number } = {}): Promise<RecordedTrace> {
    if (this.#startedAt === undefined) {
      throw new StewardError('STATE_CONFLICT', 'No trace is being recorded on this page.', {
        suggestions: ['Start one with performance_start_trace.'],
      });
    }
    const durationMs = Date.now() - this.#startedAt;
    const complete = this.#waitFor<Protocol.Tracing.TracingCompleteEvent>(
      'Tracing.tracingComplete',
      opts.timeoutMs ?? 60_000,
      'the browser to hand over the trace',
    );
    this.#startedAt = undefined;
    await this.#cdp.send('Tracing.end', undefined, this.#sessionId);
    const { stream } = await complete;
    if (!stream) throw new StewardError('PROTOCOL_ERROR', 'The browser returned no trace stream.', { suggestions: ['Record again.'] });
    const text = await this.#readStream(stream);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      throw new StewardError('PROTOCOL_ERROR', 'The trace is not valid JSON.', { cause: e, suggestions: ['Record again.'] });
    }
    const events = Array.isArray(parsed) ? parsed : ((parsed as { traceEvents?: unknown[] }).traceEvents ?? []);
    const artifact = await store.write('trace', 'json', JSON.stringify({ traceEvents: events, metadata: { source: 'steward' } }));
    return { ...artifact, events, durationMs };
  }

  async #readStream(handle: string): Promise<string> {
    const chunks: string[] = [];
    for (;;) {
      const { data, eof, base64Encoded } = await this.#cdp.send('IO.read', { handle, size: 1 << 20 }, this.#sessionId);
      chunks.push(base64Encoded ? Buffer.from(data, 'base64').toString('utf8') : data);
      if (eof) break;
    }
    await this.#cdp.send('IO.close', { handle }, this.#sessionId).catch(() => undefined);
    return chunks.join('');
  }

  #waitFor<T>(method: string, timeoutMs: number, what: string): Promise<T> {
    const own = this.#sessionId;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        off();
        reject(
          new StewardError('TIMEOUT', `Timed out after ${timeoutMs} ms waiting for ${what}.`, {
            suggestions: ['Retry with a longer timeout.'],
          }),
        );
      }, timeoutMs);
      const off = this.#cdp.on(method, (params, sid) => {
        if ((sid || undefined) !== own) return;
        clearTimeout(timer);
        off();
        resolve(params as T);
      });
    });
  }
}
