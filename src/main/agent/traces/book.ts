import type { Page } from '../../browser/page.ts';
import type { Store } from '../../store/index.ts';
import type { StepRecord } from '../loop/actions.ts';
import type { Decider, Goal } from '../loop/contract.ts';
import type { LoopResult } from '../loop/run.ts';
import type { TraceHook } from '../loop/task.ts';
import { normText } from '../offline/refs.ts';
import type { PageModel } from '../page-model/types.ts';
import { TraceDecider } from './guide.ts';
import { shapeOf } from './shape.ts';
import type { TraceStep } from './step.ts';

export interface Trace {
  origin: string;
  shape: string;
  steps: TraceStep[];
  uses: number;
}

export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * Learned errands in SQLite, keyed by the site's origin and the task's shape. After a verified
 * success the steps are stored with their values as slots; next time a TraceDecider replays
 * them with the new values and hands over to the loop's decider at the first step that no
 * longer fits (the run then stores the healed trace).
 */
export class TraceBook implements TraceHook {
  readonly #store: Store;
  constructor(store: Store) {
    this.#store = store;
  }

  get(origin: string, shape: string): Trace | undefined {
    const row = this.#store.db.get<{ steps_json: string; uses: number }>(
      'SELECT steps_json, uses FROM agent_traces WHERE origin = ? AND shape = ?',
      [origin, shape],
    );
    return row ? { origin, shape, steps: JSON.parse(row.steps_json) as TraceStep[], uses: row.uses } : undefined;
  }

  list(): Trace[] {
    return this.#store.db
      .all<{ origin: string; shape: string; steps_json: string; uses: number }>(
        'SELECT origin, shape, steps_json, uses FROM agent_traces ORDER BY updated_at DESC',
      )
      .map((r) => ({ origin: r.origin, shape: r.shape, steps: JSON.parse(r.steps_json) as TraceStep[], uses: r.uses }));
  }

  save(origin: string, shape: string, steps: TraceStep[]): void {
    const now = new Date().toISOString();
    this.#store.db.run(
      `INSERT INTO agent_traces (origin, shape, steps_json, uses, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)
       ON CONFLICT(origin, shape) DO UPDATE SET steps_json = excluded.steps_json, uses = uses + 1, updated_at = excluded.updated_at`,
      [origin, shape, JSON.stringify(steps), now, now],
    );
  }

  guide(page: Page, goal: Goal, fallback: Decider): Decider {
    return new TraceDecider(fallback, (model: PageModel) => {
      const s = shapeOf(goal, model);
      if (!s) return undefined;
      const trace = this.get(originOf(page.url()), s.shape);
      return trace ? { steps: trace.steps, values: s.values } : undefined;
    });
  }

  learn(page: Page, goal: Goal, first: PageModel, result: LoopResult): void {
    const s = shapeOf(goal, first);
    if (!s || result.status !== 'done') return;
    const steps = result.steps.filter((x) => x.ok && x.action.kind !== 'wait').map((x) => toTraceStep(x, s.values));
    if (steps.length) this.save(originOf(first.url || page.url()), s.shape, steps);
  }
}

function toTraceStep(x: StepRecord, values: Record<string, string>): TraceStep {
  const a = x.action;
  const value = a.kind === 'fill' || a.kind === 'type' ? a.value : a.kind === 'select' ? a.option : undefined;
  // the slot the value came from: the same words, one of its ways of saying it ("Gimpo|GMP"), or the
  // words the step chose an option for (`its option "김포" matches "Gimpo"`)
  const alts = (v: string) => v.split('|').map((w) => normText(w));
  const valueKey =
    value === undefined
      ? undefined
      : (Object.entries(values).find(([, v]) => v === value)?.[0] ??
        Object.entries(values).find(([, v]) => alts(v).includes(normText(value)))?.[0] ??
        (a.kind === 'select'
          ? Object.entries(values).find(([, v]) => v.split('|').some((w) => w.trim() && x.why.includes(`"${w.trim()}"`)))?.[0]
          : undefined));
  return {
    action: a.kind,
    locator: x.locator ?? { kind: 'record', label: x.target },
    ...(valueKey ? { valueKey } : {}),
    ...(value !== undefined && !valueKey ? { literal: value } : {}),
    ...(a.kind === 'scroll' ? { to: a.to } : {}),
    ...(a.kind === 'press' ? { key: a.key } : {}),
    ...(x.clause !== undefined ? { clause: x.clause } : {}),
    why: x.why,
    target: x.target,
  };
}
