import type { ExtractedRow, Plan } from '../../shared/plan.ts';
import { fieldType } from '../../shared/plan.ts';
import { readPage } from './executor/page.ts';
import type { StepIO, Verification, VerificationIssue } from './executor/types.ts';
import { norm, resolveTarget, shownValue } from './target-resolver.ts';

export type { Verification, VerificationIssue } from './executor/types.ts';

/**
 * Checks a finished plan against its rules: a results list exists, extracted price/time fields
 * have plausible values, slots were really applied on the page. Every failed rule becomes an
 * issue of class validation_failed with what was expected and what was seen.
 */
const MAX_PLAUSIBLE_MONEY = 100_000_000;

/** Why a typed value is not plausible for its field, or undefined when it is. */
export function implausible(field: string, value: ExtractedRow[string]): string | undefined {
  if (value === null || value === undefined || value === '') return 'missing';
  switch (fieldType(field)) {
    case 'money':
      return typeof value === 'number' && value > 0 && value < MAX_PLAUSIBLE_MONEY ? undefined : `not a plausible amount (${value})`;
    case 'time':
      return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? undefined : `not a time of day (${value})`;
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 100
        ? undefined
        : `not a small whole number (${value})`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : `not a number (${value})`;
    case 'url':
      return typeof value === 'string' && URL.canParse(value) ? undefined : `not an address (${value})`;
    default:
      return typeof value === 'string' && value.trim() ? undefined : 'empty';
  }
}

export function rowsOf(results: Map<string, Record<string, unknown>>, stepId: string): ExtractedRow[] | undefined {
  const r = results.get(stepId)?.rows;
  return Array.isArray(r) ? (r as ExtractedRow[]) : undefined;
}

export async function verifyPlan(plan: Plan, results: Map<string, Record<string, unknown>>, io?: StepIO): Promise<Verification> {
  const issues: VerificationIssue[] = [];
  for (const rule of plan.verify) {
    if (rule.rule === 'results_exist') {
      const rows = rowsOf(results, rule.step);
      if (!rows || rows.length < rule.min_rows) {
        issues.push({
          rule: rule.rule,
          error_class: 'validation_failed',
          step_id: rule.step,
          message: `Expected at least ${rule.min_rows} result row(s) from ${rule.step}, saw ${rows?.length ?? 'no list'}.`,
          expected: { min_rows: rule.min_rows },
          seen: { rows: rows?.length ?? null },
        });
      }
    } else if (rule.rule === 'fields_plausible') {
      const rows = rowsOf(results, rule.step) ?? [];
      const bad: Array<{ row: number; field: string; value: unknown; why: string }> = [];
      rows.forEach((row, i) => {
        for (const f of rule.fields) {
          const why = implausible(f, row[f] ?? null);
          if (why) bad.push({ row: i, field: f, value: row[f] ?? null, why });
        }
      });
      if (!rows.length || bad.length) {
        issues.push({
          rule: rule.rule,
          error_class: 'validation_failed',
          step_id: rule.step,
          message: rows.length
            ? `${bad.length} implausible value(s) in ${rule.step}: ${bad
                .slice(0, 3)
                .map((b) => `row ${b.row} ${b.field} ${b.why}`)
                .join('; ')}.`
            : `No rows in ${rule.step} to check ${rule.fields.join(', ')}.`,
          expected: { fields: rule.fields, plausible: true },
          seen: bad.slice(0, 10),
        });
      }
    } else if (rule.rule === 'slot_applied') {
      let seen: string | null = null;
      try {
        if (!io) throw new Error('no page');
        const node = resolveTarget((await readPage(io)).nodes, rule.target, { needUid: false });
        seen = shownValue(node) || node.text || node.name;
      } catch {
        seen = null;
      }
      if (seen === null || !norm(seen).includes(norm(rule.expected))) {
        issues.push({
          rule: rule.rule,
          error_class: 'validation_failed',
          slot: rule.slot,
          message: `The slot ${rule.slot} was not applied: expected ${JSON.stringify(rule.expected)}, saw ${JSON.stringify(seen ?? 'no such field')}.`,
          expected: rule.expected,
          seen,
        });
      }
    }
  }
  return { ok: issues.length === 0, checked: plan.verify.length, issues };
}
