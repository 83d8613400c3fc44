import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import type { Later } from './later-errand.ts';

/**
 * A day the page does not offer yet, or has no place for on this step, may hang on a choice said
 * with it (a branch, a doctor, a service): the clauses after it (up to the send) are done first,
 * once, and the day is tried again after them; else a list not opened yet is looked into for
 * the pieces still waiting; else, with nothing said to do first, a day and time with no place
 * here are held for the step that takes them (and asked about if none does). Rearranges
 * `clauses` at `at` and returns true when it did one of these.
 */
export function dayLater(
  clause: Clause,
  why: string,
  clauses: Clause[],
  at: number,
  deferred: WeakSet<Clause>,
  later: Later,
  model: PageModel,
): boolean {
  const noPlace = /^No field on the page takes the date/.test(why);
  if (!/cannot be chosen/.test(why) && !noPlace) return false;
  const send = clauses.findIndex((c, i) => i > at && (c.kind === 'submit' || c.kind === 'send'));
  const to = send < 0 ? clauses.length : send;
  if (!deferred.has(clause) && to > at + 1) {
    deferred.add(clause);
    clauses.splice(at, 1);
    clauses.splice(to - 1, 0, clause);
    return true;
  }
  const look = later.lookInto(model);
  if (look) {
    clauses.splice(at, 0, look);
    return true;
  }
  if (clause.kind === 'form' && noPlace && Object.keys(clause.slots).every((k) => k === 'date_start' || k === 'time')) {
    later.hold(clause.slots);
    clauses.splice(at, 1);
    return true;
  }
  return false;
}
