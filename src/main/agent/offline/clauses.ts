import type { Criterion } from '../loop/contract.ts';
import type { RowRequest } from './row-words.ts';
import type { SlotRequest } from './slot-words.ts';

/** One thing the person asked for, in the order they said it. */
export type Clause =
  | { kind: 'fill'; ref: string; value: string }
  /** handle: a control known already (a list opened to look into it, a slot found by its day and time), pressed as it is, for `why` */
  | { kind: 'click'; ref: string; optional?: boolean; handle?: string; why?: string }
  /** an action on one record named by its words: star, archive, delete … */
  | { kind: 'record'; verb: string; text: string }
  /** put an item named by its words in the cart: found, searched for or opened as needed */
  | { kind: 'cart'; item: string; pick?: Criterion; qty?: number }
  /** the same answer in every row of a grid of choices */
  | { kind: 'every'; answer: string }
  /** only this option of a group of filter boxes: it ticked, the others not */
  | { kind: 'only'; option: string }
  /** sort: the option is an order to sort a list in ("by price", "newest first") */
  | { kind: 'choose'; option: string; ref?: string; sort?: boolean }
  /** ifAny: said as "no X" — with nothing of that name on the page, nothing is ticked and nothing is to do */
  | { kind: 'check'; ref: string; checked: boolean; ifAny?: boolean }
  /** seats on a seat map by row and number ("F7"), or any free ones (as many as `count`, or as the page takes) */
  | { kind: 'seats'; seats: string[]; any?: boolean; count?: number }
  /** the month a page shows (a list of months, a month picker): a month of the year, or one relative to this one */
  | { kind: 'month'; month: number; year?: number; rel?: number }
  /** a counter of one kind (adults, 청소년 …) set to a number */
  | { kind: 'count'; ref: string; n: number }
  /** every switch or box of a group set to `checked`, the ones in `keep` the other way, the ones in `except` left as they are */
  | { kind: 'switches'; group: string; checked: boolean; keep?: string[]; except?: string[]; rest?: boolean }
  | { kind: 'result'; criterion: Criterion; verb: 'open' | 'pick' }
  | { kind: 'dismiss'; accept: boolean; ref?: string }
  | { kind: 'scroll'; ref?: string; to: 'bottom' | 'top' }
  | { kind: 'forward' }
  | { kind: 'submit' }
  | { kind: 'page'; n: number | 'next' | 'prev' }
  | { kind: 'form'; slots: Record<string, string> }
  /** one row's own action (book, join the waitlist, chat, offer), the row named by what it shows */
  | { kind: 'row'; row: RowRequest }
  /** send what a row's action opened, with the message or amount said */
  | { kind: 'send'; message?: string; amount?: string }
  /** reach a day on a page that shows one day at a time */
  | { kind: 'day'; date: string }
  /** hours of one row of a rooms × hours grid */
  | { kind: 'slots'; slots: SlotRequest };

export function clauseText(c: Clause): string {
  switch (c.kind) {
    case 'fill':
      return `put "${c.value}" in "${c.ref}"`;
    case 'click':
      return `click "${c.ref}"`;
    case 'choose':
      return `choose "${c.option}"${c.ref ? ` in "${c.ref}"` : ''}`;
    case 'check':
      return `${c.checked ? 'check' : 'uncheck'} "${c.ref}"`;
    case 'result':
      return `${c.verb} the ${c.criterion.by === 'nth' ? `#${c.criterion.nth}` : c.criterion.by}${c.criterion.text ? ` "${c.criterion.text}"` : ''} result`;
    case 'dismiss':
      return c.accept ? 'accept the dialog' : 'dismiss the dialog';
    case 'scroll':
      return `scroll ${c.ref ? `"${c.ref}"` : 'the page'} to the ${c.to}`;
    case 'page':
      return `go to page ${c.n}`;
    case 'only':
      return `only "${c.option}"`;
    case 'every':
      return `answer "${c.answer}" in every row`;
    case 'cart':
      return `add ${c.qty ? `${c.qty} × ` : ''}"${c.item}" to the cart`;
    case 'record':
      return `${c.verb} "${c.text}"`;
    case 'seats':
      return c.any ? `any ${c.count ?? ''} seats`.replace('  ', ' ') : `seats ${c.seats.join(', ')}`;
    case 'month':
      return c.rel !== undefined ? `show the month ${c.rel >= 0 ? '+' : ''}${c.rel}` : `show ${c.year ? `${c.year}-` : ''}${c.month}`;
    case 'count':
      return `set "${c.ref}" to ${c.n}`;
    case 'switches':
      return `${c.keep?.length ? `only ${c.keep.map((k) => `"${k}"`).join(', ')} ${c.checked ? 'off' : 'on'}, ` : ''}every${c.group ? ` "${c.group}"` : ''} switch ${c.checked ? 'on' : 'off'}`;
    case 'form':
      return `fill in ${Object.keys(c.slots).join(', ')}`;
    case 'row':
      return `press "${c.row.action.split('|')[0]}" on the row showing ${c.row.words.map((w) => `"${w}"`).join(' ') || 'what was said'}`;
    case 'send':
      return c.message ? `send "${c.message}"` : c.amount ? `send ${c.amount}` : 'send what opened';
    case 'day':
      return `go to ${c.date}`;
    case 'slots':
      return `choose hours of "${c.slots.row}"`;
    default:
      return c.kind;
  }
}
