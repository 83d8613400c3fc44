import { smallNumber } from '../../language/numbers.ts';
import { purposeOfWords } from '../page-model/purpose.ts';
import type { PageModel } from '../page-model/types.ts';
import type { Clause } from './clauses.ts';
import { countClauses } from './count-words.ts';
import { countedOnPage, ONE_TO_GO } from './counted.ts';
import { sameMeaning } from './glossary.ts';
import { jointOption } from './joint-option.ts';
import { measureClause } from './measure.ts';
import { mentionedControl, namedOptions } from './mention.ts';
import { pairClauses } from './pair.ts';
import { peopleCount, peopleSaid } from './people-count.ts';
import { givenOr, nameClauses, shownOnPage } from './piece-name.ts';
import { DATE, EMAIL, PHONE, PLATE_AND_MORE, UNIT, UNIT_BOX } from './piece-shapes.ts';
import { fillOf, optionClause, targetOf } from './piece-target.ts';
import { singularWord } from './refs.ts';
import { typedClauses } from './typed-piece.ts';

/**
 * A piece of a request no verb rule read ("이름 이하나", "phone 010-2222-3333", "born
 * 1988-02-03", "for Jamie Park", "내과", "1월 6일 오전"), read against the page: a head word that
 * names a field — by the page's words, by the purpose the person's word means (Autofill's
 * families), in either language — and the value after it; a value whose shape says its purpose
 * (an e-mail, a phone number, a date); or words that are an option of a list or a choice group.
 */

const LEAD = /^\s*(?:(?:은|는|이|가)\s+|[:=]\s*|(?:is|to|as|on)\s+)?/i;
const TAIL = /\s*(?:으로|로|이요|요|입니다|이에요|예요)$/;

/** a value, then words that only name the errand and ask for it ("… 반품 신청해줘", "… 예약할게요") */
const ERRAND_AFTER =
  /^(.*?\d[\d-]*[가-힣]{0,2}?)\s*(?:으로|로)?\s+(?:[가-힣]+\s+){0,2}(?:신청|예약|주문|접수|등록|가입|요청|예매|변경)\s*(?:해|하고|할게요?|할래|해줘|해 ?주세요|해주라|합니다|하기|넣어\s*(?:줘|주세요)|잡아\s*(?:줘|주세요))?\s*(?:줘|주세요|요)?$/;

/** A verb phrase after an object ("…를 보내려고 하는데요", "…을 가져갈게요"): what the person will do with it. */
const VERB_TAIL = /\s*(?:을|를)\s+[가-힣]+(?:려고(?:\s*(?:해요|하는데요?|합니다|요))?|을게요?|할게요?|는데요?)$/;
/** One thing and its count ("우산 두 개", "모자 하나", "2 large bags", "a garment bag"). */
const COUNTED_THING =
  /^(?:[가-힣a-z][\w가-힣 -]*?\s+(?:\d{1,3}|하나|한|둘|두|셋|세|넷|네|다섯|여섯|일곱|여덟|아홉|열)\s*(?:개|대|명|장|마리|벌|박스|상자)?|(?:\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten)\s+[a-z][\w -]*)$/i;

/** A piece that starts with a verb asks for something; its first words name no field. */
const VERB_HEAD =
  /^(?:add|remove|set|put|make|give|get|take|book|order|buy|rent|hire|borrow|lease|need|start|show|open|close|turn|switch|change|select|choose|pick|click|press|tap|use|keep|include|drop|skip)\b/i;

/** Words for the person or the thing talked about: no field's name. */
const PRONOUN = /^(?:i|i'm|we|we're|me|my|our|you|it|it's|they|he|she|this|that|these|those|them)$/i;

/** An English head word in the singular ("deliveries" → "delivery", "slots" → "slot"). */
const singular = (head: string) =>
  head
    .split(' ')
    .map((w, i, all) => (i === all.length - 1 ? singularWord(w) : w))
    .join(' ');

/** A head before a colon that only asks for the errand ("quote pls", "예약 부탁"): no field's name. */
export const ASK_HEAD =
  /^(?=\S)(?:quote|request|order|booking|appointment|견적|예약|주문|신청|문의)?\s*(?:pls|plz|please|부탁(?:해요|드려요)?)?$/i;

/** The clauses one piece of a request stands for on this page, or undefined when it reads as nothing here. */
export function readPiece(piece: string, model: PageModel): Clause[] | undefined {
  // a verb stem left by the clause cut ("이메일 … 넣", "… 입력") is not part of the value
  const p = piece
    .trim()
    .replace(/[.!?。]+$/, '')
    .replace(/\s+(?:넣|넣어|입력|입력하|입력해|쓰|써|적|적어|기입|채우|채워)$/, '');
  if (!p) return undefined;
  // "우산 하나랑 모자 두 개를 맡기려고 하는데요": what the person does with them says no value
  const bare = p.replace(VERB_TAIL, '');
  if (bare !== p && bare) return readPiece(bare, model);
  // "우산 하나랑 모자 두 개", "two large bags and a garment bag": each thing with its count, read on its own
  const counted = p.split(/\s*(?:이랑|랑|하고|와|과|,)\s+|\s+and\s+/);
  if (counted.length >= 2 && counted.every((x) => COUNTED_THING.test(x))) {
    const each = counted.map((x) => readPiece(x, model));
    if (each.every((x) => x?.length)) return each.flatMap((x) => x ?? []);
  }
  // "spanish -> english": the page's "from" and "to" controls
  const pair = pairClauses(p, model);
  if (pair) return pair;
  // "X랑 Y 같이 하는 걸로": the one option that holds both
  const joint = jointOption(p, model);
  if (joint) return joint;
  // "X만 어른 3명": a choice said before the counts, each read on its own
  const before = choiceThenCounts(p, model) ?? choiceThenMeasure(p, model) ?? choiceThenQuantity(p, model);
  if (before) return before;
  // "어른 둘 애 하나", "2 adults and a child": counts of kinds of people, each for its counter or box
  const people = countClauses(p) ?? peopleCount(p, model);
  if (people) return people;
  // "20 medium + 10 large boxes", "for 3 weeks": counts for the page's own counters and number boxes
  const counts =
    /\d|\b(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten)\s/i.test(p) || ONE_TO_GO.test(p) ? countedOnPage(p, model) : undefined;
  if (counts) return counts;
  // "90분", "3 nights": a length for the one place whose words name its unit
  const measure = measureClause(p, model);
  if (measure) return measure;
  // "주문번호 58213 반품 신청해줘": a value with the errand said after it — the errand sends, the value is the number
  const errand = ERRAND_AFTER.exec(p);
  // (the words between the value and the errand only name it: a count or a choice among them is not dropped)
  const between = errand?.[1] ? p.slice(errand[1].length).replace(/(?:신청|예약|주문|접수|등록|가입|요청|예매|변경)[\s\S]*$/, '') : '';
  const kept = between.split(/\s+/).some((w) => peopleSaid(w) !== undefined || (w.length >= 2 && shownOnPage(w, model)));
  if (errand?.[1] && /\d/.test(errand[1]) && !kept) return readPiece(errand[1], model);
  // "1502호", "Apt 4B": the flat or suite, into the box for the rest of the address
  if (UNIT.test(p)) {
    const box = model.fields.find((f) => !f.disabled && f.kind === 'text' && UNIT_BOX.test([f.label, ...f.texts].join(' ')));
    if (box) return [fillOf(box, p)];
  }
  // a piece that holds an address or a number says where it goes by its shape first
  if (EMAIL.test(p) || (PHONE.test(p) && !DATE.test(p))) {
    const typed = typedClauses(p, model, readPiece);
    if (typed) return typed;
  }
  // "X: Y", "X은 Y", "X Y" — a head of up to three words, then the value
  const colon = /^([^:：=]{1,30}?)\s*[:：=]\s*(.+)$/.exec(p);
  // ("quote pls: …", "예약 부탁: …": a head that only asks for the errand; what follows is read alone)
  if (colon?.[2] && ASK_HEAD.test(colon[1]?.trim() ?? '')) return readPiece(colon[2], model);
  const heads: Array<[string, string]> = colon ? [[colon[1] as string, colon[2] as string]] : [];
  const words = p.split(/\s+/);
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const head = words.slice(0, n).join(' ');
    const topic = /^(.+?)(?:은|는)$/.exec(head);
    heads.push([topic ? (topic[1] as string) : head, words.slice(n).join(' ')]);
  }
  for (const [head, raw] of heads) {
    const value = raw
      .replace(LEAD, '')
      .replace(TAIL, '')
      .replace(/^["'“‘](.*)["'”’]$/, '$1')
      .trim();
    // a head is words for a field, never a value ("이메일 a@b.c" is not a head), nor a verb ("add" is no "address")
    // (nor a person: "I need them by Friday" says who, not which field)
    if (!value || /\d|@/.test(head) || VERB_HEAD.test(head) || PRONOUN.test(head)) continue;
    // a purpose is read from a short head only: a long one is more likely a value with a field word in it
    // ("deliveries on saturdays": a plural head names the field its singular does)
    const byPurpose = head.split(/\s+/).length <= 2 && !/["'“‘]/.test(head);
    const one = singular(head);
    const t = targetOf(head, model, byPurpose) ?? (one !== head ? targetOf(one, model, byPurpose) : undefined);
    if (!t) continue;
    // "name Dana Reyes": a capitalised word that ends the head starts the value when the head without it names the same
    const shorter = head.split(/\s+/).slice(0, -1).join(' ');
    if (shorter && /^\p{Lu}/u.test(head.split(/\s+/).at(-1) ?? '')) {
      const s = targetOf(shorter, model, true);
      if (s && s.field === t.field && s.group === t.group) continue;
    }
    if (t.group) return [{ kind: 'choose', option: sameMeaning(value), ref: t.group.label }];
    if (t.field) {
      const names = ['full_name', 'given_name', 'family_name'];
      // "이름 Minji" on a page with first and last name: one word is the given name; two are split
      if (names.includes(t.field.purpose) && purposeOfWords(head) === 'full_name')
        return /\s/.test(value) || t.field.purpose === 'full_name' ? nameClauses(value, model) : [fillOf(givenOr(t.field, model), value)];
      // "차량번호 12가3456 아반떼": a code-shaped value (a car's plate) then another detail — read apart, or asked
      const coded = PLATE_AND_MORE.exec(value);
      if (coded?.[1] && coded[2]) {
        const more = readPiece(coded[2], model) ?? namedOptions(coded[2], model);
        return more?.length ? [fillOf(t.field, coded[1]), ...more] : undefined;
      }
      return [fillOf(t.field, value)];
    }
  }
  const typed = typedClauses(p, model, readPiece);
  if (typed) return typed;
  const option = optionClause(p.replace(TAIL, ''), model);
  return option ? [option] : undefined;
}

/** "도자기만 어른 3명", "the morning tour for 2 adults": words the page reads as a choice, then counts of people. */
function choiceThenCounts(p: string, model: PageModel): Clause[] | undefined {
  const words = p.split(/\s+/);
  for (let k = 1; k < words.length; k++) {
    const counts = countClauses(
      words
        .slice(k)
        .join(' ')
        .replace(/^(?:for|with)\s+/i, ''),
    );
    if (!counts) continue;
    const head = words
      .slice(0, k)
      .join(' ')
      .replace(/(?<=[가-힣])만$/, '');
    // (only a choice among options: "어른 둘" before "애 하나" is a count, not an option)
    const chosen = namedOptions(head, model);
    return chosen?.length && chosen.every((c) => c.kind === 'choose' || c.kind === 'click') ? [...chosen, ...counts] : undefined;
  }
  return undefined;
}

/** How many of a thing: a number with the counter word Korean uses for things, or "pcs", "copies". */
const QUANTITY =
  /^(.+?)\s*(\d{1,3}|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열)\s*(?:개|벌|장|대|권|병|켤레|세트|부)(?:씩|만|요)?$|^(.+?)\s+[x×]?\s*(\d{1,3})\s*(?:pcs?|pieces?|copies|sets?)$/i;
/** The page's one place for how many of the thing: a counter or box called so, or its only counter. */
const HOW_MANY = /qty|quantity|how many|count|number of|수량|개수|매수|몇\s*개/i;

/** "머그컵 2개", "menus x 40 copies": a choice, then how many of it for the page's one place for how many. */
function choiceThenQuantity(p: string, model: PageModel): Clause[] | undefined {
  const m = QUANTITY.exec(p.trim());
  const head = m?.[1] ?? m?.[3];
  const raw = m?.[2] ?? m?.[4];
  if (!head || !raw) return undefined;
  const n = /^\d+$/.test(raw) ? Number(raw) : smallNumber(raw);
  const one = optionClause(head, model) ?? mentionedControl(head, model);
  const option = namedOptions(head, model) ?? (one ? [one] : undefined);
  if (!n || !option?.length || !option.every((c) => c.kind === 'choose' || c.kind === 'click' || c.kind === 'fill')) return undefined;
  const steppers = model.steppers.filter((s) => s.inc || s.dec);
  const stepper = steppers.find((s) => HOW_MANY.test(s.label)) ?? (steppers.length === 1 ? steppers[0] : undefined);
  if (stepper?.label) return [...option, { kind: 'count', ref: stepper.label, n }];
  const box = model.fields.find((f) => !f.disabled && (f.kind === 'number' || f.kind === 'select') && HOW_MANY.test(f.label));
  return box ? [...option, fillOf(box, String(n))] : undefined;
}

/** "shorten the sleeves 2.5cm", "소매 줄임 3cm로": a choice, then a measure for the box its unit names. */
function choiceThenMeasure(p: string, model: PageModel): Clause[] | undefined {
  const m = /^(.+?)\s+(\d{1,4}(?:\.\d+)?)\s*(cm|mm|m|in|inch(?:es)?|kg|g|lbs?|센티|센치|미리|키로|cm로|mm로)\b(.*)$/i.exec(p);
  if (!m?.[1] || !m[2] || !m[3]) return undefined;
  const chosen = namedOptions(m[1], model);
  if (!chosen?.length || !chosen.every((c) => c.kind === 'choose' || c.kind === 'click')) return undefined;
  const unit = m[3].replace(/로$/, '').toLowerCase();
  const words = unit === 'cm' || unit === '센티' || unit === '센치' ? 'centimetres|centimeters|cm|센티' : unit;
  const box = model.fields.find(
    (f) =>
      !f.disabled &&
      ['number', 'range', 'text'].includes(f.kind) &&
      new RegExp(`(?:^|[^a-z])(?:${words})(?:[^a-z]|$)`, 'i').test([f.label, ...f.texts].join(' ')),
  );
  return box ? [...chosen, fillOf(box, m[2])] : undefined;
}
