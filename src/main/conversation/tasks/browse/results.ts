/**
 * A browse run's rows shown to the person: implausible rows rejected (audited) — saying so when
 * none is left — rows grouped by site (recipe sites and sites the loop ran on), presented by the
 * pack (or by its any-site presentation from what the last page showed), then the pack's rules.
 */

import { StewardError } from '../../../../shared/errors.ts';
import { fill } from '../../../packs/text.ts';
import type { BrowsePack } from '../../../packs/types.ts';
import { currentStage, drive } from '../../machine.ts';
import type { Rows } from '../../plan-runner.ts';
import type { BrowseSetup, TaskDeps, TaskTurnResult, TurnContext } from '../types.ts';
import { failWith } from './fail.ts';
import { PAGE_KEY } from './loop-run.ts';
import { keepPlausible } from './plausible.ts';
import { PLACE_NEXT, PLACE_NOT_SHOWN, PRICES_NEXT, PRICES_UNREADABLE } from './texts.ts';

export async function presentResults(
  t: TurnContext & { audit: TaskDeps['audit'] },
  pack: BrowsePack,
  deps: BrowseSetup,
  lead: string,
): Promise<TaskTurnResult> {
  // what the loop saw on the last page (not result rows): read by the pack's any-site presentation
  const all = t.facts.extracted as Record<string, Rows>;
  const pageSeen = Object.entries(all).flatMap(([k, v]) => (k.startsWith(PAGE_KEY) ? v : []));
  const checked = keepPlausible(pack, Object.fromEntries(Object.entries(all).filter(([k]) => !k.startsWith(PAGE_KEY))));
  for (const x of checked.rejected)
    t.audit.emit(
      'verification_failed',
      `row ${x.row} of ${x.step} rejected: price ${JSON.stringify(x.price)} is not plausible`,
      {
        rule: 'fields_plausible',
        step: x.step,
        row: x.row,
        field: 'price',
        seen: x.price,
      },
      'warn',
    );
  const unshown = t.facts.via_loop === true && pack.anySite?.read ? placesNotShown(pack.anySite.slots(t.facts, t.locale), pageSeen) : [];
  if (unshown.length) {
    const said = unshown.map((u) => u.split('|')[0]).join(', ');
    t.audit.emit(
      'verification_failed',
      `slot_applied: the results page does not name ${unshown.join(', ')}`,
      { rule: 'slot_applied', expected: unshown },
      'warn',
    );
    const failure = new StewardError('VERIFICATION_FAILED', `the results page does not name ${unshown.join(', ')}`);
    return failWith(t, failure.toValue(), lead, { says: fill(PLACE_NOT_SHOWN, t.locale, { said }), next: fill(PLACE_NEXT, t.locale) });
  }
  if (checked.noneLeft) {
    const seen = [...new Set(checked.rejected.map((x) => (x.price === null ? '-' : String(x.price))))].slice(0, 3).join(', ');
    const says = fill(PRICES_UNREADABLE, t.locale, { count: checked.rejected.length, seen });
    const failure = new StewardError('VERIFICATION_FAILED', `no plausible price among ${checked.rejected.length} rows (seen ${seen})`);
    return failWith(t, failure.toValue(), lead, { says, next: fill(PRICES_NEXT, t.locale) });
  }
  const rowsBySite: Record<string, Rows> = {};
  const loopSites = Object.keys(checked.rows).flatMap((k) => (k.endsWith('.loop') ? [k.slice(0, -'.loop'.length)] : []));
  for (const site of new Set([...pack.recipes.map((r) => r.site), ...loopSites])) {
    const rows = Object.entries(checked.rows)
      .filter(([step]) => step.startsWith(`${site}.`))
      .flatMap(([, v]) => v);
    if (rows.length || deps.sites[site] || loopSites.includes(site)) rowsBySite[site] = rows;
  }
  const viaLoop = t.facts.via_loop === true && pack.anySite;
  const seen = { ...(deps.context ?? {}), ...t.facts, page_seen: pageSeen };
  const presented = viaLoop && pack.anySite?.present ? pack.anySite.present(seen, t.locale) : pack.present(rowsBySite, seen, deps.sites);
  t.facts.results = presented.items;
  drive(t.actor, t.audit, { type: 'SLOTS', facts: t.facts });
  for (const rule of (viaLoop ? pack.anySite?.verification : undefined) ?? pack.verification) {
    const miss = rule.check({ ...t.facts, page_seen: pageSeen });
    if (miss) {
      t.audit.emit('verification_failed', `${rule.id}: expected ${miss.expected}, saw ${miss.seen}`, { rule: rule.id, ...miss }, 'warn');
      // a page the site answered with an error is quoted: the person hears what the page says
      const pageSays = await deps.pageError?.();
      const failure = new StewardError('VERIFICATION_FAILED', `${rule.id}: expected ${miss.expected}, saw ${miss.seen}`, {
        details: { rule: rule.id, ...miss, ...(pageSays ? { page_says: pageSays } : {}) },
      });
      return failWith(t, failure.toValue(), lead);
    }
    t.audit.emit('verification_passed', rule.id, { rule: rule.id });
  }
  drive(t.actor, t.audit, { type: 'VERIFIED', outcome: 'done' });
  return {
    stage: currentStage(t.actor),
    reply: [lead, fill(presented.answer, t.locale)].filter(Boolean).join('\n'),
    outcome: 'done',
    results: presented.items,
  };
}

/** The place values (origin, destination, city; `a|b` alternatives) that the last page's title, headings and messages never name. */
export function placesNotShown(slots: Record<string, string>, pageSeen: Rows): string[] {
  const text = pageSeen
    .flatMap((p) => [
      String(p.title ?? ''),
      ...((p.headings as string[] | undefined) ?? []),
      ...((p.messages as string[] | undefined) ?? []),
    ])
    .join(' ')
    .toLowerCase();
  return ['origin', 'destination', 'city']
    .flatMap((k) => (slots[k] ? [slots[k] as string] : []))
    .filter((v) => !v.split('|').some((alt) => alt.trim() && text.includes(alt.trim().toLowerCase())));
}
