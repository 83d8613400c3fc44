import type { StepRecord } from '../../loop/actions.ts';
import type { Criterion } from '../../loop/contract.ts';
import type { Button, PageModel } from '../../page-model/types.ts';
import { sameMeaning } from '../glossary.ts';
import { coverage, normText, similarity, usableButtons } from '../refs.ts';
import { putValue, setCount } from './field.ts';
import { chooseRecord, mainRecords, recordAction } from './results.ts';
import { act, notFound, type SkillStep, verified } from './step.ts';

const ADD = sameMeaning('add to cart');
/** A list's own button for more of it. */
export const MORE = /^(?:load|show|see|view) more|^more (?:results|items|deals)|더 ?보기|더 ?불러오기|더보기/i;
const isAdd = (b: Button) => similarity(ADD, [b.text]) >= 0.6 || /^(add|buy|담기|장바구니 담기|구매)/i.test(normText(b.text));

/**
 * "에어팟 프로 2 장바구니에 담아줘", "add the cheapest USB-C cable to my basket", "갤럭시 버즈3 실버
 * 2개 장바구니에 넣어줘": find the item (search for it when the page lists nothing like it), add it
 * from the list when its row has an add button and nothing else was asked, else open it, choose
 * the options the request names (a colour, a size) and the quantity, and press its add button.
 */
export function addToCart(
  item: string,
  pick: Criterion | undefined,
  qty: number | undefined,
  model: PageModel,
  mine: StepRecord[],
): SkillStep {
  const done = verified(mine);
  if (done.some((s) => s.why.includes('cart: add'))) return 'done';
  const opened = done.some((s) => s.why.includes('cart: open'));
  // the item's own page: options named in the request, the quantity, then its add button
  const add = usableButtons(model).find((b) => isAdd(b) && !b.regions.some((r) => r.startsWith('rec:')));
  // (a page with an add button and no list is the item's own page only when it is about the item)
  const aboutItem = coverage(item, [model.title, ...model.headings]) >= 0.5;
  if (opened || (add && !mainRecords(model).length && aboutItem)) {
    for (const g of model.groups) {
      const o = g.options.find((x) => x.label && coverage(x.label, [item]) >= 1);
      if (o && !o.checked)
        return act({ kind: 'click', handle: o.handle }, o.label, `cart: "${o.label}" is the option asked for`, {
          kind: 'checked',
          handle: o.handle,
          checked: true,
        });
    }
    if (qty !== undefined && qty > 1) {
      const field = model.fields.find((f) => f.purpose === 'quantity' && !f.disabled);
      const stepper = model.steppers.find((s) => /qty|quantity|수량|개수/i.test(s.label)) ?? model.steppers[0];
      const shows = field ? Number(field.value) === qty : stepper?.value === qty;
      if (!shows) {
        if (stepper && (stepper.value !== null || !field)) {
          const step = setCount(stepper, qty);
          if (step !== 'done') return step;
        } else if (field) {
          const step = putValue(field, String(qty), model, mine);
          if (step !== 'done') return step;
        }
      }
    }
    if (add) return act({ kind: 'click', handle: add.handle }, add.text, `cart: add "${item}" with "${add.text}"`, { kind: 'change' });
    return notFound(`an "add to cart" button for "${item}"`);
  }
  const records = mainRecords(model);
  // no item words ("the top one"): every record, chosen by its place
  const named = item ? records.filter((r) => Math.max(similarity(item, [r.text, ...r.cells]), coverage(item, [r.text])) >= 0.5) : records;
  // "맨 위에 있는 책": no record has the word for the thing, its place in the list picks it
  const fits = named.length || pick?.by !== 'nth' ? named : records;
  if (fits.length) {
    const r = chooseRecord(fits, pick ?? { by: 'text', text: item }) ?? fits[0];
    if (!r) return notFound(`"${item}"`);
    const own = r.actions.find(isAdd);
    // the row's own add button takes it as it is: only when no option or quantity was asked
    const plain = qty === undefined || qty === 1;
    const words = item.split(/\s+/).length;
    // a row with its own count box ("Copies [1] Add to bag"): the count there, then its add button
    const box =
      own && !plain ? model.fields.find((f) => f.regions.some((g) => g === `rec:${r.list}:${r.index}`) && !f.disabled) : undefined;
    if (box && own && qty !== undefined) {
      const step = putValue(box, String(qty), model, mine);
      if (step !== 'done') return step;
      return act({ kind: 'click', handle: own.handle }, own.text, `cart: add ${qty} × "${r.cells[0] ?? item}" from its row`, {
        kind: 'change',
      });
    }
    if (own && plain && (!item || fits !== named || coverage(item, [r.text]) >= Math.min(1, (words - 0.5) / words)))
      return act({ kind: 'click', handle: own.handle }, own.text, `cart: add "${r.cells[0] ?? item}" from its row`, { kind: 'change' });
    const link = recordAction(r, 'open');
    return act({ kind: 'click', handle: link?.handle ?? r.handle }, link?.text ?? r.cells[0] ?? '', `cart: open "${r.cells[0] ?? item}"`, {
      kind: 'change',
    });
  }
  // nothing like it listed yet: the list's own "load more" first (bounded), then the page's search box
  const more = usableButtons(model).find((b) => MORE.test(normText(b.text)));
  if (more && records.length && done.filter((s) => s.why.includes('cart: more')).length < 10)
    return act({ kind: 'click', handle: more.handle }, more.text, `cart: more — "${item}" is not among the ${records.length} shown`, {
      kind: 'change',
    });
  // nothing like it listed: search for it with the page's own search box
  const query = model.fields.find((f) => f.purpose === 'query' && !f.disabled);
  if (query && !done.some((s) => s.why.includes('cart: search'))) {
    if (!done.some((s) => 'handle' in s.action && s.action.handle === query.handle)) {
      const step = putValue(query, item, model, mine);
      if (step !== 'done') return step.type !== 'act' ? step : { ...step, why: `cart: type "${item}" to look for it` };
    }
    const form = model.forms.find((f) => f.fields.some((x) => x.handle === query.handle));
    const go = form?.submit ?? usableButtons(model).find((b) => b.form === query.form && b.kind !== 'link');
    if (go) return act({ kind: 'click', handle: go.handle }, go.text, `cart: search for "${item}"`, { kind: 'change' });
    return act({ kind: 'press', key: 'Enter', handle: query.handle }, query.label, `cart: search for "${item}"`, { kind: 'change' });
  }
  return notFound(`"${item}" among the items shown`);
}
