/** What `cdt plan run --describe` adds: the plan file's JSON schema (from the zod schema plans are validated with) and an example. */
import { z } from 'zod';
import { Plan, type PlanInput } from '../../shared/plan.ts';

export const PLAN_EXAMPLE: PlanInput = {
  plan_id: 'search-lamps',
  intent: 'Search',
  created_at: '2026-12-01T09:00:00+09:00',
  steps: [
    { id: 'open', type: 'navigate', url: 'https://shop.example/' },
    { id: 'query', type: 'fill', target: { role: 'searchbox', name: 'Search' }, value: 'lamp' },
    { id: 'search', type: 'click', target: { role: 'button', name: 'Search' } },
    { id: 'shown', type: 'wait', text: 'results' },
  ],
};

export function planDescription(): Record<string, unknown> {
  return {
    arguments: { plan: 'a plan file (JSON), or --bundle <file> [--plan-id <id>]' },
    planSchema: z.toJSONSchema(Plan, { io: 'input', unrepresentable: 'any' }),
    planExample: PLAN_EXAMPLE,
    statuses: {
      completed: 0,
      rejected: 'APPROVAL_DENIED (5)',
      awaiting_approval: 'APPROVAL_REQUIRED (5)',
      failed: "the stopping error's exit code",
    },
  };
}
