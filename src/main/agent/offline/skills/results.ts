import type { StepRecord } from '../../loop/actions.ts';
import type { Criterion } from '../../loop/contract.ts';
import type { Button, PageModel, ResultRecord } from '../../page-model/types.ts';
import { typeRecord } from '../../page-model/values.ts';
import { coverage, normText, similarity } from '../refs.ts';
import { act, notFound, type SkillStep, verified } from './step.ts';

const PICK = /^(select|choose|book|reserve|buy|add|view|details?|open|go|선택|예약|구매|담기|장바구니|보기|상세|자세히)/i;

/** The records of the page's main result list (the one with the most records). */
export function mainRecords(model: PageModel): ResultRecord[] {
  const lists = [...model.lists].sort((a, b) => b.records.length - a.records.length);
  return lists[0]?.records ?? [];
}

/** Chooses a record by a criterion: cheapest, earliest, Nth, matching text; filtered by direct / budget. */
export function chooseRecord(records: ResultRecord[], c: Criterion): ResultRecord | undefined {
  let pool = records;
  if (c.direct) pool = pool.filter((r) => r.values.stops === 0);
  if (c.maxPrice !== undefined) pool = pool.filter((r) => r.values.money !== undefined && r.values.money <= (c.maxPrice as number));
  if (c.text) {
    const score = new Map(
      pool.map((r) => [r, Math.max(similarity(c.text as string, [r.text, ...r.cells]), coverage(c.text as string, [r.text]))]),
    );
    pool = pool.filter((r) => (score.get(r) ?? 0) >= 0.5);
    // by words alone: the record that fits them best
    if (c.by === 'text') pool = [...pool].sort((a, b) => (score.get(b) ?? 0) - (score.get(a) ?? 0));
  }
  const by = (f: (r: ResultRecord) => number | undefined, dir: 1 | -1) =>
    pool.filter((r) => f(r) !== undefined).sort((a, b) => dir * ((f(a) as number) - (f(b) as number)))[0];
  switch (c.by) {
    case 'cheapest':
      return by((r) => r.values.money, 1);
    case 'priciest':
      return by((r) => r.values.money, -1);
    case 'earliest':
      return by((r) => r.values.time, 1);
    case 'latest':
      return by((r) => r.values.time, -1);
    case 'shortest':
      return by((r) => r.values.duration, 1);
    case 'best_rated':
      return by((r) => r.values.rating, -1);
    case 'nth':
      return (c.nth ?? 1) < 0 ? pool.at(c.nth ?? -1) : pool[(c.nth ?? 1) - 1];
    default:
      return pool[0];
  }
}

/** What to click in a record: to open it, its first link; to pick it, its select/book button. */
export function recordAction(r: ResultRecord, verb: 'open' | 'pick'): Button | undefined {
  const links = r.actions.filter((a) => a.kind === 'link' && a.text);
  const buttons = r.actions.filter((a) => a.kind !== 'link' && PICK.test(normText(a.text)));
  return verb === 'open' ? (links[0] ?? buttons[0] ?? r.actions[0]) : (buttons[0] ?? links[0] ?? r.actions[0]);
}

/**
 * Picks a result by a criterion; when the criterion names a text that no record on this page
 * has, pages through the results with the page's own "next" until it shows up.
 */
export function pickResult(c: Criterion, verb: 'open' | 'pick', model: PageModel, mine: StepRecord[]): SkillStep {
  if (verified(mine).some((s) => s.why.includes('pick:'))) return 'done';
  // the record named was opened to choose inside it ("the earliest slot with Dr. Patel"): its choices
  if (verified(mine).some((s) => s.why.includes('narrow:'))) {
    const inner = chooseInside(c, model);
    if (inner) return inner;
  }
  const records = mainRecords(model);
  if (!records.length) return notFound('a list of results');
  const r = chooseRecord(records, c);
  // the words name one record that does not itself show what to compare: open it, choose inside
  const named = !r && c.text && SUPERLATIVE.has(c.by) ? chooseRecord(records, { by: 'text', text: c.text }) : undefined;
  if (named && !verified(mine).some((s) => s.why.includes('narrow:'))) {
    const b = recordAction(named, 'pick');
    const words = named.cells.slice(0, 3).join(' · ');
    return act(
      { kind: 'click', handle: b?.handle ?? named.handle },
      b?.text || words,
      `narrow: open "${words}" to choose the ${criterionText({ ...c, text: undefined })} in it`,
      {
        kind: 'change',
      },
    );
  }
  if (!r) {
    const paged = verified(mine).filter((s) => s.why.includes('page:')).length;
    if (c.text && model.pagination.next && paged < 10)
      return act({ kind: 'click', handle: model.pagination.next }, 'next page', `page: "${c.text}" is not on this page; go to the next`, {
        kind: 'change',
      });
    return { type: 'fail', code: 'ELEMENT_NOT_FOUND', why: `No result fits (${criterionText(c)}) among ${records.length} shown.` };
  }
  const scanned = scanPages(c, r, model, mine);
  if (scanned) return scanned;
  const target = recordAction(r, verb);
  const words = r.cells.slice(0, 4).join(' · ');
  // a link its own card lies over (the card's text drawn above it): a person's click lands on the
  // card; the link's address is where it goes
  const covered =
    target && mine.some((s) => !s.ok && s.error?.code === 'TARGET_OBSCURED' && 'handle' in s.action && s.action.handle === target.handle);
  if (covered && target.kind === 'link' && /^https?:/i.test(target.href))
    return act(
      { kind: 'navigate', url: target.href },
      target.text,
      `pick: result #${r.index + 1} is the ${criterionText(c)} (${words}); its link is under the card, open its address`,
      {
        kind: 'change',
      },
    );
  return act(
    { kind: 'click', handle: target?.handle ?? r.handle },
    target?.text || words,
    `pick: result #${r.index + 1} is the ${criterionText(c)} (${words})`,
    { kind: 'change' },
  );
}

export function criterionText(c: Criterion): string {
  const base = c.by === 'nth' ? `#${c.nth}` : c.by.replace('_', ' ');
  return [base, c.direct ? 'direct' : '', c.maxPrice !== undefined ? `≤ ${c.maxPrice}` : '', c.text ? `"${c.text}"` : '']
    .filter(Boolean)
    .join(', ');
}

const SUPERLATIVE = new Set<Criterion['by']>(['cheapest', 'priciest', 'earliest', 'latest', 'shortest', 'best_rated']);

function keyOf(c: Criterion, r: ResultRecord): number | undefined {
  const v = r.values;
  const raw =
    c.by === 'cheapest' || c.by === 'priciest'
      ? v.money
      : c.by === 'earliest' || c.by === 'latest'
        ? v.time
        : c.by === 'shortest'
          ? v.duration
          : v.rating;
  if (raw === undefined) return undefined;
  return c.by === 'priciest' || c.by === 'latest' || c.by === 'best_rated' ? -raw : raw;
}

/**
 * "The cheapest" over results split into pages: look at every page first (the page's own
 * next button), remembering each page's best, then come back to the page that had the best
 * one (its page number, or the previous button) before picking.
 */
function scanPages(c: Criterion, here: ResultRecord, model: PageModel, mine: StepRecord[]): SkillStep | undefined {
  if (!SUPERLATIVE.has(c.by)) return undefined;
  const seen = verified(mine).filter((s) => s.why.includes('scan: '));
  const back = verified(mine).filter((s) => s.why.includes('back: ')).length;
  const bests = seen.map((s) => Number(/scan: best ([-\d.]+)/.exec(s.why)?.[1]));
  const mineKey = keyOf(c, here) ?? Number.POSITIVE_INFINITY;
  // a next button that changed nothing means this was the last page
  const ended = mine.some((s) => !s.ok && s.why.includes('scan: '));
  if (!back && !ended && model.pagination.next && seen.length < 10) {
    return act(
      { kind: 'click', handle: model.pagination.next },
      'next page',
      `scan: best ${mineKey} on page ${seen.length + 1}; look at the next page too`,
      { kind: 'change' },
    );
  }
  if (!seen.length) return undefined;
  const all = [...bests, back ? Number.POSITIVE_INFINITY : mineKey];
  const bestPage = all.indexOf(Math.min(...all));
  const jumped = verified(mine).some((s) => s.why.includes('back: ') && s.why.includes('by number'));
  const current = jumped ? bestPage : seen.length - back;
  if (bestPage === current) return undefined;
  const numbered = model.pagination.pages.find((p) => p.n === bestPage + 1);
  const handle = numbered?.handle ?? model.pagination.prev;
  if (!handle || back > seen.length) return undefined;
  return act(
    { kind: 'click', handle },
    numbered ? `page ${bestPage + 1}` : 'previous page',
    `back: page ${bestPage + 1} had the ${criterionText(c)}${numbered ? ' (by number)' : ''}`,
    { kind: 'change' },
  );
}

/** A choice the opened record offers (time slots, fares as radios): the one the criterion picks. */
function chooseInside(c: Criterion, model: PageModel): SkillStep | undefined {
  const options = model.groups.filter((g) => g.kind === 'radio').flatMap((g) => g.options);
  const keyed = options
    .map((o) => ({ o, v: typeRecord([o.label]) }))
    .map(({ o, v }) => ({ o, k: c.by === 'cheapest' || c.by === 'priciest' ? v.money : c.by === 'shortest' ? v.duration : v.time }))
    .filter((x): x is { o: (typeof options)[number]; k: number } => x.k !== undefined);
  if (!keyed.length) return undefined;
  const high = c.by === 'priciest' || c.by === 'latest';
  const best = keyed.sort((a, b) => (high ? b.k - a.k : a.k - b.k))[0]?.o;
  if (!best) return undefined;
  if (best.checked) return 'done';
  return act(
    { kind: 'click', handle: best.handle },
    best.label,
    `pick: "${best.label}" is the ${criterionText({ ...c, text: undefined })}`,
    {
      kind: 'checked',
      handle: best.handle,
      checked: true,
    },
  );
}
