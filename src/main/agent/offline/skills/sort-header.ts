import type { StepRecord } from '../../loop/actions.ts';
import type { PageModel } from '../../page-model/types.ts';
import { normText, usableButtons } from '../refs.ts';
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
  // (a header that shows it sorts — "Cost ↕" — or one of a word or two that is the key itself: "Rent")
  const header = usableButtons(model).find(
    (b) =>
      b.kind !== 'link' &&
      words.some((w) => normText(b.text).startsWith(w)) &&
      (/[↕↑↓▲▼⇅]|sort/i.test(b.text) || (normText(b.text).split(' ').length <= 2 && words.includes(normText(b.text).split(' ')[0] ?? ''))),
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
