import { describe, expect, it } from 'vitest';
import { EngineEvent } from '../../../src/shared/events.ts';
import { canonicalJson, STEP_TYPES, validatePlan } from '../../../src/shared/plan.ts';

const good = {
  plan_id: 'p1',
  intent: 'FlightSearch',
  created_at: '2026-11-22T01:00:00.000Z',
  steps: [
    { id: 'open', type: 'navigate', url: 'http://127.0.0.1:4000/' },
    { id: 'from', type: 'fill', target: { role: 'combobox', name: 'From' }, value: 'ICN', pick_suggestion: 'ICN' },
    { id: 'go', type: 'click', target: { role: 'button', name: 'Search' } },
    { id: 'rows', type: 'extract', container: { role: 'list', name: 'Results' }, fields: ['price', 'depart_time', 'stops'] },
    { id: 'pay', type: 'click', target: { role: 'button', name: 'Pay' }, approval: { kind: 'payment', mode: 'hand_over' } },
  ],
  verify: [{ rule: 'results_exist', step: 'rows' }],
};

describe('plan schema', () => {
  it('accepts a valid plan and fills defaults', () => {
    const r = validatePlan(good);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const extract = r.plan.steps[3];
    expect(extract?.type === 'extract' && extract.limit).toBe(50);
    expect(r.plan.steps[4]?.approval?.mode).toBe('hand_over');
  });

  it('knows all eleven step types', () => {
    expect(STEP_TYPES.sort()).toEqual(
      ['approve', 'assert', 'click', 'extract', 'fill', 'navigate', 'press', 'screenshot', 'scroll', 'select', 'wait'].sort(),
    );
  });

  it.each([
    [{ ...good, steps: [{ id: 'a', type: 'click', target: {} }] }, 'steps.0.target'],
    [{ ...good, steps: [{ id: 'a', type: 'teleport' }] }, 'steps.0.type'],
    [{ ...good, steps: [{ id: 'a', type: 'navigate', url: 'not a url' }] }, 'steps.0.url'],
    [{ ...good, steps: [good.steps[0], { ...good.steps[0] }] }, 'steps.1.id'],
    [{ ...good, verify: [{ rule: 'results_exist', step: 'nope' }] }, 'verify.0.step'],
    [{ ...good, steps: [{ id: 'w', type: 'wait' }] }, 'steps.0'],
    [{ ...good, created_at: 'yesterday' }, 'created_at'],
    [{ ...good, steps: [{ ...good.steps[4], approval: { kind: 'bribe' } }] }, 'steps.0.approval.kind'],
  ])('rejects an invalid plan naming the field path (%#)', (plan, path) => {
    const r = validatePlan(plan);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('VALIDATION_ERROR');
    expect(r.error.path).toBe(path);
    expect(r.error.message).toContain(path);
  });

  it('canonical JSON ignores key order', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe(canonicalJson({ a: [{ x: 1, y: 2 }], b: 1 }));
  });

  it('validates engine events', () => {
    const e = EngineEvent.parse({
      id: 'e1',
      session_id: 's',
      ts: '2026-11-22T01:00:00.000Z',
      type: 'POLICY_DECISION',
      level: 'info',
      message: 'm',
    });
    expect(e.data).toEqual({});
    expect(EngineEvent.safeParse({ ...e, type: 'nope' }).success).toBe(false);
  });
});
