import type { Protocol } from 'devtools-protocol';
import { StewardError } from '../../shared/errors.ts';
import { type Paging, paginate, textMatcher, Waiters } from './paged-log.ts';
import type { CdpEvent, CdpEventParams, CdpSession } from './port.ts';

export type ConsoleLevel = 'error' | 'warning' | 'info' | 'debug';

export interface ConsoleMessage {
  /** Short id, stable for the life of the page ("1", "2", …). */
  id: number;
  /** console API type (log, error, warning, info, debug, table, assert, …), 'exception' or a browser log source ('network', 'security', …). */
  type: string;
  level: ConsoleLevel;
  text: string;
  /** Wall-clock time in ms since the epoch. */
  timestamp: number;
  url?: string;
  line?: number;
  column?: number;
  /** The JSON-able values of the arguments (objects as their description). */
  args?: unknown[];
  stack?: string[];
  /** Set when the message came from an out-of-process iframe. */
  sessionId?: string;
}

export interface ConsoleFilter {
  /** Types or levels to keep (e.g. ['error', 'warning'] or ['log', 'exception']). */
  types?: string[];
  /** Text to look for: plain text (case-insensitive substring), a glob with *, or /regex/flags. */
  text?: string;
}

const LEVEL_OF: Record<string, ConsoleLevel> = {
  error: 'error',
  assert: 'error',
  exception: 'error',
  warning: 'warning',
  warn: 'warning',
  debug: 'debug',
  verbose: 'debug',
  trace: 'debug',
};

function describeArg(arg: Protocol.Runtime.RemoteObject): unknown {
  if ('value' in arg) return arg.value;
  if (arg.unserializableValue) return arg.unserializableValue;
  if (arg.preview && arg.type === 'object' && !['error', 'node', 'function'].includes(arg.subtype ?? '')) return previewText(arg.preview);
  return arg.description ?? arg.type;
}

/** A short text for an object as DevTools shows it: {n: 1, name: "x"} or [1, 2, 3]. */
function previewText(p: Protocol.Runtime.ObjectPreview): string {
  const value = (x: Protocol.Runtime.PropertyPreview) => (x.type === 'string' ? JSON.stringify(x.value ?? '') : (x.value ?? x.type));
  const items = p.properties.map((x) => (p.subtype === 'array' ? value(x) : `${x.name}: ${value(x)}`));
  const more = p.overflow ? ', …' : '';
  return p.subtype === 'array' ? `[${items.join(', ')}${more}]` : `{${items.join(', ')}${more}}`;
}

function argText(arg: Protocol.Runtime.RemoteObject): string {
  const v = describeArg(arg);
  return typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v));
}

/**
 * Console messages and uncaught exceptions of one page (and its out-of-process iframes), collected
 * from the moment the page exists. Construct it from the page's session before the page runs.
 */
export class ConsoleLog {
  readonly #cdp: CdpSession;
  readonly #sessionId: string;
  readonly #limit: number;
  readonly #owns: (sessionId: string | undefined) => boolean;
  /** Called with each entry as it is complete (a host persists them). */
  readonly #onEntry: ((entry: ConsoleMessage) => void) | undefined;
  readonly #messages: ConsoleMessage[] = [];
  readonly #waiters = new Waiters<ConsoleMessage>();
  readonly #offs: Array<() => void> = [];
  #nextId = 1;

  constructor(
    cdp: CdpSession,
    sessionId: string,
    opts: { limit?: number; ownsSession?: (sessionId: string | undefined) => boolean; onEntry?: (entry: ConsoleMessage) => void } = {},
  ) {
    this.#onEntry = opts.onEntry;
    this.#cdp = cdp;
    this.#sessionId = sessionId;
    this.#limit = opts.limit ?? 5000;
    this.#owns = opts.ownsSession ?? ((sid) => (sid ?? '') === sessionId);
  }

  /** Subscribes and enables Runtime and Log on the page session (and on iframes as they attach). */
  async start(): Promise<void> {
    const on = <E extends CdpEvent>(event: E, fn: (params: CdpEventParams<E>, sessionId: string | undefined) => void) =>
      this.#offs.push(this.#cdp.on(event, (p, sid) => this.#owns(sid) && fn(p as CdpEventParams<E>, sid)));
    on('Runtime.consoleAPICalled', (p: Protocol.Runtime.ConsoleAPICalledEvent, sid) => this.#onConsole(p, sid));
    on('Runtime.exceptionThrown', (p: Protocol.Runtime.ExceptionThrownEvent, sid) => this.#onException(p, sid));
    on('Log.entryAdded', (p: Protocol.Log.EntryAddedEvent, sid) => this.#onLog(p, sid));
    on('Target.attachedToTarget', (p: Protocol.Target.AttachedToTargetEvent) => {
      if (p.targetInfo.type !== 'iframe') return;
      this.#cdp.send('Runtime.enable', undefined, p.sessionId).catch(() => undefined);
      this.#cdp.send('Log.enable', undefined, p.sessionId).catch(() => undefined);
    });
    const sid = this.#sessionId || undefined;
    await Promise.all([this.#cdp.send('Runtime.enable', undefined, sid), this.#cdp.send('Log.enable', undefined, sid)]);
  }

  dispose(): void {
    for (const off of this.#offs.splice(0)) off();
  }

  list(filter: ConsoleFilter = {}, paging: Paging = {}): ReturnType<typeof paginate<ConsoleMessage>> {
    return paginate(this.#messages.filter(matcher(filter)), paging);
  }

  get(id: number): ConsoleMessage {
    const found = this.#messages.find((m) => m.id === id);
    if (!found) {
      throw new StewardError('MESSAGE_NOT_FOUND', `No console message has id ${id}.`, {
        details: { id, known: this.#messages.length ? `${this.#messages[0]?.id}..${this.#messages.at(-1)?.id}` : 'none' },
        suggestions: ['List the console messages (list_console_messages) and use one of their ids.'],
      });
    }
    return found;
  }

  /** Resolves with the first message matching the filter: an existing one after `sinceId`, or the next one to arrive. */
  waitFor(filter: ConsoleFilter & { sinceId?: number }, timeoutMs: number, signal?: AbortSignal): Promise<ConsoleMessage> {
    const match = matcher(filter);
    const existing = filter.sinceId === undefined ? undefined : this.#messages.find((m) => m.id > (filter.sinceId ?? 0) && match(m));
    if (existing) return Promise.resolve(existing);
    return this.#waiters.wait(match, timeoutMs, signal, {
      timedOut: () =>
        new StewardError('TIMEOUT', `No console message matching ${describeFilter(filter)} within ${timeoutMs} ms.`, {
          details: { filter, timeoutMs },
          suggestions: ['List the console messages to see what was logged, or wait longer.'],
        }),
      cancelled: () =>
        new StewardError('TIMEOUT', 'Waiting for a console message was cancelled.', { suggestions: ['Start the wait again.'] }),
    });
  }

  /** The id of the newest message (0 when none), to wait only for what comes after it. */
  lastId(): number {
    return this.#messages.at(-1)?.id ?? 0;
  }

  #add(m: Omit<ConsoleMessage, 'id'>): void {
    const message = { id: this.#nextId++, ...m } as ConsoleMessage;
    this.#messages.push(message);
    if (this.#messages.length > this.#limit) this.#messages.splice(0, this.#messages.length - this.#limit);
    this.#waiters.offer(message);
    try {
      this.#onEntry?.(message);
    } catch {}
  }

  #onConsole(p: Protocol.Runtime.ConsoleAPICalledEvent, sid: string | undefined): void {
    const frame = p.stackTrace?.callFrames[0];
    this.#add({
      type: p.type,
      level: LEVEL_OF[p.type] ?? 'info',
      text: p.args.map(argText).join(' '),
      timestamp: p.timestamp,
      args: p.args.map(describeArg),
      ...(frame ? { url: frame.url, line: frame.lineNumber + 1, column: frame.columnNumber + 1 } : {}),
      ...(p.stackTrace ? { stack: stackLines(p.stackTrace) } : {}),
      ...(sid && sid !== this.#sessionId ? { sessionId: sid } : {}),
    });
  }

  #onException(p: Protocol.Runtime.ExceptionThrownEvent, sid: string | undefined): void {
    const d = p.exceptionDetails;
    const text = d.exception?.description?.split('\n')[0] ?? d.text;
    this.#add({
      type: 'exception',
      level: 'error',
      text: text === 'Uncaught' && d.exception ? `Uncaught ${argText(d.exception)}` : text,
      timestamp: p.timestamp,
      ...(d.url ? { url: d.url, line: d.lineNumber + 1, column: d.columnNumber + 1 } : {}),
      ...(d.stackTrace ? { stack: stackLines(d.stackTrace) } : {}),
      ...(sid && sid !== this.#sessionId ? { sessionId: sid } : {}),
    });
  }

  #onLog(p: Protocol.Log.EntryAddedEvent, sid: string | undefined): void {
    const e = p.entry;
    if ((e.source as string) === 'javascript' || (e.source as string) === 'console-api') return; // reported by Runtime already
    this.#add({
      type: e.source,
      level: LEVEL_OF[e.level] ?? 'info',
      text: e.text,
      timestamp: e.timestamp,
      ...(e.url ? { url: e.url, ...(e.lineNumber === undefined ? {} : { line: e.lineNumber + 1 }) } : {}),
      ...(sid && sid !== this.#sessionId ? { sessionId: sid } : {}),
    });
  }
}

function stackLines(trace: Protocol.Runtime.StackTrace): string[] {
  return trace.callFrames.map((f) => `${f.functionName || '<anonymous>'} (${f.url}:${f.lineNumber + 1}:${f.columnNumber + 1})`);
}

function matcher(filter: ConsoleFilter): (m: ConsoleMessage) => boolean {
  const types = filter.types?.length ? new Set(filter.types.map((t) => t.toLowerCase())) : undefined;
  const text = filter.text ? textMatcher(filter.text) : undefined;
  return (m) => (!types || types.has(m.type) || types.has(m.level)) && (!text || text(m.text));
}

function describeFilter(filter: ConsoleFilter): string {
  const parts = [filter.text ? `text ${JSON.stringify(filter.text)}` : '', filter.types?.length ? `type ${filter.types.join('|')}` : ''];
  return parts.filter(Boolean).join(' and ') || 'any message';
}
