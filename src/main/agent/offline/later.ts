import { optionByMeaning } from '../../browser/meaning/options.ts';
import { PLACES } from '../nlu/places/table.ts';
import type { Field, PageModel } from '../page-model/types.ts';
import { parseMoney } from '../page-model/values.ts';
import type { Clause } from './clauses.ts';
import { countClauses } from './count-words.ts';
import { errandHead } from './errand-head.ts';
import { isRemark, mentionedControl, namedOptions } from './mention.ts';
import { asksOnly, namesOnlyErrand, partsOf } from './parts.ts';
import { peopleSaid } from './people-count.ts';
import { buttonClause } from './piece-button.ts';
import { optionClause } from './piece-target.ts';
import { readPiece } from './pieces.ts';
import { choiceByPrice } from './price-choice.ts';
import { coverage, normText, similarity } from './refs.ts';
import { bestOption } from './skills/suggest.ts';

/**
 * Pieces of a request the page in front of the errand has no place for yet ("12 Harbor Road"
 * on the first step of a wizard, "seat 3" before a bus is chosen, the guest's phone before the
 * room is picked). A person fills what fits and places the rest where it fits later: these are
 * read again on every new page or step, each by the first reading that finds it a place — a
 * field or option by its words or its value's shape, a button that shows it, a box to tick, an
 * amount, a reason.
 */
export interface Placed {
  clauses: Clause[];
  /** the pieces that found a place here */
  placed: string[];
  /** the pieces that did not */
  left: string[];
}

export function placePieces(pieces: string[], model: PageModel, allowed: (c: Clause) => boolean = () => true): Placed {
  const clauses: Clause[] = [];
  const placed: string[] = [];
  const left: string[] = [];
  // one field takes one piece: a second piece that reads into a field already given a value waits
  const taken = new Set<string>();
  let address: { kind: 'fill'; ref: string; value: string } | undefined;
  for (const piece of pieces) {
    const one = placeOne(piece, model);
    // (a value for a closed list that names none of its options is no place for it: "Sort by" ← "friday afternoon")
    const read = one?.every((c) => listTakes(c, model)) ? one.filter((c) => !(c.kind === 'fill' && taken.has(c.ref))) : undefined;
    // (an empty reading is a piece placed with nothing left to do: the option it names is chosen already)
    // (an option the piece names is chosen already: nothing to do, when nothing else the piece says is left out)
    const nothing = asksOnly(piece) || (!read?.length && namesOnlyErrand(piece, model));
    const chosenAlready = !read?.length && namedOptions(piece, model)?.length === 0 && namesOnlyErrand(accepted(piece), model);
    if (((read && read.length) || chosenAlready || nothing) && (read ?? []).every(allowed)) {
      for (const c of read ?? []) if (c.kind === 'fill') taken.add(c.ref);
      clauses.push(...(read ?? []));
      placed.push(piece);
      address = read?.length === 1 && read[0]?.kind === 'fill' && isAddressField(read[0].ref, model) ? read[0] : undefined;
      continue;
    }
    // "8 Birch Lane, Suwon" cut at its comma: a town said right after an address, with no field of its own, ends that address
    if (address && townish(piece)) {
      address.value = `${address.value}, ${piece.trim()}`;
      placed.push(piece);
      continue;
    }
    address = undefined;
    left.push(piece);
  }
  return { clauses, placed, left };
}

const someOf = (read: Clause[] | undefined) => (read?.length ? read : undefined);

function listTakes(c: Clause, model: PageModel): boolean {
  if (c.kind !== 'fill') return true;
  const list = model.fields.find((f) => f.kind === 'select' && (f.label || f.texts[0] || f.purpose) === c.ref);
  const options = list?.options ?? [];
  if (!options.length || /\d/.test(c.value)) return true;
  return (
    bestOption(
      options.map((o) => o.label),
      c.value,
    ) >= 0 || optionByMeaning(c.value, options) !== undefined
  );
}

/** "standard speed is fine", "the blue one works": the choice, without the words that accept it. */
const accepted = (piece: string) =>
  piece
    .trim()
    .replace(
      /\s+(?:is|are|would be|'?s)\s+(?:fine|ok|okay|good|great|perfect)(?:\s+(?:too|for me|for us))?$|\s+works(?:\s+(?:best|for me|for us))?$|(?:이면|면|으로|로)\s*(?:돼요|괜찮아요|좋아요)$/i,
      '',
    );

function placeOne(piece: string, model: PageModel, parts = true): Clause[] | undefined {
  const p = accepted(piece);
  if (!p) return undefined;
  const reason = /^(.*?)[,\s]*\b(?:because|since|as)\s+(.+)$/i.exec(p) ?? /^(.*?)\s*(.+?)\s*(?:때문에|해서|라서)$/.exec(p);
  if (reason?.[1] && reason[2]) {
    const head = placeOne(reason[1], model);
    const why = reasonClause(reason[2], model);
    if (head?.length && why) return [...head, why];
  }
  // "2 adults and one kid (she's 9)": a remark in brackets explains; the counts are the piece
  const bracket = /^(.*?)\s*[(（]([^)）]+)[)）]$/.exec(p);
  if (bracket?.[1] && bracket[2] && (isRemark(bracket[2]) || /^(?:she'?s|he'?s|they'?re|aged?|만?\s*\d+\s*살)/i.test(bracket[2]))) {
    const counts = countClauses(bracket[1]);
    if (counts) return counts;
  }
  // (the loose readings — an option, a button the words mention — place a piece only when no number
  // it says is left out: "Afternoon passes, 2 adults" is not placed by "Afternoon" alone)
  const whole = (read: Clause[] | undefined) => (read?.length && numbersLeft(p, read) ? undefined : read);
  return (
    readPiece(p, model) ??
    errandHead(p, model) ??
    (parts ? conjuncts(p, model) : undefined) ??
    choiceByPrice(p, model) ??
    amountClause(p, model) ??
    placeClause(p, model) ??
    tickClause(p, model) ??
    cityClause(p, model) ??
    whole(buttonClause(p, model)) ??
    // (an option named that is chosen already does not end the reading: the piece may say more)
    whole(someOf(namedOptions(p, model))) ??
    whole(mentionOf(p, model)) ??
    (parts ? partsOf(p, model, readPiece, (rest) => placeOne(rest, model, false)) : undefined) ??
    (reason?.[2] && !reason[1] ? (reasonClause(reason[2], model) ? [reasonClause(reason[2], model) as Clause] : undefined) : undefined)
  );
}

/**
 * "a large mug with the cheapest glaze and a gift box": things said one after another, each
 * placed on its own; all of them or none.
 */
function conjuncts(p: string, model: PageModel): Clause[] | undefined {
  const each = p.split(/\s+(?:and|with|plus)\s+|\s*[,;]\s*|\s+(?:하고|이랑|랑)\s+/i).filter((x) => /\p{L}{2}|\d/u.test(x));
  if (each.length < 2) return undefined;
  const read = each.map((x) => placeOne(x, model, true));
  return read.every((r) => r?.length) ? read.flatMap((r) => r ?? []) : undefined;
}

/** Whether the piece says a number (a count, an amount) that none of the clauses carries. */
function numbersLeft(piece: string, read: Clause[]): boolean {
  // (a day or a clock time is the errand's when, read apart: "the 10th from 7 to 9pm", "12월 4일 오후 3시")
  const bare = piece
    .replace(/\b\d{4}[-./]\d{1,2}[-./]\d{1,2}\b|\d{1,2}\s*월\s*\d{1,2}\s*일|\b\d{1,2}(?:st|nd|rd|th)\b/gi, ' ')
    .replace(
      /\b\d{1,2}(?::\d{2})?\s*(?:to|till|until|-|–)\s*\d{1,2}(?::\d{2})?\s*(?:am|pm)?|\b\d{1,2}(?::\d{2})?\s*(?:am|pm|o'clock)|\b\d{1,2}:\d{2}\b/gi,
      ' ',
    )
    .replace(/(?:오전|오후|저녁|아침|밤)?\s*\d{1,2}\s*시(?:\s*\d{1,2}\s*분|\s*반)?/g, ' ')
    .replace(
      /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*/gi,
      ' ',
    );
  const said = bare.match(/\d+(?:[.,]\d+)?/g) ?? [];
  const words =
    /\b(?:two|three|four|five|six|seven|eight|nine|ten)\b|(?:^|\s)(?:두|세|네|다섯|여섯)\s*(?:명|개|장|마리|대)/i.test(bare) ||
    bare.split(/\s+/).some((w) => peopleSaid(w) !== undefined);
  const carried = JSON.stringify(read);
  return said.some((n) => !carried.includes(n)) || (words && !read.some((c) => c.kind === 'count'));
}

const writable = (f: Field) => !f.disabled && !f.readonly && f.kind !== 'radio' && f.kind !== 'checkbox' && f.kind !== 'select';
const labelOf = (f: Field) => f.label || f.texts[0] || f.purpose;

/** "claiming 120 dollars", "금액 5만 원", "$45.50": a sum of money into the field for an amount. */
const MONEY =
  /(?:^|\s)(?:[$₩€£]\s*)?(\d[\d,]*(?:\.\d{1,2})?)\s*(?:dollars?|usd|us\$|won|krw|euros?|pounds?|원|달러|유로|만\s*원)?(?=\s|$)/i;
const MONEY_SAID = /[$₩€£]|dollars?|usd|won|krw|euros?|pounds?|원|달러|유로|\bclaim|\bamount|금액|청구|비용/i;
const AMOUNT_FIELD = /amount|sum|total|claim|cost|fee|price|refund|금액|청구|비용|액수|요금|환불/i;

function amountClause(p: string, model: PageModel): Clause[] | undefined {
  if (!MONEY_SAID.test(p)) return undefined;
  const m = MONEY.exec(p);
  if (!m?.[1]) return undefined;
  const value = /만\s*원/.test(m[0]) ? String(Number(m[1].replace(/,/g, '')) * 10000) : m[1].replace(/,/g, '');
  const f = model.fields.filter(writable).find((x) => AMOUNT_FIELD.test([x.label, ...x.texts].join(' ')));
  return f ? [{ kind: 'fill', ref: labelOf(f), value }] : undefined;
}

/** "because the flight was 6 hours late": the reason goes into the page's box for telling what happened. */
function reasonClause(why: string, model: PageModel): Clause | undefined {
  const free = model.fields.filter((f) => writable(f) && !f.value.trim());
  const f = free.find((x) => x.kind === 'textarea') ?? free.find((x) => x.purpose === 'message');
  if (!f) return undefined;
  const text = why.trim().replace(/^./, (c) => c.toUpperCase());
  return { kind: 'fill', ref: labelOf(f), value: /[.!?。]$/.test(text) ? text : `${text}.` };
}

/** "travel insurance for Vietnam", "일본으로": a place said after for / to / in, into the page's empty field for a country or destination. */
function placeClause(p: string, model: PageModel): Clause[] | undefined {
  const m = /\b(?:for|to|in)\s+(\p{Lu}[\p{L}'-]+)$/u.exec(p.trim()) ?? /^([가-힣]{2,})\s*(?:으로|로)$/.exec(p.trim());
  const place = m?.[1];
  if (!place) return undefined;
  const f = model.fields.filter(writable).find((x) => (x.purpose === 'country' || x.purpose === 'destination') && !x.value.trim());
  return f ? [{ kind: 'fill', ref: labelOf(f), value: place }] : undefined;
}

/** "add a child seat", "with travel insurance", "카시트 추가": a box to tick named by those words. */
function tickClause(p: string, model: PageModel): Clause[] | undefined {
  const m =
    /^(?:and\s+)?(?:add|with|include|plus|also)\s+(?:a|an|the|some)?\s*(.+)$/i.exec(p) ??
    /^(.+?)\s*(?:도|을|를)?\s*(?:추가|포함|넣어)/.exec(p);
  const what = m?.[1]?.trim();
  if (!what) return undefined;
  const boxes = model.fields.filter((f) => f.kind === 'checkbox' && !f.disabled);
  const best = boxes
    .map((f) => ({ f, s: Math.max(similarity(what, [f.label, ...f.texts]), coverage(what, [f.label, ...f.texts])) }))
    .filter((x) => x.s >= 0.6)
    .sort((a, b) => b.s - a.s)[0];
  if (best) return [{ kind: 'check', ref: labelOf(best.f), checked: true }];
  const option = optionClause(what, model);
  return option ? [option] : undefined;
}

const knownPlace = (p: string) => {
  const w = normText(p);
  return PLACES.some((x) => x.ko.includes(w) || x.en.includes(w));
};
/** A town's name said alone: a known place, one or two capitalised words, or a Korean district name. */
const townish = (p: string) =>
  knownPlace(p) || /^\p{Lu}[\p{Ll}'-]+(?:[\s-]\p{Lu}?[\p{Ll}'-]+)?$/u.test(p.trim()) || /^[가-힣]+(?:시|군|구|동|읍|면|도)$/.test(p.trim());
const isAddressField = (label: string, model: PageModel) => model.fields.some((f) => labelOf(f) === label && f.purpose === 'address');

/** A town said alone ("Busan", "부산") into the page's field for a town or city. */
function cityClause(p: string, model: PageModel): Clause[] | undefined {
  if (!townish(p)) return undefined;
  const f = model.fields.filter(writable).find((x) => x.purpose === 'city' && !x.value.trim());
  return f ? [{ kind: 'fill', ref: labelOf(f), value: p.trim() }] : undefined;
}

function mentionOf(p: string, model: PageModel): Clause[] | undefined {
  const c = mentionedControl(p, model);
  return c ? [c] : undefined;
}

/**
 * Words a piece holds beside what the page read from it ("file a delayed-flight claim" beside
 * the name in "file a delayed-flight claim for Alex Moreno"): an option a later step may show.
 * Never asked about: the errand's own noun often has no option at all.
 */
export function looseOption(words: string, model: PageModel): Clause | undefined {
  const w = normText(words.replace(/-/g, ' '))
    .split(' ')
    .filter((x) => x.length >= 3 && !/^(?:file|make|send|submit|claim|request|order|book|the|and|for|with)$/.test(x));
  if (!w.length) return undefined;
  const options = [
    ...model.groups.flatMap((g) =>
      g.options.map((o) => ({
        label: o.label,
        clause: { kind: 'choose', option: o.label, ...(g.label ? { ref: g.label } : {}) } as Clause,
      })),
    ),
  ];
  const scored = options.map((o) => ({ ...o, s: coverage(w.join(' '), [o.label]) })).sort((a, b) => b.s - a.s);
  const [best, second] = scored;
  return best && best.s >= 0.99 && (!second || second.s < best.s) ? best.clause : undefined;
}

/** One question naming the pieces no page of the errand had a place for. */
export function unplacedQuestion(pieces: string[], sending: boolean) {
  const list = pieces.map((p) => `"${p}"`).join(', ');
  return {
    type: 'ask' as const,
    why: `no place found for: ${pieces.join(' / ')}`,
    question: {
      ko: `${sending ? '보내기 전에 여쭤볼게요. ' : ''}이 부분을 넣을 곳을 페이지에서 찾지 못했어요: ${list}. 어느 칸이나 버튼인지 알려 주세요.`,
      en: `${sending ? 'Before I send it: ' : ''}I found no place on the page for ${list}. Which field or button is it?`,
    },
  };
}
