import { smallNumber } from '../../language/numbers.ts';
import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { EN_ASK_LEAD, KO_ASK } from './errand-verbs.ts';
import { optionClause } from './piece-target.ts';
import { readPiece } from './pieces.ts';
import { coverage } from './refs.ts';

/** A request's errand verb and what it is for: "order two medium cheese pizzas", "페퍼로니 라지 하나 주문해줘". */
const EN_HEAD = new RegExp(
  `^${EN_ASK_LEAD}(?:order|buy|rent|hire|book|reserve|schedule|apply(?:\\s+(?:to|for))?|sign\\s+up(?:\\s+for)?|register(?:\\s+for)?|make\\s+an?\\s+(?:appointment|booking|reservation)(?:\\s+for)?)\\b\\s*(.*)$`,
  'i',
);
const KO_HEAD = new RegExp(`^(.*?)\\s*(?:을|를|으로|로)?\\s*(?:예약|신청|접수|등록|예매|주문|구매|가입)${KO_ASK}$`);
/** Words that only join the others ("with extra", "a", "으로"). */
const FILLER = /^(?:a|an|the|with|extra|and|of|some|please|좀|으로|로|추가)$/i;
const COUNTED = /^(.+?)(?:개|판|잔|장|명|인분)$/;

/**
 * A piece that is the errand itself ("order two medium cheese pizzas with extra olives to 152
 * Teheran-ro", "표준 플랜으로 가입해줘"): what it is for is read word by word against the page's
 * options (a menu item, a size, a topping, a plan), a count into the quantity field, and a place
 * after "to" as an address. Undefined when it is not an errand's words, or when more than the
 * thing's own noun ("pizzas") is left unread — then the person is asked.
 */
export function errandHead(piece: string, model: PageModel): Clause[] | undefined {
  const m = EN_HEAD.exec(piece.trim()) ?? KO_HEAD.exec(piece.trim());
  if (!m) return undefined;
  let object = (m[1] ?? '').trim();
  if (!object) return [];
  const whole = readPiece(object, model);
  if (whole?.length) return whole;
  const out: Clause[] = [];
  // "… to 152 Teheran-ro": where it goes
  const to = /\s+to\s+(.+)$/i.exec(object);
  if (to) {
    const place = readPiece(to[1] ?? '', model);
    if (!place?.length) return undefined;
    out.push(...place);
    object = object.slice(0, to.index);
  }
  const words = object.split(/\s+/).filter(Boolean);
  // the page's own words for what it is about ("여행자보험", "플랜" on a page of insurance plans) only name the errand
  const about = [model.title, ...model.headings, ...model.groups.map((g) => g.label), ...model.fields.map((f) => f.label)];
  const named = (w: string) => coverage(w.replace(/(?:으로|로|을|를|은|는)$/, ''), about) >= 1;
  // one word no option is, said where the page asks for a country or a destination, is that place ("일본 여행자보험")
  const placeField = model.fields.find(
    (f) => (f.purpose === 'country' || f.purpose === 'destination') && f.kind !== 'select' && !f.disabled && !f.readonly && !f.value.trim(),
  );
  let placed = false;
  let unread = 0;
  for (let i = 0; i < words.length; ) {
    const w = words[i] as string;
    const n = smallNumber(COUNTED.exec(w)?.[1] ?? w);
    if (n !== undefined && !/^(?:a|an)$/i.test(w)) {
      const qty = model.fields.find((f) => f.purpose === 'quantity' && !f.disabled && !f.readonly);
      if (qty) out.push({ kind: 'fill', ref: qty.label, value: String(n) });
      else if (n !== 1) unread++;
      i++;
      continue;
    }
    const two = i + 1 < words.length ? optionClause(`${w} ${words[i + 1]}`, model) : undefined;
    if (two) {
      out.push(two);
      i += 2;
      continue;
    }
    const one = optionClause(w, model);
    if (one) out.push(one);
    else if (placeField && !placed && i === 0 && /^(?:[가-힣]{2,}|\p{Lu}[\p{L}'-]+)$/u.test(w)) {
      out.push({ kind: 'fill', ref: placeField.label, value: w });
      placed = true;
    } else if (!FILLER.test(w) && !named(w)) unread++;
    i++;
  }
  return out.length && unread <= 1 ? out : undefined;
}
