/** A browse pack's recipes turned into one validated plan. */
import { randomUUID } from 'node:crypto';
import { type Plan, validatePlan } from '../../../../shared/plan.ts';
import type { BrowsePack, Facts, Locale } from '../../../packs/types.ts';

/** One plan over every recipe whose site has a base URL; step ids are prefixed by the site; summaries in `locale` when given. */
export function buildPlan(
  pack: BrowsePack,
  facts: Facts,
  sites: Record<string, string>,
  now: Date,
  locale?: Locale,
): { ok: true; plan: Plan; sites: string[] } | { ok: false; code: 'USAGE_ERROR' | 'VALIDATION_ERROR'; message: string } {
  const usable = pack.recipes.filter((r) => sites[r.site]);
  if (!usable.length) {
    return {
      ok: false,
      code: 'USAGE_ERROR',
      message: `no site URL for ${pack.recipes.map((r) => r.site).join(' or ')} (pass --site name=url)`,
    };
  }
  const built = usable.map((r) => ({ site: r.site, plan: r.build(facts, sites[r.site] as string, locale) }));
  const steps = built.flatMap((b) => b.plan.steps.map((s) => ({ ...s, id: `${b.site}.${s.id}` })));
  // a rule about one step names it by the recipe's id: prefixed like the step
  const verify = built.flatMap((b) =>
    (b.plan.verify ?? []).map((v) => (typeof v.step === 'string' ? { ...v, step: `${b.site}.${v.step}` } : v)),
  );
  const slots = Object.fromEntries(Object.entries(facts).filter(([k]) => pack.slots.some((s) => s.name === k)));
  const v = validatePlan({
    plan_id: `plan_${randomUUID().slice(0, 8)}`,
    intent: pack.intent,
    pack: pack.id,
    created_at: now.toISOString(),
    slots,
    steps,
    verify,
  });
  if (!v.ok) return { ok: false, code: 'VALIDATION_ERROR', message: v.error.message };
  return { ok: true, plan: v.plan, sites: usable.map((r) => r.site) };
}
