/** Plans from a session bundle written by the store's own export (the log explorer's "Export bundle"). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planFromBundle } from '../../../../src/cli/plan/source.ts';
import { openStore } from '../../../../src/main/store/index.ts';
import { isStewardError } from '../../../../src/shared/errors.ts';
import { Plan } from '../../../../src/shared/plan.ts';

const dir = mkdtempSync(join(tmpdir(), 'plan-src-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const plan = (id: string, value: string) =>
  Plan.parse({
    plan_id: id,
    intent: 'Contact',
    created_at: '2026-12-01T09:00:00+09:00',
    steps: [
      { id: 'open', type: 'navigate', url: 'https://example.test/contact' },
      { id: 'email', type: 'fill', target: { label: 'Email' }, value },
    ],
  });

function exported(plans: Plan[]): string {
  const store = openStore(':memory:');
  try {
    store.records.createSession({ id: 's1' });
    for (const p of plans) store.records.savePlan('s1', p);
    const path = join(dir, `bundle-${plans.map((p) => p.plan_id).join('-')}.json`);
    writeFileSync(path, JSON.stringify(store.exportSessionBundle('s1')));
    return path;
  } finally {
    store.close();
  }
}

function failure(fn: () => unknown) {
  try {
    fn();
  } catch (e) {
    if (isStewardError(e)) return e.toValue();
    throw e;
  }
  throw new Error('expected a failure');
}

describe('plan from a bundle', () => {
  it('takes the one plan of a bundle as exported', () => {
    const src = planFromBundle(exported([plan('p1', 'hello')]), undefined);
    expect(src.plan.steps[1]).toMatchObject({ id: 'email', value: 'hello' });
    expect(src.origin).toMatchObject({ kind: 'bundle', session_id: 's1', plan_id: 'p1' });
  });

  it('refuses a value the export masked, naming its path, instead of typing the mask', () => {
    const err = failure(() => planFromBundle(exported([plan('p2', 'minji.kim@example.com')]), undefined));
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.details.paths).toEqual(['steps.1.value']);
    expect(err.suggestions[0]).toContain('cdt plan show');
  });

  it('asks which plan when the bundle holds several, and names a missing one', () => {
    const path = exported([plan('a', 'x'), plan('b', 'y')]);
    const which = failure(() => planFromBundle(path, undefined));
    expect([which.code, which.details.plan_ids]).toEqual(['USAGE_ERROR', ['a', 'b']]);
    expect(planFromBundle(path, 'b').plan.steps[1]).toMatchObject({ value: 'y' });
    expect(failure(() => planFromBundle(path, 'c')).code).toBe('USAGE_ERROR');
    const notBundle = join(dir, 'plain.json');
    writeFileSync(notBundle, '{"steps":[]}');
    expect(failure(() => planFromBundle(notBundle, undefined)).message).toContain('not a Steward session bundle');
  });
});
