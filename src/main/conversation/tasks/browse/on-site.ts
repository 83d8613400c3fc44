/**
 * A browse pack on the sites the person chose that no recipe knows: one agent-loop errand per
 * site, in order, their rows merged. An errand that needs the person (the gate asked) stops the
 * run there; the task resumes that errand once they decided.
 */
import { type ErrorValue, StewardError } from '../../../../shared/errors.ts';
import type { AnySite, BrowsePack, Facts, Locale } from '../../../packs/types.ts';
import type { PlanRunOutcome, Rows } from '../../plan-runner.ts';
import type { LoopRunner } from './loop-run.ts';
import type { ChosenSite } from './sites.ts';

export async function runOnSites(
  loop: LoopRunner,
  pack: BrowsePack & { anySite: AnySite },
  facts: Facts,
  sites: ChosenSite[],
  locale: Locale,
  ctx: { sessionId: string; turnId: string },
  planId: string,
): Promise<{ planId: string; outcome: PlanRunOutcome }> {
  const extracted: Record<string, Rows> = {};
  let last: { planId: string; outcome: PlanRunOutcome } | undefined;
  const failures: Array<{ site: string; error: ErrorValue }> = [];
  for (const site of sites) {
    const r = await loop.run(
      {
        url: site.url,
        as: pack.anySite.as ?? site.name,
        goal: { locale, slots: pack.anySite.slots(facts, locale), submit: true },
        read: pack.anySite.read,
        ...(pack.anySite.onlyFields ? { onlyFields: true } : {}),
      },
      ctx,
      planId,
    );
    const { planId: _id, ...outcome } = r;
    Object.assign(extracted, outcome.extracted);
    last = { planId, outcome: { ...outcome, extracted: { ...extracted } } as PlanRunOutcome };
    if (outcome.status === 'failed') {
      failures.push({ site: site.name, error: outcome.error });
      continue;
    }
    if (outcome.status !== 'completed') return last;
  }
  if (!last)
    return { planId: '', outcome: { status: 'failed', error: new StewardError('USAGE_ERROR', 'no site chosen').toValue(), extracted } };
  // one site that answered is enough to present; the failures are said with the results
  if (Object.values(extracted).some((rows) => rows.length) || !failures.length)
    return { planId: last.planId, outcome: { status: 'completed', extracted } };
  const first = failures[0] as (typeof failures)[number];
  return {
    planId: last.planId,
    outcome: {
      status: 'failed',
      error: { ...first.error, message: failures.map((f) => `${f.site}: ${f.error.message}`).join(' / ') },
      extracted,
    },
  };
}
