import type { StepRecord } from '../../loop/actions.ts';
import type { Button, Field, PageModel } from '../../page-model/types.ts';
import { normText, usableButtons } from '../refs.ts';
import { headerStateFor, type SortKey, type SortOrder, sortFit, sortOrderOf } from '../sort-order.ts';
import { putValue } from './field.ts';
import { act, type SkillStep, verified } from './step.ts';

const DOWN = /high to low|highest|most|newest|latest|desc|높은|많은|최신|비싼/i;

/**
 * "sort by cost, lowest first" on a table sorted by its own column headers ("Cost ↕"): the
 * header named by the order's first word is pressed, and the rows the page then shows are the
 * check — their prices must run the way that was asked (pressed once more when they run the
 * other way). Undefined when no header is named.
 */
export function sortByHeader(order: string, model: PageModel, mine: StepRecord[]): SkillStep | undefined {
  const words = order
    .split('|')
    .map((o) => normText(o).split(' ')[0] ?? '')
    .filter((w) => w.length >= 3);
  const key = wishOf(order).key;
  // (a header that shows it sorts — "Cost ↕" — or one of a word or two that is the key itself: "Rent", or says it: "요금")
  const header = usableButtons(model).find(
    (b) =>
      b.kind !== 'link' &&
      (words.some((w) => normText(b.text).startsWith(w)) || (key && b.sorted && sortOrderOf(b.text).key === key)) &&
      (/[↕↑↓▲▼⇅]|sort/i.test(b.text) ||
        b.sorted ||
        (normText(b.text).split(' ').length <= 2 && words.includes(normText(b.text).split(' ')[0] ?? ''))),
  );
  if (!header) return undefined;
  const pressed = verified(mine).filter((s) => s.action.kind === 'click' && s.action.handle === header.handle).length;
  const prices = (model.lists.find((l) => l.records.some((r) => r.values.money !== undefined))?.records ?? [])
    .map((r) => r.values.money)
    .filter((v): v is number => v !== undefined);
  const down = DOWN.test(order.split('|')[0] ?? order);
  const inOrder =
    prices.length >= 2 && prices.every((p, i) => i === 0 || (down ? p <= (prices[i - 1] as number) : p >= (prices[i - 1] as number)));
  if (pressed && inOrder) return 'done';
  if (pressed >= 2)
    return {
      type: 'fail',
      code: 'VERIFICATION_FAILED',
      why: `The rows do not run ${down ? 'high to low' : 'low to high'} after "${header.text}".`,
    };
  return act({ kind: 'click', handle: header.handle }, header.text, `sort: "${header.text}" orders the rows by it`, { kind: 'change' });
}

/** The order said: its first wording, or all of them when the first names neither a key nor a way. */
function wishOf(said: string): SortOrder {
  const first = sortOrderOf(said.split('|')[0] ?? said);
  return first.key || first.down !== undefined ? first : sortOrderOf(said.replace(/\|/g, ' '));
}

type Place =
  | { kind: 'select'; field: Field; label: string; score: number }
  | { kind: 'option'; handle: string; label: string; checked: boolean; score: number }
  | { kind: 'button'; button: Button; score: number };

/**
 * What a column sorts by when its header's words do not say ("How far", "When"): what its
 * cells hold — distances, prices, ratings, days, lengths of time — in most of its rows.
 */
function columnKey(header: string, model: PageModel): SortKey | undefined {
  const h = normText(header);
  const list = model.lists.find((l) => l.headers.some((x) => normText(x) === h));
  if (!list) return undefined;
  const at = list.headers.findIndex((x) => normText(x) === h);
  const cells = list.records.map((r) => r.cells[at] ?? '').filter((c) => c.trim());
  if (cells.length < 2) return undefined;
  const most = (re: RegExp) => cells.filter((c) => re.test(c)).length * 2 > cells.length;
  if (most(/\d(?:[.,]\d+)?\s*(?:km|mi|miles?|m)(?![a-z])|\d\s*(?:킬로|미터)/i)) return 'distance';
  if (most(/[$₩€£]\s?\d|\d\s*(?:원|won|usd|eur|gbp)(?![a-z])/i)) return 'price';
  if (most(/★|⭐|\d\.\d\s*\/\s*5|\d\.\d\s*(?:stars?|점)/i)) return 'rating';
  if (most(/\d\s*(?:min|mins|minutes?|hrs?|hours?|분|시간)(?![a-z])/i)) return 'duration';
  return undefined;
}

/**
 * A list sorted the way the person asked, by the page's own means for it, read by meaning ("금액
 * 적은 순" is the option "적은 금액순", "cheapest first" the chip "Price: Low to High", "요금" the
 * column header "Price"): a column header that says how its rows run is pressed until it says
 * the asked way; otherwise the order among a list's options, a group's choices or short buttons
 * that says the same key and way best. Undefined when the words name no order or the page shows
 * none of them (the caller's other readings go on).
 */
export function sortList(said: string, model: PageModel, mine: StepRecord[]): SkillStep | undefined {
  const wish = wishOf(said);
  if (!wish.key && wish.down === undefined) return undefined;
  const headers = usableButtons(model).filter(
    (b) => b.sorted !== undefined && wish.key && (sortOrderOf(b.text).key ?? columnKey(b.text, model)) === wish.key,
  );
  const header = headers.find((b) => b.sorted !== 'unmarked') ?? headers[0];
  if (header && header.sorted !== 'unmarked') {
    const want = headerStateFor(wish);
    if (header.sorted === want) return 'done';
    const pressed = verified(mine).filter((s) => s.action.kind === 'click' && s.action.handle === header.handle).length;
    if (pressed >= 3) return { type: 'fail', code: 'VERIFICATION_FAILED', why: `"${header.text}" does not sort its rows ${want}.` };
    return act({ kind: 'click', handle: header.handle }, header.text, `sort: "${header.text}" orders the rows ${want}`, { kind: 'change' });
  }
  const places: Place[] = [];
  for (const f of model.fields)
    if (f.kind === 'select' && !f.disabled)
      for (const o of f.options ?? []) places.push({ kind: 'select', field: f, label: o.label, score: sortFit(wish, o.label) });
  for (const g of model.groups)
    for (const o of g.options)
      places.push({ kind: 'option', handle: o.handle, label: o.label, checked: o.checked, score: sortFit(wish, o.label) });
  for (const b of usableButtons(model))
    if (b.sorted === undefined && normText(b.text).split(' ').length <= 5)
      places.push({ kind: 'button', button: b, score: sortFit(wish, b.text) });
  const best = places.reduce<Place | undefined>((a, p) => (p.score > (a?.score ?? 0) ? p : a), undefined);
  // the orders behind a closed popup ("Sort: Recommended ▾"): opened once to see them
  const SORTS = /sort|order|정렬|순(?:\s|$|▾)/i;
  const popup =
    usableButtons(model).find((b) => b.expanded === false && SORTS.test(b.text)) ??
    model.fields.find((f) => f.kind === 'combobox' && !f.disabled && SORTS.test([f.label, f.value, ...f.texts].join(' ')));
  if (!best && popup && !verified(mine).some((s) => s.action.kind === 'click' && s.action.handle === popup.handle))
    return act(
      { kind: 'click', handle: popup.handle },
      'text' in popup ? popup.text : popup.label,
      'sort: open the list of orders to see them',
      {
        kind: 'change',
      },
    );
  if (!best) return header ? sortByHeader(said, model, mine) : undefined;
  if (best.kind === 'select') return putValue(best.field, best.label, model, mine);
  if (best.kind === 'option') {
    if (best.checked) return 'done';
    return act({ kind: 'click', handle: best.handle }, best.label, `sort: "${best.label}" is the order asked`, {
      kind: 'checked',
      handle: best.handle,
      checked: true,
    });
  }
  const b = best.button;
  if (b.selected || verified(mine).some((s) => s.action.kind === 'click' && s.action.handle === b.handle)) return 'done';
  return act({ kind: 'click', handle: b.handle }, b.text, `sort: "${b.text}" is the order asked`, { kind: 'change' });
}
