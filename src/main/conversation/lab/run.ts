/**
 * Runs the same question (and any follow-up lines) through each chosen route side by side and
 * compares them turn by turn. Each route's turn has its own turn_id; its event bundle (every
 * stored event with that turn_id) is read back from the store and compared with the other
 * routes' bundles of the same turn: the event types each has that another lacks, the tools
 * called and skipped, and what decides behaviour (stage, flow state, expected input, outcome,
 * failure).
 */
import { randomUUID } from 'node:crypto';
import type { EngineEvent } from '../../../shared/events.ts';
import { createSession } from '../session.ts';
import { oneShotRoute } from './one-shot.ts';
import { packAloneRoute } from './pack-alone.ts';
import type { LabRoute } from './routes.ts';
import type { LabEnv, RouteRunner, RouteTurn } from './runner.ts';

export interface LabRouteTurn extends RouteTurn {
  /** The stored events of this turn (its turn_id), in order. */
  bundle: Array<Pick<EngineEvent, 'type' | 'level' | 'message'>>;
  tools: string[];
  skipped: string[];
}

export interface LabComparisonTurn {
  index: number;
  text: string;
  routes: Partial<Record<LabRoute, LabRouteTurn>>;
  /** Where a route differs from the first route of the run ("orchestrator.stage: A ≠ B"). */
  differences: string[];
}

export interface LabComparison {
  lab_id: string;
  routes: LabRoute[];
  sessions: Partial<Record<LabRoute, string>>;
  turns: LabComparisonTurn[];
  summary: { turns: number; identical: number; differing: number };
}

async function orchestratorRoute(env: LabEnv): Promise<RouteRunner> {
  const runtime = await env.runtime('orchestrator');
  const session = createSession({
    store: env.store,
    runtime,
    packs: env.packs,
    understanding: 'offline',
    sessionId: `lab_orchestrator_${randomUUID().slice(0, 8)}`,
    ...(env.sites ? { sites: env.sites } : {}),
    ...(env.now ? { now: env.now } : {}),
    ...(env.tz ? { tz: env.tz } : {}),
  });
  env.store.records.updateSession(session.sessionId, { goal: 'laboratory: orchestrator' });
  return {
    route: 'orchestrator',
    sessionId: session.sessionId,
    async send(text) {
      const r = await session.send(text);
      return {
        turnId: r.turnId,
        reply: r.reply,
        stage: r.stage,
        ...(r.flowState ? { flowState: r.flowState } : {}),
        ...(r.expecting ? { expecting: r.expecting } : {}),
        ...(r.outcome ? { outcome: r.outcome } : {}),
        ...(r.failure ? { failure: r.failure.code } : {}),
      };
    },
    close: () => session.close(),
  };
}

const START: Record<LabRoute, (env: LabEnv) => Promise<RouteRunner>> = {
  legacy: oneShotRoute,
  domain_agent: packAloneRoute,
  orchestrator: orchestratorRoute,
};

const DECIDING = ['stage', 'flowState', 'expecting', 'outcome', 'failure', 'tools', 'skipped'] as const;

function withBundle(env: LabEnv, sessionId: string, t: RouteTurn): LabRouteTurn {
  const ordered = env.store.queryEvents({ session_id: sessionId, turn_id: t.turnId, limit: 1000, order: 'asc' }).events;
  return {
    ...t,
    bundle: ordered.map((e) => ({ type: e.type, level: e.level, message: e.message })),
    tools: ordered.filter((e) => e.type === 'tool_call_finished').map((e) => String(e.data.tool)),
    skipped: ordered.filter((e) => e.type === 'TOOL_CALL_SKIPPED').map((e) => `${String(e.data.tool)}:${String(e.data.reason)}`),
  };
}

function differences(routes: LabRoute[], turn: Partial<Record<LabRoute, LabRouteTurn>>): string[] {
  const [base, ...rest] = routes;
  const a = base ? turn[base] : undefined;
  if (!a || !base) return [];
  const out: string[] = [];
  for (const r of rest) {
    const b = turn[r];
    if (!b) continue;
    for (const k of DECIDING) {
      const x = JSON.stringify(a[k] ?? null);
      const y = JSON.stringify(b[k] ?? null);
      if (x !== y) out.push(`${r}.${k}: ${y} ≠ ${base} ${x}`);
    }
    const ta = new Set(a.bundle.map((e) => e.type));
    const tb = new Set(b.bundle.map((e) => e.type));
    const only = [...tb].filter((t) => !ta.has(t));
    const missing = [...ta].filter((t) => !tb.has(t));
    if (only.length) out.push(`${r}.events only here: ${only.join(', ')}`);
    if (missing.length) out.push(`${r}.events missing: ${missing.join(', ')}`);
  }
  return out;
}

/** The lines through each route, one line at a time on every route before the next line. */
export async function runLab(env: LabEnv, lines: string[], routes: LabRoute[]): Promise<LabComparison> {
  const runners: RouteRunner[] = [];
  try {
    for (const r of routes) runners.push(await START[r](env));
    const turns: LabComparisonTurn[] = [];
    for (const [index, text] of lines.entries()) {
      const byRoute: Partial<Record<LabRoute, LabRouteTurn>> = {};
      for (const runner of runners) byRoute[runner.route] = withBundle(env, runner.sessionId, await runner.send(text));
      turns.push({ index, text, routes: byRoute, differences: differences(routes, byRoute) });
    }
    const differing = turns.filter((t) => t.differences.length).length;
    return {
      lab_id: `lab_${randomUUID().slice(0, 8)}`,
      routes,
      sessions: Object.fromEntries(runners.map((r) => [r.route, r.sessionId])),
      turns,
      summary: { turns: turns.length, identical: turns.length - differing, differing },
    };
  } finally {
    for (const r of runners) r.close();
  }
}
