/**
 * Where `cdt plan run` gets its plan: a plan file (JSON), or one plan of a session bundle exported
 * from the log explorer. Everything is checked before a browser starts: the file exists, it is
 * JSON, the plan passes the zod schema (every failing field path is named), and a plan taken from
 * a bundle carries no value that was masked on export (typing "0**-****-5678" would be typing
 * made-up data).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { StewardError } from '../../shared/errors.ts';
import { type Plan, validatePlan } from '../../shared/plan.ts';

export interface PlanSource {
  plan: Plan;
  /** What the plan came from, for the report and the session's goal. */
  origin: { kind: 'file'; path: string } | { kind: 'bundle'; path: string; session_id: string; plan_id: string };
}

function readText(path: string, what: string, example: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new StewardError(
      'USAGE_ERROR',
      code === 'ENOENT' ? `No ${what} at ${path}.` : `Cannot read the ${what} ${path}: ${(e as Error).message}`,
      {
        details: { path, reason: code ?? 'unknown' },
        suggestions: [`Check the path and try again: ${example}`, 'cdt plan run --help'],
      },
    );
  }
}

function parseJson(text: string, path: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new StewardError('USAGE_ERROR', `The ${what} ${path} is not valid JSON: ${(e as Error).message}`, {
      details: { path },
      suggestions: [`Fix the JSON in ${path} (for example with \`jq . ${path}\` to see where it breaks).`, 'cdt plan run --describe'],
    });
  }
}

/** The plan, or a VALIDATION_ERROR (exit 2) naming every failing field path. */
export function checkPlan(raw: unknown, where: string): Plan {
  const v = validatePlan(raw);
  if (v.ok) return v.plan;
  const paths = v.error.issues.map((i) => i.path);
  throw new StewardError('VALIDATION_ERROR', `${where}: ${v.error.message}`, {
    details: { path: v.error.path, paths, issues: v.error.issues },
    suggestions: [
      `Fix ${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ` (and ${paths.length - 3} more)` : ''} in ${where}, then run it again.`,
      'cdt plan run --describe prints the plan schema and an example.',
    ],
  });
}

export function planFromFile(file: string): PlanSource {
  const path = resolve(file);
  const raw = parseJson(readText(path, 'plan file', 'cdt plan run ./plan.json'), path, 'plan file');
  return { plan: checkPlan(raw, path), origin: { kind: 'file', path } };
}

interface BundlePlanRow {
  id?: unknown;
  steps_json?: unknown;
}

/** A masked value as the store's redaction writes it: "[REDACTED]", or three or more asterisks. */
const MASKED = /\[REDACTED\]|\*{3,}/;

/** Field paths of string values that were masked when the session was stored or exported. */
export function maskedPaths(value: unknown, path: string[] = []): string[] {
  if (typeof value === 'string') return MASKED.test(value) ? [path.join('.') || '(root)'] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => maskedPaths(v, [...path, String(i)]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => maskedPaths(v, [...path, k]));
  return [];
}

/** The plans a bundle holds, as written by the log explorer's export (plans[].steps_json holds the plan). */
export function bundlePlans(file: string): { path: string; session_id: string; plans: Array<{ id: string; raw: unknown }> } {
  const path = resolve(file);
  const raw = parseJson(readText(path, 'bundle', 'cdt plan run --bundle ./steward-session-….json'), path, 'bundle') as {
    format?: unknown;
    session?: { id?: unknown };
    plans?: unknown;
  } | null;
  if (raw?.format !== 'steward-session-bundle' || !Array.isArray(raw.plans)) {
    throw new StewardError('USAGE_ERROR', `${path} is not a Steward session bundle (format "steward-session-bundle" with a plans list).`, {
      details: { path, format: raw?.format ?? null },
      suggestions: ['Export the session again from the log explorer (Export bundle) and pass that file to --bundle.'],
    });
  }
  const plans = (raw.plans as BundlePlanRow[]).map((row) => {
    const text = row.steps_json;
    let plan: unknown = text;
    if (typeof text === 'string') {
      try {
        plan = JSON.parse(text);
      } catch {
        plan = undefined;
      }
    }
    return { id: String(row.id ?? (plan as { plan_id?: unknown } | undefined)?.plan_id ?? ''), raw: plan };
  });
  return { path, session_id: String(raw.session?.id ?? ''), plans };
}

export function planFromBundle(file: string, planId: string | undefined): PlanSource {
  const b = bundlePlans(file);
  const ids = b.plans.map((p) => p.id);
  if (!b.plans.length) {
    throw new StewardError('USAGE_ERROR', `The bundle ${b.path} holds no plan: the session never got as far as running one.`, {
      details: { path: b.path, session_id: b.session_id },
      suggestions: ['Export a session whose plan ran (the log explorer shows a plan in its timeline).'],
    });
  }
  if (planId === undefined && b.plans.length > 1) {
    throw new StewardError('USAGE_ERROR', `The bundle holds ${b.plans.length} plans; say which one with --plan-id.`, {
      details: { path: b.path, plan_ids: ids },
      suggestions: ids.slice(0, 3).map((id) => `cdt plan run --bundle ${file} --plan-id ${id}`),
    });
  }
  const chosen = planId === undefined ? b.plans[0] : b.plans.find((p) => p.id === planId);
  if (!chosen) {
    throw new StewardError('USAGE_ERROR', `The bundle has no plan ${planId}.`, {
      details: { path: b.path, plan_id: planId, plan_ids: ids },
      suggestions: ids.slice(0, 3).map((id) => `cdt plan run --bundle ${file} --plan-id ${id}`),
    });
  }
  const where = `plan ${chosen.id} of ${b.path}`;
  const plan = checkPlan(chosen.raw, where);
  const masked = maskedPaths(plan.steps).map((p) => `steps.${p}`);
  if (masked.length) {
    throw new StewardError(
      'VALIDATION_ERROR',
      `${where} has values that were masked on export (${masked.join(', ')}); they cannot be replayed as they are.`,
      {
        details: { path: masked[0], paths: masked, plan_id: chosen.id },
        suggestions: [
          `Write the plan out with \`cdt plan show --bundle ${file} --plan-id ${chosen.id} | jq .data.plan > plan.json\`, put the real values at ${masked.join(', ')}, then \`cdt plan run plan.json\`.`,
        ],
      },
    );
  }
  return { plan, origin: { kind: 'bundle', path: b.path, session_id: b.session_id, plan_id: chosen.id } };
}
