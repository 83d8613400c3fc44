import { StewardError } from '../../shared/errors.ts';

/** What the trace engine reports about one insight (DevTools' Performance panel "Insights"). */
export interface InsightSummary {
  /** Engine key, e.g. LCPBreakdown, CLSCulprits, RenderBlocking. */
  name: string;
  title: string;
  state: 'pass' | 'fail' | 'informative';
  description?: string;
  metricSavings?: Record<string, number>;
  wastedBytes?: number;
  /** The insight's own findings, made JSON-able (trace events become {name, startMs, durationMs, url}). */
  details: Record<string, unknown>;
}

export interface NavigationInsights {
  id: string;
  url: string;
  metrics: { lcpMs?: number; cls?: number; inpMs?: number };
  insights: InsightSummary[];
  errors: Record<string, string>;
}

export interface LongTask {
  startMs: number;
  durationMs: number;
}

export interface TraceAnalysis {
  navigations: NavigationInsights[];
  /** Main-thread tasks over 50 ms in the page's renderer. */
  longTasks: LongTask[];
  /** Every insight name found, for performance_analyze_insight. */
  available: string[];
}

type RawEvent = { name?: string; ph?: string; ts?: number; dur?: number; pid?: number; tid?: number; args?: Record<string, unknown> };

const HIDDEN_KEYS = new Set([
  'strings',
  'title',
  'description',
  'docs',
  'category',
  'state',
  'insightKey',
  'relatedEvents',
  'createOverlays',
  'navigation',
  'frameId',
  'rawSourceEvent',
  'metricSavings',
  'wastedBytes',
]);

/** The engine expects a browser; in Node it only lacks DOMRect. */
function polyfillDOMRect(): void {
  const g = globalThis as { DOMRect?: unknown };
  if (g.DOMRect) return;
  g.DOMRect = class DOMRect {
    x: number;
    y: number;
    width: number;
    height: number;
    constructor(x = 0, y = 0, width = 0, height = 0) {
      this.x = x;
      this.y = y;
      this.width = width;
      this.height = height;
    }
    get left() {
      return this.x;
    }
    get top() {
      return this.y;
    }
    get right() {
      return this.x + this.width;
    }
    get bottom() {
      return this.y + this.height;
    }
  };
}

/** A parsed trace whose insights can be summarised, or analysed one by one in more depth. */
export class TraceInsights {
  readonly analysis: TraceAnalysis;
  readonly #models: Map<string, Record<string, unknown>>;
  readonly #origin: number;

  private constructor(analysis: TraceAnalysis, models: Map<string, Record<string, unknown>>, origin: number) {
    this.analysis = analysis;
    this.#models = models;
    this.#origin = origin;
  }

  /** Runs the DevTools trace engine (all handlers) over raw trace events. */
  static async fromEvents(events: unknown[]): Promise<TraceInsights> {
    polyfillDOMRect();
    const Trace = await import('@paulirish/trace_engine');
    const model = Trace.TraceModel.Model.createWithAllHandlers();
    try {
      await model.parse(events as Parameters<typeof model.parse>[0]);
    } catch (e) {
      throw new StewardError('INTERNAL', `The trace engine could not parse the trace: ${(e as Error).message}`, {
        cause: e,
        suggestions: ['Record the trace again; keep the page open until it is stopped.'],
      });
    }
    const parsed = model.parsedTrace();
    const raw = events as RawEvent[];
    const origin = Math.min(...raw.filter((e) => e.ph !== 'M' && typeof e.ts === 'number' && e.ts > 0).map((e) => e.ts as number));
    const models = new Map<string, Record<string, unknown>>();
    const navigations: NavigationInsights[] = [];
    for (const [id, set] of parsed?.insights ?? []) {
      const insights: InsightSummary[] = [];
      for (const [name, m] of Object.entries(set.model) as Array<[string, Record<string, unknown>]>) {
        models.set(`${id}:${name}`, m);
        // A bare name means the latest real navigation's insight (over the pre-navigation slice).
        if (!models.has(name) || String(id) !== 'NO_NAVIGATION') models.set(name, m);
        insights.push(summarise(name, m, origin, 2));
      }
      const order = { fail: 0, informative: 1, pass: 2 } as const;
      insights.sort((a, b) => order[a.state] - order[b.state]);
      const lcp = set.model.LCPBreakdown as { lcpMs?: number } | undefined;
      const cls = set.model.CLSCulprits as { worstCluster?: { clusterCumulativeScore?: number } } | undefined;
      const inp = set.model.INPBreakdown as { longestInteractionEvent?: { dur?: number } } | undefined;
      navigations.push({
        id: String(id),
        url: String(set.url),
        metrics: {
          ...(lcp?.lcpMs !== undefined ? { lcpMs: round(lcp.lcpMs) } : {}),
          cls: round(cls?.worstCluster?.clusterCumulativeScore ?? 0, 4),
          ...(inp?.longestInteractionEvent?.dur ? { inpMs: round(inp.longestInteractionEvent.dur / 1000) } : {}),
        },
        insights,
        errors: Object.fromEntries(Object.entries(set.modelErrors).map(([k, e]) => [k, (e as Error).message])),
      });
    }
    const analysis: TraceAnalysis = {
      navigations,
      longTasks: longTasks(raw, origin),
      available: [...new Set(navigations.flatMap((n) => n.insights.map((i) => i.name)))],
    };
    return new TraceInsights(analysis, models, origin);
  }

  /** One insight in depth, by its name (e.g. "LCPBreakdown", case-insensitive) or "<navigationId>:<name>". */
  insight(name: string): InsightSummary {
    const key = [...this.#models.keys()].find((k) => k.toLowerCase() === name.toLowerCase());
    const m = key ? this.#models.get(key) : undefined;
    if (!key || !m) {
      throw new StewardError('VALIDATION_ERROR', `No insight named "${name}" in this trace.`, {
        details: { field: 'insightName', available: this.analysis.available },
        suggestions: [`Use one of: ${this.analysis.available.join(', ')}.`],
      });
    }
    return summarise(key.includes(':') ? key.slice(key.indexOf(':') + 1) : key, m, this.#origin, 5);
  }
}

function summarise(name: string, m: Record<string, unknown>, origin: number, depth: number): InsightSummary {
  const details: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(m)) if (!HIDDEN_KEYS.has(k) && typeof v !== 'function') details[k] = compact(v, origin, depth);
  return {
    name,
    title: text(m.title) ?? name,
    state: (m.state as InsightSummary['state']) ?? 'informative',
    ...(text(m.description) ? { description: text(m.description) } : {}),
    ...(m.metricSavings && Object.keys(m.metricSavings).length
      ? { metricSavings: compact(m.metricSavings, origin, 1) as Record<string, number> }
      : {}),
    ...(typeof m.wastedBytes === 'number' ? { wastedBytes: m.wastedBytes } : {}),
    details,
  };
}

/** The engine's UI strings are {i18nId, values} whose id is the English text with {placeholders}. */
function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (v && typeof v === 'object' && 'i18nId' in v) {
    const s = v as { i18nId: string; values?: Record<string, unknown>; formattedDefault?: string };
    if (s.formattedDefault) return s.formattedDefault;
    return s.i18nId.replace(/\{(\w+)\}/g, (all, key: string) => (s.values && key in s.values ? String(s.values[key]) : all));
  }
  return undefined;
}

function isTraceEvent(v: object): v is RawEvent {
  return 'ph' in v && 'ts' in v && 'name' in v;
}

/** Turns engine objects into small JSON: trace events into {name, startMs, durationMs, url}, Maps into arrays, lists capped at 20. */
function compact(v: unknown, origin: number, depth: number): unknown {
  if (v === null || typeof v !== 'object') return typeof v === 'number' ? round(v, 4) : typeof v === 'function' ? undefined : v;
  if (v instanceof URL) return v.href;
  const t = text(v);
  if (t !== undefined) return t;
  if (isTraceEvent(v)) {
    const data = (v.args?.data ?? {}) as { url?: string; requestId?: string };
    return {
      event: v.name,
      startMs: round(((v.ts ?? origin) - origin) / 1000),
      ...(v.dur ? { durationMs: round(v.dur / 1000) } : {}),
      ...(data.url ? { url: data.url } : {}),
    };
  }
  if (depth <= 0) return Array.isArray(v) ? `[${v.length} items]` : '{…}';
  if (v instanceof Map)
    return [...v.entries()].slice(0, 20).map(([k, x]) => [compact(k, origin, depth - 1), compact(x, origin, depth - 1)]);
  if (v instanceof Set || Array.isArray(v)) return [...v].slice(0, 20).map((x) => compact(x, origin, depth - 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (HIDDEN_KEYS.has(k) || typeof x === 'function') continue;
    // Trace windows are in microseconds: give their length in ms.
    if (k === 'range' && typeof x === 'number') out.durationMs = round(x / 1000);
    else if ((k === 'min' || k === 'max') && typeof x === 'number') out[`${k}Ms`] = round((x - origin) / 1000);
    else out[k] = compact(x, origin, depth - 1);
  }
  return out;
}

function longTasks(events: RawEvent[], origin: number): LongTask[] {
  const mainThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && (e.args?.name as string) === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  return events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > 50_000 && mainThreads.has(`${e.pid}:${e.tid}`))
    .map((e) => ({ startMs: round(((e.ts ?? origin) - origin) / 1000), durationMs: round((e.dur ?? 0) / 1000) }))
    .sort((a, b) => b.durationMs - a.durationMs)
    .slice(0, 20);
}

function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
