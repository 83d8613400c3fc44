import type { Goal } from '../loop/contract.ts';
import type { Clause } from '../offline/clauses.ts';
import { clausesOf } from '../offline/goal-clauses.ts';
import type { PageModel } from '../page-model/types.ts';

/**
 * A task's shape: what was asked with the values taken out ("fill 이름 with {v0}, click 확인";
 * "form origin,destination,date_start | submit | pick cheapest"), and the values themselves.
 * Two requests of one shape on one site run the same steps with different values.
 */
export function shapeOf(goal: Goal, model: PageModel): { shape: string; values: Record<string, string> } | undefined {
  const { clauses, unknown } = clausesOf(goal, model);
  if (unknown.length || !clauses.length) return undefined;
  const values: Record<string, string> = {};
  const parts = clauses.map((c: Clause, i) => {
    switch (c.kind) {
      case 'fill':
        values[`v${i}`] = c.value;
        return `fill ${c.ref.toLowerCase()}={v${i}}`;
      case 'form':
        Object.assign(values, c.slots);
        return `form ${Object.keys(c.slots).sort().join(',')}`;
      case 'result':
        return `${c.verb} ${JSON.stringify(c.criterion)}`;
      default:
        return JSON.stringify(c);
    }
  });
  return { shape: parts.join(' | '), values };
}
