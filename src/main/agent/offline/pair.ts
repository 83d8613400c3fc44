import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { normText } from './refs.ts';

/**
 * "italian -> german", "from Portuguese into Italian", "중국어에서 영어로": a pair of values for the
 * page's two controls that offer them both — a list, a choice group or boxes to tick — the first
 * into the control that comes first on the page (the "from"), the second into the other. Only
 * when each value is an option of exactly one such control, and the two controls differ.
 */
const EN_PAIR = /^(?:(?:translate|convert)\s+)?(?:from\s+)?([\p{L} ()-]{2,30}?)\s*(?:->|→|=>|>|\bto\b|\binto\b)\s*([\p{L} ()-]{2,30})$/iu;
const KO_PAIR = /^([가-힣A-Za-z ]{1,20}?)\s*에서\s*([가-힣A-Za-z ]{1,20}?)\s*(?:으로|로)(?:\s*(?:번역|변환|바꿔)\S*)?$/;

interface Offer {
  /** page order of the control */
  at: number;
  control: string;
  clause: Clause;
}

function offers(value: string, model: PageModel): Offer[] {
  const v = normText(value).replace(/^(?:the|a)\s+/, '');
  const same = (label: string) => {
    const l = normText(label);
    return l === v || l.split(/\s*[(/]/)[0]?.trim() === v;
  };
  const out: Offer[] = [];
  model.fields.forEach((f, i) => {
    if (f.kind !== 'select' || f.disabled) return;
    const o = (f.options ?? []).find((x) => same(x.label));
    if (o) out.push({ at: i, control: `f${f.handle}`, clause: { kind: 'fill', ref: f.label || f.texts[0] || f.purpose, value: o.label } });
  });
  for (const g of model.groups) {
    const o = g.options.find((x) => same(x.label));
    if (!o) continue;
    const at = model.fields.findIndex((f) => f.handle === o.handle);
    const clause: Clause =
      g.kind === 'checkbox'
        ? { kind: 'check', ref: o.label, checked: true }
        : { kind: 'choose', option: o.label, ...(g.label ? { ref: g.label } : {}) };
    out.push({ at, control: `g${g.options[0]?.handle}`, clause });
  }
  return out;
}

export function pairClauses(piece: string, model: PageModel): Clause[] | undefined {
  const m = EN_PAIR.exec(piece.trim()) ?? KO_PAIR.exec(piece.trim());
  if (!m?.[1] || !m[2]) return undefined;
  const from = offers(m[1], model);
  const to = offers(m[2], model);
  // both values offered by the same two controls (a "from" list and a "to" list): the earlier is the "from"
  const controls = [...new Set([...from, ...to].map((o) => o.control))];
  if (controls.length !== 2 || !from.length || !to.length) return undefined;
  const order = [...new Set([...from, ...to].sort((a, b) => a.at - b.at).map((o) => o.control))];
  const first = from.find((o) => o.control === order[0]);
  const second = to.find((o) => o.control === order[1]);
  return first && second ? [first.clause, second.clause] : undefined;
}
