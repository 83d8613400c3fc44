import { EN_NUMBERS, smallNumber } from '../../language/numbers.ts';
import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { phraseSynonyms, translated } from './glossary.ts';
import { contentWords, namedOptions, same } from './mention.ts';
import { peopleCount, peopleSaid } from './people-count.ts';
import { personNameIn } from './person-name.ts';
import { bareName } from './piece-name.ts';
import { EMAIL, PHONE } from './piece-shapes.ts';
import { normText } from './refs.ts';

/**
 * A piece no reading places whole, read as the sum of its parts: a choice, a count of people, a
 * name and a phone number said in one breath ("B코스로 셋이서 예약할게요 김가온 010-…", "the X one
 * for 2 please, Jo Lee jo@…"). What a value's shape says is cut out and read on its own — an
 * e-mail, a phone number and the name said right before it, a count of people — and every word
 * left must then be accounted for: a word of an option the rest names, a word of what the page
 * is about (its title and headings: the errand's own noun), or a word that only asks. One word
 * left that names nothing here keeps the whole piece unplaced — it is asked about, never dropped.
 */
export type ReadPart = (part: string, model: PageModel) => Clause[] | undefined;

/** Words that only ask for the errand or say the person wants it, in either language. */
const ASKING = new Set(
  (
    'book booking reserve reservation appointment request order please pls plz want wanna need would like get could can ' +
    'sign up enrol enroll apply thanks cheers come someone somebody anyone visit round over bring ready ' +
    '예약 신청 예매 상담 문의 접수 주문 부탁 부탁드려 부탁드려요 부탁드립니다 부탁해요 부탁합니다 원해 원합니다 싶어 싶어요 받고 받으려 받으려고 받을 잡아 잡아줘 잡아주세요 해줘 해주세요 할게요 드려요'
  ).split(' '),
);

/** A piece whose every word only asks ("can someone come round", "예약 부탁드려요"): placed with nothing to do. */
export function asksOnly(piece: string): boolean {
  const words = contentWords(piece);
  return words.length > 0 && words.every((w) => ASKING.has(w));
}

interface Cut {
  text: string;
  clauses: Clause[];
}

/** The value spans of a piece (e-mail, phone with the name before it, count of people), each read, and the words left. */
function cutValues(piece: string, model: PageModel, read: ReadPart): { cuts: Cut[]; rest: string } | undefined {
  let rest = ` ${piece.trim()} `;
  const cuts: Cut[] = [];
  for (const shape of [EMAIL, PHONE]) {
    const m = shape.exec(rest);
    if (!m) continue;
    const before = rest.slice(0, m.index).trim().split(/\s+/).filter(Boolean);
    // a name said right before the value ("김가온 010-…", "Jo Lee jo@…"): read with it
    let span = m[0];
    for (const n of [3, 2, 1]) {
      const words = before
        .slice(-n)
        .join(' ')
        .replace(/[,/]+$/, '');
      if (before.length >= n && (personNameIn(words) ?? bareName(words, model))) {
        span = `${before.slice(-n).join(' ')} ${m[0]}`;
        break;
      }
    }
    const clauses = read(span, model) ?? read(m[0], model);
    if (!clauses?.length) return undefined;
    cuts.push({ text: span, clauses });
    rest = rest.replace(span, ' ');
  }
  // a count of people said with no kind ("5명", "세 명이서", "for 2", "6 ppl")
  const words = rest.trim().split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    for (const n of [3, 2, 1]) {
      const span = words.slice(i, i + n).join(' ');
      if (i + n > words.length || peopleSaid(span) === undefined) continue;
      const clauses = peopleCount(span, model);
      if (!clauses) return undefined;
      cuts.push({ text: span, clauses });
      rest = rest.replace(span, ' ');
      i += n - 1;
      break;
    }
  }
  // a thing with how many of it ("머그컵 2개", "menus x 40 copies"): the thing's choice and its count
  const thing = /(?:^|\s)(\S+\s*(?:\d{1,3}|한|두|세|네|다섯)\s*(?:개|벌|장|대|권|병|켤레|세트)(?:씩)?)(?=\s|$)/.exec(rest);
  const counted = thing?.[1] ? read(thing[1], model) : undefined;
  if (thing?.[1] && counted?.some((c) => c.kind === 'count')) {
    cuts.push({ text: thing[1], clauses: counted });
    rest = rest.replace(thing[1], ' ');
  }
  // a number or a code that is how one choice begins ("500" → "500 · $38", "ten" → "10 sheets", "A3" → "A3 · £33"): that choice
  for (const w of rest.trim().split(/\s+/).filter(Boolean)) {
    const n = /^\d+$/.test(w) || EN_NUMBERS[w.toLowerCase()] ? smallNumber(w) : undefined;
    const code = n === undefined && /^(?=.*\d)(?=.*\p{L})[\p{L}\d]{2,5}$/u.test(w) ? w : undefined;
    const choice = (n !== undefined && n > 1) || code ? numberedChoice(code ?? String(n), model) : undefined;
    if (!choice) continue;
    cuts.push({ text: w, clauses: [choice] });
    rest = rest.replace(new RegExp(`(?<=\\s)${w}(?=\\s)`), ' ');
  }
  return { cuts, rest: rest.replace(/\s+/g, ' ').trim() };
}

/** The one choice (a radio, a button that shows it is chosen) whose words begin with the number or the code. */
function numberedChoice(said: string, model: PageModel): Clause | undefined {
  const first = (label: string) => normText(label).split(' ')[0]?.replace(/,/g, '') ?? '';
  const leads = (label: string) => first(label) === normText(said);
  const fits: Clause[] = [
    ...model.groups.flatMap((g) =>
      g.kind === 'radio'
        ? g.options
            .filter((o) => leads(o.label))
            .map((o): Clause => ({ kind: 'choose', option: o.label, ...(g.label ? { ref: g.label } : {}) }))
        : [],
    ),
    ...model.buttons.filter((b) => b.choice && !b.disabled && leads(b.text)).map((b): Clause => ({ kind: 'choose', option: b.text })),
  ];
  // (the same choice drawn twice — a radio and its card — is one)
  const labels = new Set(fits.map((c) => (c.kind === 'choose' ? normText(c.option).split(' ')[0] : '')));
  return labels.size === 1 ? fits[0] : undefined;
}

/** The words a clause puts on the page, for telling which words of the piece it used. */
const clauseWords = (c: Clause): string =>
  normText(c.kind === 'fill' ? c.value : c.kind === 'choose' ? c.option : c.kind === 'click' ? c.ref : '');

function accounted(word: string, used: string, about: string): boolean {
  const w = normText(word);
  if (!w || ASKING.has(w)) return true;
  const forms = [w, ...translated(w).map(normText)];
  const words = `${used} ${about}`.split(' ').filter((x) => x.length >= 2);
  // ("문자상담" is the option "문자" said with the errand's word after it)
  return forms.some((f) => f.length >= 2 && (used.includes(f) || about.includes(f) || words.some((x) => same(f, x))));
}

/** The words of every choice the page shows chosen now, and of the group each is chosen in. */
export function chosenLabels(model: PageModel): string {
  return [
    // (with what the choice is called: "standard speed" when "Standard" is the speed chosen)
    ...model.groups.flatMap((g) => g.options.filter((o) => o.checked).map((o) => `${g.label} ${o.label}`)),
    ...model.buttons.filter((b) => b.choice && b.selected).map((b) => b.text),
    ...model.fields.flatMap((f) => (f.options ?? []).filter((o) => o.selected).map((o) => o.label)),
  ].join(' ');
}

/**
 * What the page is about: its title and headings, the names of places already given a value
 * ("Ready on" once it shows the day), and the choices made already, in their other words too
 * ("갈게요" says "직접 방문" when that is chosen).
 */
function aboutWords(model: PageModel): string {
  const filled = model.fields.filter((f) => f.value.trim() && f.kind !== 'checkbox' && f.kind !== 'radio').map((f) => f.label);
  const chosen = chosenLabels(model);
  return normText([model.title, ...model.headings, ...filled, chosen, ...phraseSynonyms(chosen)].join(' '));
}

/** A piece that only names the errand and asks for it ("상담 예약 잡아주세요", "ready to pick up"), or a choice made already: placed with nothing to do. */
export function namesOnlyErrand(piece: string, model: PageModel): boolean {
  const words = contentWords(piece).filter((w) => !/\d/.test(w));
  const about = aboutWords(model);
  // (whole words only: "oak" is not said by a title "Oakwood")
  // (both sides read the same way: "speed" and "speeds" are one word)
  const aboutList = [...about.split(' '), ...contentWords(about)].filter((x) => x.length >= 2);
  const whole = (w: string) => {
    const f = normText(w);
    return ASKING.has(f) || [f, ...translated(f).map(normText)].some((x) => aboutList.some((y) => y === x || same(x, y)));
  };
  return words.length > 0 && !/\d/.test(piece) && words.every(whole);
}

/** `read` reads a value's span; `readRest` the words left, by the readings of a whole piece. */
export function partsOf(
  piece: string,
  model: PageModel,
  read: ReadPart,
  readRest: (rest: string) => Clause[] | undefined,
): Clause[] | undefined {
  if (piece.trim().split(/\s+/).length < 2) return undefined;
  const cut = cutValues(piece, model, read);
  if (!cut) return undefined;
  const { cuts, rest } = cut;
  // (and the names of places already given a value: "ready to pick up" once "Ready on" shows the day)
  const about = aboutWords(model);
  const words = contentWords(rest).filter((w) => !/\d/.test(w));
  // a number left that no value took is a detail of its own: not dropped here
  if (/\d/.test(rest.replace(/\d{1,2}\s*(?:시|:\d{2}|am|pm)/gi, ''))) return undefined;
  // (read without the words that only ask or carry nothing: "B코스로 예약할게요" is the choice "B코스")
  const asked = rest
    .split(' ')
    .filter((t) => {
      const own = contentWords(t);
      return own.length > 0 && !own.every((w) => ASKING.has(w));
    })
    .join(' ');
  const chosen = words.some((w) => !accounted(w, '', about)) ? (readRest(asked) ?? namedOptions(asked, model)) : [];
  if (chosen === undefined) return undefined;
  const used = chosen.map(clauseWords).join(' ');
  const usedAlso = normText([used, ...phraseSynonyms(used)].join(' '));
  if (!words.every((w) => accounted(w, usedAlso, about))) return undefined;
  // in the order said: a choice first may change what the page asks next (a tab, a kind of booking)
  const restAt = piece.indexOf(asked.split(' ')[0] ?? '');
  const ordered = [...cuts.map((c) => ({ at: piece.indexOf(c.text), clauses: c.clauses })), { at: restAt, clauses: chosen }]
    .sort((a, b) => a.at - b.at)
    .flatMap((x) => x.clauses);
  // (something was taken apart: a value cut out, or words that only ask left aside)
  return ordered.length && (cuts.length || asked !== rest) ? ordered : undefined;
}
